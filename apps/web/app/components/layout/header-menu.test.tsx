import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { settle } from '../../test/dom';

/**
 * The menu before its code is here (decision 0021): the server's stand-in button is what a visitor
 * presses in the first moments, and that press must not be lost. A fresh module graph, so that the
 * code the other tests preload is not here yet.
 */
async function freshMenu() {
  vi.resetModules();
  const [{ HeaderMenu }, { renderInApp }] = await Promise.all([import('./header-menu'), import('../../test/render')]);
  const menu = <HeaderMenu introUrl={null} onOpenCustomerCentre={() => {}} onRegister={() => {}} />;
  renderInApp(menu, { user: null, path: '/' });
}

describe('the header menu before its code arrives', () => {
  it('a press on the stand-in opens the menu as soon as the code is here, and it stays open', async () => {
    await freshMenu();
    const standIn = screen.getByRole('button', { name: '메뉴' });
    expect(standIn.hasAttribute('data-state')).toBe(false);
    act(() => {
      fireEvent.pointerDown(standIn, { button: 0, pointerType: 'mouse' });
    });
    expect(standIn.getAttribute('aria-expanded')).toBe('true');
    await settle(20);
    const real = screen.getByRole('button', { name: '메뉴' });
    expect(real.getAttribute('data-state')).toBe('open');
    expect(screen.getByRole('menuitem', { name: '고객센터' })).toBeTruthy();
  });

  it('the stand-in’s focus passes to the real button', async () => {
    await freshMenu();
    act(() => screen.getByRole('button', { name: '메뉴' }).focus());
    await settle(20);
    const real = screen.getByRole('button', { name: '메뉴' });
    expect(real.getAttribute('data-state')).toBe('closed');
    expect(document.activeElement).toBe(real);
    expect(screen.queryByRole('menu')).toBeNull();
  });
});

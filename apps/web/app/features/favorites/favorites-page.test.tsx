import { type StockSummary, communityMessages as t, tradeMessages } from '@beesang/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { click, key, settle } from '../../test/dom';
import { fakeApi, json, ok } from '../../test/fake-api';
import { REGULAR_MEMBER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { FAVORITE_ORDER_PATH, FAVORITES_PATH } from './favorites-api';
import { FavoritesPage } from './favorites-page';

function stock(companyIdx: number, companyName: string): StockSummary {
  return {
    companyIdx,
    companyName,
    companyLogoUrl: '',
    beesangCode: String(900000 + companyIdx),
    companyStockCurrentPrice: 12_300,
    stockPriceGap: '1200',
    stockPriceRateGap: '10.81',
    marketCapitalization: 123_400_000_000,
    stockLabelType: ['KOTC'],
    sector: 'BIO',
    viewCount: 0,
    tradeCount: 0,
    updatedAt: '2026-11-20T05:00:00.000Z',
  } as StockSummary;
}

const ITEMS = [stock(1, '비상테크'), stock(2, '별빛소재'), stock(3, '한빛바이오')];
const SAVE = `POST ${FAVORITE_ORDER_PATH}`;

async function renderPage(initial: StockSummary[] | null = ITEMS) {
  renderInApp(<FavoritesPage initial={initial} memberIdx={REGULAR_MEMBER.userIdx} />, { path: '/favorite' });
  await settle();
}

const names = () => screen.getAllByTestId('favorite-row').map((r) => within(r).getByText(/비상테크|별빛소재|한빛바이오/).textContent);
const handle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} 순서 이동`) });
const status = () => screen.getByTestId('reorder-status').textContent;

beforeEach(() => {
  vi.useFakeTimers();
});
describe('favourites: keyboard reordering', () => {
  it('Space grabs, the arrows move, Space drops and saves the whole order; each step is announced', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const grip = handle('비상테크');
    expect(grip.getAttribute('aria-describedby')).toBeTruthy();
    act(() => grip.focus());
    key(grip, ' ');
    expect(grip.getAttribute('aria-pressed')).toBe('true');
    expect(status()).toContain('비상테크 종목을 잡았습니다. 3개 중 1번째');

    key(grip, 'ArrowDown');
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(status()).toBe('비상테크, 3개 중 2번째');
    expect(document.activeElement).toBe(handle('비상테크'));
    key(handle('비상테크'), 'ArrowDown');
    key(handle('비상테크'), 'ArrowDown'); // already last
    expect(status()).toBe('비상테크 종목은 이미 3개 중 3번째입니다.');
    expect(api.calls).toHaveLength(0); // nothing is saved while the item is held

    key(handle('비상테크'), ' ');
    await settle();
    expect(names()).toEqual(['별빛소재', '한빛바이오', '비상테크']);
    expect(status()).toBe('비상테크 종목을 3개 중 3번째에 놓았습니다.');
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: FAVORITE_ORDER_PATH, body: { interestingStockList: [2, 3, 1] } }),
    ]);
    expect(handle('비상테크').getAttribute('aria-pressed')).toBe('false');
  });

  it('Escape puts the item back where it was and saves nothing', async () => {
    const api = fakeApi({});
    await renderPage();
    key(handle('한빛바이오'), 'Enter');
    key(handle('한빛바이오'), 'ArrowUp');
    key(handle('한빛바이오'), 'ArrowUp');
    expect(names()).toEqual(['한빛바이오', '비상테크', '별빛소재']);
    key(handle('한빛바이오'), 'Escape');
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
    expect(status()).toContain('취소');
    expect(api.calls).toHaveLength(0);
  });

  it('the ↑/↓ buttons move one step and save at once', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const up = screen.getByRole('button', { name: '별빛소재 위로 이동' });
    click(up);
    await settle();
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(api.calls[0]?.body).toEqual({ interestingStockList: [2, 1, 3] });
    // At the top the button stays focusable but does nothing.
    expect(up.getAttribute('aria-disabled')).toBe('true');
    click(up);
    await settle();
    expect(api.calls).toHaveLength(1);
  });

  it('a failed save puts the last saved order back and says so', async () => {
    fakeApi({ [SAVE]: () => json({ message: '처리 중 오류가 발생했습니다.', code: 'INTERNAL' }, 500) });
    await renderPage();
    key(handle('비상테크'), ' ');
    key(handle('비상테크'), 'ArrowDown');
    key(handle('비상테크'), ' ');
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']); // at once, before the answer
    await settle();
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
    expect(screen.getByRole('alert').textContent).toContain(t.favoriteOrderFailed);
  });
});

describe('favourites: pointer dragging', () => {
  it('dragging a handle below another row moves it there and saves on release', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    // happy-dom has no layout: give each row a 60 px slot.
    screen.getAllByTestId('favorite-row').forEach((row, i) => {
      row.getBoundingClientRect = () => ({
        top: i * 60,
        height: 60,
        bottom: i * 60 + 60,
        left: 0,
        right: 800,
        width: 800,
        x: 0,
        y: i * 60,
        toJSON() {},
      });
    });
    const grip = handle('비상테크');
    act(() => {
      fireEvent.pointerDown(grip, { button: 0, pointerId: 1, clientY: 30 });
    });
    act(() => {
      fireEvent.pointerMove(grip, { pointerId: 1, clientY: 100 });
    });
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(api.calls).toHaveLength(0);
    act(() => {
      fireEvent.pointerUp(grip, { pointerId: 1, clientY: 100 });
    });
    await settle();
    expect(api.calls[0]?.body).toEqual({ interestingStockList: [2, 1, 3] });
  });
});

describe('favourites: the list', () => {
  it('shows logo, name, code, price and change; the star removes a favourite', async () => {
    const api = fakeApi({ 'DELETE /api/stock/delete/favorite/stock/2': () => ok(true) });
    await renderPage();
    const row = screen.getAllByTestId('favorite-row')[1] as HTMLElement;
    expect(within(row).getByRole('img', { name: '별빛소재 로고' })).toBeTruthy();
    expect(row.textContent).toContain('900002');
    expect(row.textContent).toContain('12,300원');
    expect(row.textContent).toContain('+10.81%');
    expect(within(row).getByRole('link').getAttribute('href')).toBe('/stock/2');
    click(within(row).getByRole('button', { name: '별빛소재 관심 종목에서 삭제' }));
    await settle();
    expect(names()).toEqual(['비상테크', '한빛바이오']);
    expect(api.calls[0]?.method).toBe('DELETE');
    expect(screen.getByText(tradeMessages.favoriteRemoveTitle)).toBeTruthy();
    expect(screen.getByText(tradeMessages.favoriteSuccess)).toBeTruthy();
  });

  it('without a list from the server it fetches one; an empty list links to all stocks', async () => {
    fakeApi({ [`GET ${FAVORITES_PATH}`]: () => ok({ data: [], total: 0, page: 1, size: 100 }) });
    await renderPage(null);
    expect(screen.getByText(t.favoriteEmpty)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.favoriteBrowse }).getAttribute('href')).toBe('/stock');
  });
});

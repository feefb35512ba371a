import { type StockSummary, communityMessages as t, tradeMessages } from '@beesang/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { click, settle } from '../../test/dom';
import { fakeApi, json, ok } from '../../test/fake-api';
import { REGULAR_MEMBER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { FavoriteList } from './favorite-list';
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
const LOAD = `GET ${FAVORITES_PATH}`;
const ROW_HEIGHT = 60;

async function renderPage(initial: StockSummary[] | null = ITEMS) {
  renderInApp(<FavoritesPage initial={initial} memberIdx={REGULAR_MEMBER.userIdx} />, { path: '/favorite' });
  await settle();
}

const names = () => screen.getAllByTestId('favorite-row').map((r) => within(r).getByText(/비상테크|별빛소재|한빛바이오/).textContent);
const handle = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} 순서 이동`) });
/** dnd-kit's live region: what the screen reader was last told about a drag. */
const announced = () => document.querySelector('[id^="DndLiveRegion"]')?.textContent;

/** dnd-kit's keyboard sensor reads `code`, as a real keyboard sends it. */
const CODE: Record<string, string> = { ' ': 'Space', Enter: 'Enter', Escape: 'Escape', ArrowDown: 'ArrowDown', ArrowUp: 'ArrowUp' };
async function press(element: Element, key: string) {
  act(() => {
    fireEvent.keyDown(element, { key, code: CODE[key] });
  });
  await settle(20);
}

/**
 * happy-dom lays nothing out: each favourite row gets a 60 px slot by its place in the list (its
 * layout box, before any transform, which is what dnd-kit measures droppables by).
 */
function layOutRows() {
  const original = HTMLElement.prototype.getBoundingClientRect;
  return vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const row = this.closest<HTMLElement>('[data-testid="favorite-row"]');
    if (!row?.parentElement) return original.call(this);
    const top = 100 + [...row.parentElement.children].indexOf(row) * ROW_HEIGHT;
    return DOMRect.fromRect({ x: 0, y: top, width: 800, height: ROW_HEIGHT });
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  layOutRows();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('favourites: keyboard reordering (dnd-kit)', () => {
  it('Space grabs the handle, ↓ moves, Space drops and saves the whole order once; each step is announced in Korean', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const grip = handle('비상테크');
    // The handle is described by the Korean instructions.
    const describedBy = grip.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(t.favoriteReorderHelp);
    expect(grip.getAttribute('aria-roledescription')).toBe('순서 변경 손잡이');

    act(() => grip.focus());
    await press(grip, ' ');
    expect(grip.getAttribute('aria-pressed')).toBe('true');
    expect(announced()).toBe('비상테크 종목을 잡았습니다. 3개 중 1번째입니다. 위·아래 화살표로 옮기고 스페이스바로 내려놓으세요.');

    await press(grip, 'ArrowDown');
    expect(announced()).toBe('비상테크, 3개 중 2번째');
    expect(api.calls).toHaveLength(0); // nothing is saved while the item is held

    await press(grip, ' ');
    await settle(50);
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(announced()).toBe('비상테크 종목을 3개 중 2번째에 놓았습니다.');
    expect(api.calls).toEqual([
      expect.objectContaining({ method: 'POST', path: FAVORITE_ORDER_PATH, body: { interestingStockList: [2, 1, 3] } }),
    ]);
    expect(handle('비상테크').getAttribute('aria-pressed')).toBe('false');
    // Focus stays on the handle that was used, so the next move is one key away.
    expect(document.activeElement).toBe(handle('비상테크'));
    expect(handle('비상테크').getAttribute('aria-label')).toBe('비상테크 순서 이동, 3개 중 2번째');
  });

  it('Enter grabs too; two steps down reach the end, a third goes nowhere', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const grip = handle('비상테크');
    act(() => grip.focus());
    await press(grip, 'Enter');
    await press(grip, 'ArrowDown');
    await press(grip, 'ArrowDown');
    expect(announced()).toBe('비상테크, 3개 중 3번째');
    await press(grip, 'ArrowDown');
    expect(announced()).toBe('비상테크, 3개 중 3번째');
    await press(grip, 'Enter');
    await settle(50);
    expect(names()).toEqual(['별빛소재', '한빛바이오', '비상테크']);
    expect(api.calls.map((c) => c.body)).toEqual([{ interestingStockList: [2, 3, 1] }]);
  });

  it('Escape puts the item back where it was and saves nothing', async () => {
    const api = fakeApi({});
    await renderPage();
    const grip = handle('한빛바이오');
    act(() => grip.focus());
    await press(grip, ' ');
    await press(grip, 'ArrowUp');
    await press(grip, 'ArrowUp');
    expect(announced()).toBe('한빛바이오, 3개 중 1번째');
    await press(grip, 'Escape');
    await settle(50);
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
    expect(announced()).toBe('순서 바꾸기를 취소했습니다. 한빛바이오 종목은 3번째 그대로입니다.');
    expect(grip.getAttribute('aria-pressed')).toBe('false');
    expect(api.calls).toHaveLength(0);
  });

  it('a failed save puts the last saved order back and says so', async () => {
    fakeApi({ [SAVE]: () => json({ message: '처리 중 오류가 발생했습니다.', code: 'INTERNAL' }, 500) });
    await renderPage();
    const grip = handle('비상테크');
    act(() => grip.focus());
    await press(grip, ' ');
    await press(grip, 'ArrowDown');
    act(() => {
      fireEvent.keyDown(grip, { key: ' ', code: 'Space' });
    });
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']); // at once, before the answer
    await settle(50);
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
    // The notice's view is fetched with the first notice.
    await vi.waitFor(() => expect(screen.getAllByText(t.favoriteOrderFailed).length).toBeGreaterThan(0));
  });
});

describe('favourites: the ↑/↓ buttons', () => {
  it('move one step and save at once; at the top the button stays focusable but does nothing', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const up = screen.getByRole('button', { name: '별빛소재 위로 이동' });
    click(up);
    await settle();
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(api.calls[0]?.body).toEqual({ interestingStockList: [2, 1, 3] });
    expect(screen.getByTestId('step-status').textContent).toBe('별빛소재 종목을 3개 중 1번째에 놓았습니다.');
    expect(up.getAttribute('aria-disabled')).toBe('true');
    click(up);
    await settle();
    expect(api.calls).toHaveLength(1);
    expect(screen.getByTestId('step-status').textContent).toBe('별빛소재 종목은 이미 3개 중 1번째입니다.');
  });

  it('keep focus on the ↓ button whose row moved', async () => {
    fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const down = screen.getByRole('button', { name: '비상테크 아래로 이동' });
    act(() => down.focus());
    click(down);
    await settle();
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(document.activeElement).toBe(down);
  });
});

describe('favourites: pointer dragging', () => {
  function pointer(type: 'pointerDown' | 'pointerMove' | 'pointerUp', target: Element | Document, y: number, pointerType = 'mouse') {
    act(() => {
      fireEvent[type](target, { button: 0, buttons: 1, isPrimary: true, pointerId: 1, pointerType, clientX: 20, clientY: y });
    });
  }

  it('a mouse drag of the handle below the next row moves it there and saves on release', async () => {
    const api = fakeApi({ [SAVE]: () => ok(true) });
    await renderPage();
    const grip = handle('비상테크');
    pointer('pointerDown', grip, 130);
    for (const y of [134, 150, 175, 195]) {
      pointer('pointerMove', document, y);
      await settle(20);
    }
    expect(grip.getAttribute('aria-pressed')).toBe('true');
    expect(announced()).toBe('비상테크, 3개 중 2번째');
    expect(api.calls).toHaveLength(0);
    pointer('pointerUp', document, 195);
    await settle(50);
    expect(names()).toEqual(['별빛소재', '비상테크', '한빛바이오']);
    expect(api.calls.map((c) => c.body)).toEqual([{ interestingStockList: [2, 1, 3] }]);
  });

  it('a finger on the handle is not a mouse drag: the page may scroll under it', async () => {
    const api = fakeApi({});
    await renderPage();
    const grip = handle('비상테크');
    pointer('pointerDown', grip, 130, 'touch');
    pointer('pointerMove', document, 195, 'touch');
    await settle(20);
    expect(grip.getAttribute('aria-pressed')).toBe('false');
    pointer('pointerUp', document, 195, 'touch');
    await settle(50);
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
    expect(api.calls).toHaveLength(0);
  });
});

describe('favourites: server rendering', () => {
  it('renders on the server and hydrates without a mismatch (the handle is described by the same id)', async () => {
    vi.useRealTimers();
    const routes = [{ path: '/', element: <FavoriteList items={ITEMS} onReorder={() => {}} onRemove={() => {}} /> }];
    const html = renderToString(<RouterProvider router={createMemoryRouter(routes)} />);
    expect(html).toContain('비상테크 순서 이동, 3개 중 1번째');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const describedBy = container.querySelector('button[aria-describedby]')?.getAttribute('aria-describedby');
    expect(describedBy).toBeTruthy();
    const mismatches: unknown[] = [];
    const root = await act(async () =>
      hydrateRoot(container, <RouterProvider router={createMemoryRouter(routes)} />, { onRecoverableError: (e) => mismatches.push(e) }),
    );
    expect(mismatches).toEqual([]);
    expect(container.querySelector('button[aria-describedby]')?.getAttribute('aria-describedby')).toBe(describedBy);
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(t.favoriteReorderHelp);
    act(() => root.unmount());
    container.remove();
  });
});

describe('favourites: the list and its states', () => {
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

  it('while the list loads it says so in Korean', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({
      [LOAD]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    await renderPage(null);
    const loading = screen.getByText('관심 종목을 불러오는 중입니다…');
    expect(loading.closest('[role="status"]')).toBeTruthy();
    answer(ok({ data: ITEMS, total: 3, page: 1, size: 100 }));
    await settle();
    expect(screen.queryByText('관심 종목을 불러오는 중입니다…')).toBeNull();
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
  });

  it('a list that cannot be loaded says so, and 다시 시도 fetches it again', async () => {
    let fail = true;
    const api = fakeApi({
      [LOAD]: () =>
        fail ? json({ message: '처리 중 오류가 발생했습니다.', code: 'INTERNAL' }, 500) : ok({ data: ITEMS, total: 3, page: 1, size: 100 }),
    });
    await renderPage(null);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(t.favoriteLoadFailed);
    expect(alert.textContent).toContain('다시 시도해주세요.');
    fail = false;
    click(within(alert).getByRole('button', { name: t.retry }));
    await settle();
    expect(api.calls.filter((c) => c.key === LOAD)).toHaveLength(2);
    expect(names()).toEqual(['비상테크', '별빛소재', '한빛바이오']);
  });

  it('an empty list says so, links to all stocks and offers the header search', async () => {
    fakeApi({ [LOAD]: () => ok({ data: [], total: 0, page: 1, size: 100 }) });
    renderInApp(<FavoritesPage initial={null} memberIdx={REGULAR_MEMBER.userIdx} />, {
      path: '/favorite',
      layout: (
        <header>
          <input role="combobox" aria-label="종목 검색" aria-expanded="false" aria-controls="x" />
        </header>
      ),
    });
    await settle();
    expect(screen.getByText(t.favoriteEmpty)).toBeTruthy();
    expect(screen.getByText(t.favoriteEmptyHint)).toBeTruthy();
    expect(screen.getByRole('link', { name: t.favoriteBrowse }).getAttribute('href')).toBe('/stock');
    click(screen.getByRole('button', { name: '종목 검색하기' }));
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '종목 검색' }));
  });
});

describe('favourites: what the route adds to each row', () => {
  it('each row carries the control beside its star (the new-listing alert, issue 23)', async () => {
    renderInApp(
      <FavoritesPage
        initial={ITEMS}
        memberIdx={REGULAR_MEMBER.userIdx}
        rowExtra={(item) => <button type="button">{item.companyName} 알림</button>}
      />,
      { path: '/favorite' },
    );
    await settle();
    const rows = screen.getAllByTestId('favorite-row');
    expect(rows.map((r) => within(r).getAllByRole('button').at(-2)?.textContent)).toEqual([
      '비상테크 알림',
      '별빛소재 알림',
      '한빛바이오 알림',
    ]);
  });
});

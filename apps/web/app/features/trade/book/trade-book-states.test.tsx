import { type Trade, TradeType, tradeUiMessages as t } from '@beesang/contract';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, settle } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { listing, PROFILE } from '../shared/test-kit';
import { type Paged, TRADE_PAGE_SIZE, tradeListPath } from '../shared/trade-api';
import { TradeBook, type TradeBookData } from './trade-book';

/** The stock page's listings tab in each of its states: every one says something in Korean, none is a blank area. */

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
const page = (data: Trade[], total = data.length, n = 1): Paged<Trade> => ({ data, total, page: n, size: TRADE_PAGE_SIZE });
const SELL_1 = tradeListPath(PROFILE.companyIdx, TradeType.SELL, 1);
const SELL_2 = tradeListPath(PROFILE.companyIdx, TradeType.SELL, 2);

function renderBook(data: TradeBookData) {
  const onRegister = vi.fn();
  renderInApp(
    <TradeBook companyIdx={PROFILE.companyIdx} unissued={false} data={data} onEdit={vi.fn()} onReport={vi.fn()} onRegister={onRegister} />,
    { user: REGULAR_MEMBER },
  );
  return { onRegister };
}

const side = (name: string) => screen.getByRole('region', { name });
const sideText = (name: string) => side(name).textContent ?? '';
const rowCount = (name: string) => within(side(name)).queryAllByTestId('trade-row').length;

describe('listings tab states', () => {
  it.each([
    ['both sides empty', { sell: page([]), buy: page([]) }, [`${t.bothEmpty} ${t.emptyCta}`]],
    ['only sells', { sell: page([listing()]), buy: page([]) }, [t.buyEmpty]],
    ['only buys', { sell: page([]), buy: page([listing({ tradeType: TradeType.BUY })]) }, [t.sellEmpty]],
    ['the sell side failed', { sell: null, buy: page([]) }, [t.listFailed, t.buyEmpty]],
    ['both sides failed', { sell: null, buy: null }, [t.listFailed]],
  ] as const)('%s: says so in Korean', (_, data, texts) => {
    renderBook(data as TradeBookData);
    const shown = document.body.textContent ?? '';
    for (const text of texts) expect(shown).toContain(text);
  });

  it('a failed side offers 다시 시도: loading while it asks again, then its rows', async () => {
    let answer = () => json({ message: '서버 오류' }, 500);
    const api = fakeApi({ [`GET ${SELL_1}`]: () => answer() });
    renderBook({ sell: null, buy: page([]) });
    expect(within(side('매도 매물')).getByRole('alert').textContent).toContain(t.listFailed);
    // The buy side is untouched by the sell side's trouble.
    expect(sideText('매수 매물')).toContain(t.buyEmpty);

    click(button('매도 매물 다시 시도'));
    expect(sideText('매도 매물')).toContain(t.listLoading);
    expect(within(side('매도 매물')).getByText(t.listLoading).getAttribute('aria-busy')).toBe('true');
    await settle();
    // Failed again: still the message and its button, never an empty area.
    expect(sideText('매도 매물')).toContain(t.listFailed);
    expect(button('매도 매물 다시 시도')).toBeTruthy();

    answer = () => ok(page([listing({ tradeIdx: 7, isMine: false })], 1));
    click(button('매도 매물 다시 시도'));
    await settle();
    expect(api.keys()).toEqual([`GET ${SELL_1}`, `GET ${SELL_1}`]);
    expect(rowCount('매도 매물')).toBe(1);
    expect(sideText('매도 매물')).not.toContain(t.listFailed);
    expect(within(side('매도 매물')).getByRole('heading').textContent).toContain('1');
  });

  it('a side that comes back empty says it has none', async () => {
    fakeApi({ [`GET ${SELL_1}`]: () => ok(page([])) });
    renderBook({ sell: null, buy: page([listing({ tradeType: TradeType.BUY })]) });
    click(button('매도 매물 다시 시도'));
    await settle();
    expect(sideText('매도 매물')).toContain(t.sellEmpty);
  });

  it('더보기 shows that it is loading, and after a failure says so and offers 다시 시도 on the same button', async () => {
    const first = Array.from({ length: TRADE_PAGE_SIZE }, (_, i) => listing({ tradeIdx: 100 + i, isMine: false }));
    let release: (r: Response) => void = () => {};
    const api = fakeApi({
      [`GET ${SELL_2}`]: () =>
        new Promise<Response>((r) => {
          release = r;
        }),
    });
    renderBook({ sell: page(first, 12), buy: page([]) });
    click(button('매도 매물 더보기'));
    await settle();
    expect(within(side('매도 매물')).getByRole('button', { name: t.listLoading })).toHaveProperty('disabled', true);
    release(json({ message: '서버 오류' }, 500));
    await settle();
    expect(within(side('매도 매물')).getByRole('alert').textContent).toBe(t.loadFailed);
    // The rows already shown stay.
    expect(rowCount('매도 매물')).toBe(TRADE_PAGE_SIZE);

    api.mock.mockImplementation(async () => ok(page([listing({ tradeIdx: 300, isMine: false })], 12, 2)));
    click(button('매도 매물 다시 시도'));
    await settle();
    expect(rowCount('매도 매물')).toBe(TRADE_PAGE_SIZE + 1);
    expect(within(side('매도 매물')).queryByRole('alert')).toBeNull();
  });

  it('a new page from the loader replaces a side fetched with 다시 시도', async () => {
    fakeApi({ [`GET ${SELL_1}`]: () => ok(page([listing({ tradeIdx: 7, isMine: false })])) });
    const { rerender } = renderWithRerender({ sell: null, buy: page([]) });
    click(button('매도 매물 다시 시도'));
    await settle();
    expect(rowCount('매도 매물')).toBe(1);
    rerender({ sell: page([]), buy: page([]) });
    expect(screen.getByText(new RegExp(t.bothEmpty))).toBeTruthy();
  });
});

/** The book inside the app, re-rendered with new loader data as a revalidation would hand it over. */
function renderWithRerender(data: TradeBookData) {
  let set: (d: TradeBookData) => void = () => {};
  function Host({ initial }: { initial: TradeBookData }) {
    const [d, setD] = useState(initial);
    set = setD;
    return <TradeBook companyIdx={PROFILE.companyIdx} unissued={false} data={d} onEdit={vi.fn()} onReport={vi.fn()} onRegister={vi.fn()} />;
  }
  renderInApp(<Host initial={data} />, { user: REGULAR_MEMBER });
  return { rerender: (d: TradeBookData) => act(() => set(d)) };
}

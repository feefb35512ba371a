import { ProofCheckStatus, type Trade, TradeType, tradeMessages } from '@beesang/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { button, click, fakeApi, input, json, listing, PROFILE, settle, type } from './test-kit';
import { type Paged, TRADE_PAGE_SIZE, tradeListPath } from './trade-api';
import { TradeBook, type TradeBookData } from './trade-book';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const page = (data: Trade[], total = data.length): Paged<Trade> => ({ data, total, page: 1, size: TRADE_PAGE_SIZE });

function renderBook(data: TradeBookData) {
  const onEdit = vi.fn();
  const onReport = vi.fn();
  const onRegister = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <TradeBook companyIdx={PROFILE.companyIdx} data={data} onEdit={onEdit} onReport={onReport} onRegister={onRegister} />
          </NotifyProvider>
        ),
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  return { onEdit, onReport, onRegister };
}

const side = (name: '매도 매물' | '매수 매물') => screen.getByRole('region', { name });
const rows = (name: '매도 매물' | '매수 매물') => within(side(name)).queryAllByTestId('trade-row');

describe('listings tab', () => {
  it('shows each side with price, count, total, marks, badges and the writer; own rows edit, others report', () => {
    const mine = listing({ tradeIdx: 1 });
    const theirs = listing({
      tradeIdx: 2,
      isMine: false,
      stockPerPrice: 10_200,
      stockCount: 1_000,
      totalPrice: 10_200_000,
      stockPriceNegotiationFlag: false,
      stockCountNegotiationFlag: true,
      proofCheckStatus: ProofCheckStatus.VERIFIED,
      listPin: 1,
      writer: { userNickname: '피비', profileImageUrl: '', expertType: 'PB', expertName: '김피비' },
    });
    const bid = listing({ tradeIdx: 3, tradeType: TradeType.BUY, isMine: false, isReported: true, stockPerPrice: 9_000 });
    const { onEdit, onReport } = renderBook({ sell: page([theirs, mine]), buy: page([bid]) });

    const [pinned, own] = rows('매도 매물');
    expect(pinned?.textContent).toContain('10,200원');
    expect(pinned?.textContent).toContain('1,000주');
    expect(pinned?.textContent).toContain('1,020만원');
    expect(pinned?.textContent).toContain('수량협의');
    expect(pinned?.textContent).not.toContain('가격협의');
    expect(pinned?.textContent).toContain('상단 고정');
    expect(pinned?.textContent).toContain('증빙 확인됨');
    expect(pinned?.textContent).toContain('증권사 PB');
    expect(pinned?.textContent).toContain('거래중');
    click(within(pinned as HTMLElement).getByRole('button', { name: /^신고/ }));
    expect(onReport).toHaveBeenCalledWith(theirs);
    expect(within(pinned as HTMLElement).queryByRole('button', { name: /^수정/ })).toBeNull();

    expect(own?.textContent).toContain('내 매물');
    expect(own?.textContent).toContain('가격협의');
    click(within(own as HTMLElement).getByRole('button', { name: '수정 9,800원 매도 매물' }));
    expect(onEdit).toHaveBeenCalledWith(mine);

    // Already reported: the button says so and cannot be pressed again.
    const reported = within(rows('매수 매물')[0] as HTMLElement).getByRole('button', { name: /^신고함/ }) as HTMLButtonElement;
    expect(reported.disabled).toBe(true);
  });

  it('finishing asks for the agreed price (the listing price to start with) and posts it', async () => {
    const api = fakeApi({ 'POST /api/trade/finish/1': () => json({ result: listing({ tradeIdx: 1, tradeStatus: 12 }) }) });
    renderBook({ sell: page([listing({ tradeIdx: 1 })]), buy: page([]) });
    click(button(/^거래완료/));
    const dialog = screen.getByRole('dialog', { name: '거래 완료' });
    const agreed = input('*체결 가격 (1주당)');
    expect(agreed.value).toBe('9,800');
    type(agreed, '100000000');
    expect(within(dialog).getByText(tradeMessages.priceTooHigh)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '거래 완료 처리' }) as HTMLButtonElement).disabled).toBe(true);
    type(agreed, '10500');
    click(within(dialog).getByRole('button', { name: '거래 완료 처리' }));
    await settle();
    expect(api.last('POST /api/trade/finish/1')?.body).toEqual({ finishedPrice: 10_500 });
    expect(screen.getByText(tradeMessages.finishDone)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deleting asks first; cancelling sends nothing', async () => {
    const api = fakeApi({ 'DELETE /api/trade/1': () => json({ result: true }) });
    renderBook({ sell: page([listing({ tradeIdx: 1 })]), buy: page([]) });
    click(button(/^삭제/));
    click(button('취소'));
    expect(api.calls).toEqual([]);
    click(button(/^삭제/));
    click(within(screen.getByRole('dialog', { name: '매물 삭제' })).getByRole('button', { name: '삭제' }));
    await settle();
    expect(api.keys()).toEqual(['DELETE /api/trade/1']);
    expect(screen.getByText(tradeMessages.deleteDone)).toBeTruthy();
  });

  it('더보기 appends the next page of that side only, without repeating a row', async () => {
    const first = Array.from({ length: TRADE_PAGE_SIZE }, (_, i) =>
      listing({ tradeIdx: 100 + i, isMine: false, stockPerPrice: 9_000 + i }),
    );
    const next = [first[TRADE_PAGE_SIZE - 1] as Trade, listing({ tradeIdx: 200, isMine: false, stockPerPrice: 9_999 })];
    const path = tradeListPath(PROFILE.companyIdx, TradeType.SELL, 2);
    const api = fakeApi({ [`GET ${path}`]: () => json({ result: { data: next, total: 11, page: 2, size: TRADE_PAGE_SIZE } }) });
    renderBook({ sell: page(first, 11), buy: page([]) });
    expect(rows('매도 매물')).toHaveLength(TRADE_PAGE_SIZE);
    expect(screen.getByText('등록된 매수 매물이 없습니다.')).toBeTruthy();
    click(button('매도 매물 더보기'));
    await settle();
    expect(api.keys()).toEqual([`GET /api/v2/trade/all/company/${PROFILE.companyIdx}`]);
    expect(rows('매도 매물')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: '매도 매물 더보기' })).toBeNull();
  });

  it('with no listings at all it invites the first one; a side that failed to load says so', () => {
    const { onRegister } = renderBook({ sell: page([]), buy: page([]) });
    expect(screen.getByText(/아직 등록된 매물이 없습니다/)).toBeTruthy();
    click(button(tradeMessages.registerTitle));
    expect(onRegister).toHaveBeenCalled();
    cleanup();
    renderBook({ sell: null, buy: page([]) });
    expect(within(side('매도 매물')).getByText('매물을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
  });
});

import {
  ListingStatus,
  myTradeMessages as m,
  ProofCheckStatus,
  type Trade,
  TradeType,
  tradeMessages,
  tradeUiMessages,
} from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, field, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { TradeModalProvider } from '../modal/trade-modal-provider';
import { listing, PROFILE, tradeApi } from '../shared/test-kit';
import type { Paged } from '../shared/trade-api';
import { daysLeft, dDayText } from './d-day';
import { MyTrades } from './my-trades';
import { MY_TRADES_PAGE_SIZE, myTradesPath, myTradesQuery } from './my-trades-api';
import type { MyTradesLoad } from './use-my-trades';

const PATH = '/myPage/trades';
const FIRST = myTradesPath({ filter: 'all', page: 1 });
const page = (data: Trade[], total = data.length, n = 1): Paged<Trade> => ({ data, total, page: n, size: MY_TRADES_PAGE_SIZE });

/** 2026-12-13 12:00 in Seoul: the open listing of the kit (expiring 2026-12-20 10:00 KST) has 7 days left. */
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2026-12-13T03:00:00.000Z'));
});

function renderMine(loaded: MyTradesLoad | null, search = '') {
  const view = renderInApp(
    <TradeModalProvider>
      <MyTrades loaded={loaded} />
    </TradeModalProvider>,
    { path: `${PATH}${search}` },
  );
  return view.router;
}

const rows = () => screen.queryAllByTestId('my-trade');
const row = (name: string) => rows().find((r) => r.textContent?.includes(name)) as HTMLElement;
const chip = (name: string) => within(screen.getByRole('navigation', { name: m.filterLabel })).getByRole('link', { name });

const OPEN = listing({ tradeIdx: 1 });
const BUY = listing({
  tradeIdx: 2,
  companyIdx: 31,
  companyName: '비상모빌리티',
  tradeType: TradeType.BUY,
  stockCount: 40,
  stockPerPrice: 4_100,
  totalPrice: 164_000,
  stockPriceNegotiationFlag: false,
  stockCountNegotiationFlag: true,
  expiresAt: '2026-12-13T14:30:00.000Z',
  proofCheckStatus: ProofCheckStatus.NONE,
});
const FINISHED = listing({
  tradeIdx: 3,
  companyName: '한빛바이오',
  tradeStatus: ListingStatus.TRADE_FINISHED,
  finishedPrice: 10_500,
  finishedAt: '2026-11-25T06:00:00.000Z',
});
const EXPIRED = listing({
  tradeIdx: 4,
  companyName: '별빛소재',
  tradeStatus: ListingStatus.TRADE_EXPIRED,
  proofCheckStatus: ProofCheckStatus.VERIFIED,
  createdAt: '2026-10-01T01:00:00.000Z',
  expiresAt: '2026-10-31T01:00:00.000Z',
});

describe('내 매물', () => {
  it('shows the loader’s page without fetching: company, side, price × count, total, status, D-n, agreed price, proof', async () => {
    const api = fakeApi();
    const unissued = listing({ tradeIdx: 5, companyName: '라온모터스', proofCheckStatus: ProofCheckStatus.REATTACHMENT });
    renderMine({ path: FIRST, page: page([OPEN, BUY, FINISHED, EXPIRED, unissued]) });
    await settle();
    expect(api.calls).toEqual([]);
    expect(screen.getByText('5').parentElement?.textContent).toContain('5건');

    const open = row('비상에너지');
    expect(within(open).getByRole('link', { name: '비상에너지' }).getAttribute('href')).toBe('/stock/12');
    expect(open.querySelector('img')?.getAttribute('src')).toBe(PROFILE.companyLogoUrl);
    for (const text of ['매도', '9,800원', '300주', '총 294만원', '거래중', 'D-7', '2026.11.20 등록'])
      expect(open.textContent).toContain(text);
    expect(within(open).getByRole('button', { name: '수정 비상에너지 9,800원 매도 매물' })).toBeTruthy();

    // Expires at 23:30 tonight in Seoul: its last day.
    const buy = row('비상모빌리티');
    expect(buy.textContent).toContain('매수');
    expect(buy.textContent).toContain('D-day');
    // The negotiation marks: the kit's sale is open on price, this buy on count.
    expect(within(buy).getByText(tradeUiMessages.countNegotiableMark)).toBeTruthy();
    expect(within(buy).queryByText(tradeUiMessages.priceNegotiableMark)).toBeNull();
    expect(within(open).getByText(tradeUiMessages.priceNegotiableMark)).toBeTruthy();
    expect(within(open).queryByText(tradeUiMessages.countNegotiableMark)).toBeNull();
    expect(within(buy).getByText(m.lastDay)).toBeTruthy();
    expect(within(buy).getByRole('link', { name: '비상모빌리티' }).getAttribute('href')).toBe('/stock/31');

    const finished = row('한빛바이오');
    expect(finished.textContent).toContain('거래완료');
    expect(finished.textContent).toContain('체결가 10,500원');
    expect(finished.textContent).toContain('2026.11.25 거래완료');
    expect(finished.textContent).not.toContain('D-');
    expect(within(finished).queryByRole('button')).toBeNull();

    const expired = row('별빛소재');
    expect(expired.textContent).toContain('기간만료');
    expect(expired.textContent).toContain('2026.10.31 만료');
    expect(expired.textContent).toContain('증빙 확인됨');
    expect(within(expired).queryByRole('button')).toBeNull();

    expect(row('라온모터스').textContent).toContain('증빙 재첨부 필요');
    expect(open.textContent).not.toContain('증빙');
  });

  it('fetches the page itself when the loader could not, with a skeleton meanwhile and a retry after a failure', async () => {
    const api = fakeApi({ [`GET ${FIRST}`]: () => ok(page([OPEN])) });
    api.failNext(`GET ${FIRST}`, 500, 'boom');
    renderMine(null);
    expect(screen.getByRole('list', { name: m.loading }).getAttribute('aria-busy')).toBe('true');
    await settle();
    expect(screen.getByRole('alert').textContent).toContain(m.loadFailed);
    click(button(m.retry));
    await settle();
    expect(api.keys()).toEqual([`GET ${FIRST}`, `GET ${FIRST}`]);
    expect(rows()).toHaveLength(1);
  });

  it('filters by status through the address, starting again at page 1, and says when a filter has nothing', async () => {
    const finishedPath = myTradesPath({ filter: 'finished', page: 1 });
    const api = fakeApi({ [`GET ${finishedPath}`]: () => ok(page([])) });
    const router = renderMine({ path: FIRST, page: page([OPEN]) });
    await settle();
    expect(chip('전체').getAttribute('aria-current')).toBe('true');
    click(chip('거래완료'));
    await settle();
    expect(router.state.location.search).toBe('?status=finished');
    expect(api.keys()).toEqual([`GET ${finishedPath}`]);
    expect(finishedPath).toBe('/api/trade/my?status=12&page=1&size=20');
    expect(chip('거래완료').getAttribute('aria-current')).toBe('true');
    expect(chip('전체').getAttribute('aria-current')).toBeNull();
    expect(screen.getByText(m.emptyFinished)).toBeTruthy();
    expect(screen.queryByRole('button', { name: m.register })).toBeNull();
  });

  it('with no listing at all, offers to register one or browse the stocks', async () => {
    fakeApi();
    renderMine({ path: FIRST, page: page([]) });
    await settle();
    expect(screen.getByText(m.emptyAll)).toBeTruthy();
    expect(screen.getByRole('link', { name: m.browse }).getAttribute('href')).toBe('/stock');
    click(button(m.register));
    expect(screen.getByRole('dialog', { name: tradeMessages.registerTitle })).toBeTruthy();
  });

  it('pages through the address, keeping the filter', async () => {
    const many = Array.from({ length: MY_TRADES_PAGE_SIZE }, (_, i) => listing({ tradeIdx: 100 + i }));
    const second = myTradesPath({ filter: 'open', page: 2 });
    const api = fakeApi({ [`GET ${second}`]: () => ok(page([listing({ tradeIdx: 200, companyName: '다음장' })], 21, 2)) });
    const router = renderMine({ path: myTradesPath({ filter: 'open', page: 1 }), page: page(many, 21) }, '?status=open');
    await settle();
    expect(api.calls).toEqual([]);
    expect(rows()).toHaveLength(MY_TRADES_PAGE_SIZE);
    const pages = screen.getByRole('navigation', { name: '페이지' });
    click(within(pages).getByRole('link', { name: '2' }));
    await settle();
    expect(router.state.location.search).toBe('?status=open&page=2');
    expect(api.keys()).toEqual([`GET ${second}`]);
    expect(rows().map((r) => r.textContent?.includes('다음장'))).toEqual([true]);
  });

  it('finishes an open listing in place: the agreed price is posted and the row shows it', async () => {
    const api = fakeApi({
      'POST /api/trade/finish/1': () =>
        ok({ ...OPEN, tradeStatus: ListingStatus.TRADE_FINISHED, finishedPrice: 10_200, finishedAt: '2026-12-13T03:00:00.000Z' }),
    });
    renderMine({ path: FIRST, page: page([OPEN]) });
    await settle();
    click(within(row('비상에너지')).getByRole('button', { name: /^거래완료/ }));
    const dialog = screen.getByRole('dialog', { name: '거래 완료' });
    type(field('*체결 가격 (1주당)'), '10200');
    click(within(dialog).getByRole('button', { name: '거래 완료 처리' }));
    await settle();
    expect(api.last('POST /api/trade/finish/1')?.body).toEqual({ finishedPrice: 10_200 });
    expect(screen.getByText(tradeMessages.finishDone)).toBeTruthy();
    expect(row('비상에너지').textContent).toContain('체결가 10,200원');
    expect(within(row('비상에너지')).queryByRole('button')).toBeNull();
  });

  it('deletes an open listing after confirmation and drops its row', async () => {
    const api = fakeApi({ 'DELETE /api/trade/1': () => ok(true) });
    renderMine({ path: FIRST, page: page([OPEN, FINISHED]) });
    await settle();
    click(within(row('비상에너지')).getByRole('button', { name: /^삭제/ }));
    click(within(screen.getByRole('dialog', { name: '매물 삭제' })).getByRole('button', { name: '삭제' }));
    await settle();
    expect(api.keys()).toEqual(['DELETE /api/trade/1']);
    expect(screen.getByText(tradeMessages.deleteDone)).toBeTruthy();
    expect(rows().map((r) => r.textContent?.includes('한빛바이오'))).toEqual([true]);
  });

  it('edits in the app’s trade modal once the company’s current price is read; a failed read says so', async () => {
    const api = tradeApi();
    api.failNext(`GET /api/v2/stock/profile/${PROFILE.companyIdx}`, 500, 'boom');
    renderMine({ path: FIRST, page: page([OPEN]) });
    await settle();
    const edit = () => click(within(row('비상에너지')).getByRole('button', { name: /^수정/ }));
    edit();
    await settle();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(urgentNotice().textContent).toContain(m.editLoadFailed);
    edit();
    await settle();
    expect(screen.getByRole('dialog', { name: tradeMessages.editSellTitle })).toBeTruthy();
    expect(field(tradeMessages.priceLabel).value).toBe('9,800');
  });
});

describe('내 매물 address and days left', () => {
  it('reads unknown filters and pages as the first page of 전체', () => {
    const read = (q: string) => myTradesQuery(new URLSearchParams(q));
    expect(read('status=expired&page=3')).toEqual({ filter: 'expired', page: 3 });
    expect(read('status=deleted&page=-1')).toEqual({ filter: 'all', page: 1 });
    expect(read('page=1.5')).toEqual({ filter: 'all', page: 1 });
    expect(myTradesPath(read('status=expired&page=3'))).toBe('/api/trade/my?status=13&page=3&size=20');
  });

  it('counts calendar days in Seoul, D-day on the last one', () => {
    const now = Date.parse('2026-12-13T14:59:00.000Z'); // 23:59 KST on the 13th
    expect(daysLeft('2026-12-14T00:00:00.000Z', now)).toBe(1); // 09:00 KST on the 14th
    expect(daysLeft('2026-12-13T14:59:30.000Z', now)).toBe(0);
    expect(daysLeft('2026-12-13T15:00:00.000Z', now)).toBe(1); // midnight KST: already the next day
    expect(daysLeft('2026-12-01T00:00:00.000Z', now)).toBe(0);
    expect([dDayText(0), dDayText(7)]).toEqual(['D-day', 'D-7']);
  });
});

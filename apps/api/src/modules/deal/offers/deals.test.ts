import {
  type ConversationDetail,
  type Deal,
  dealMessages,
  type Message,
  messages,
  SanctionState,
  TradeType,
  UserLevel,
} from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../../test/factories.ts';
import { expectError } from '../../../test/http.ts';
import { createMember, freshHeaders, type TestMember } from '../../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../../test/test-app.ts';

/** Issue 22 §1–§2: offers, counter-offers, agreement, both sides confirming, and what each refuses. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: { rules: LISTINGS_UNLIMITED } });
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60_000;

async function call<T>(who: TestMember, method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}

async function listing(
  owner: TestMember,
  over: Partial<{ type: 'sell' | 'buy'; count: number; price: number; countFlag: boolean; priceFlag: boolean; company: number }> = {},
) {
  const company = over.company ?? (await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 }));
  const trade = await call<{ tradeIdx: number }>(owner, 'POST', `/api/trade/${over.type ?? 'sell'}`, {
    companyIdx: company,
    stockCount: over.count ?? 200,
    stockPerPrice: over.price ?? 10_000,
    stockCountNegotiationFlag: over.countFlag ?? true,
    stockPriceNegotiationFlag: over.priceFlag ?? true,
  });
  return { tradeIdx: trade.tradeIdx, company };
}

const offer = (who: TestMember, tradeIdx: number, stockCount: number, stockPerPrice: number, message = '거래하고 싶습니다') =>
  t.app.inject({ method: 'POST', url: '/api/deals', headers: who.headers, payload: { tradeIdx, stockCount, stockPerPrice, message } });

const openCount = async (tradeIdx: number) =>
  (await call<{ openStockCount: number; tradeStatus: number }>(await createMember(t), 'GET', `/api/v2/trade/${tradeIdx}`)).openStockCount;

describe('an offer, a counter-offer, acceptance and both confirmations', () => {
  it('moves shares from open to agreed to sold and finishes the listing when none are left', async () => {
    const seller = await createMember(t, { nickname: '판매자' });
    const buyer = await createMember(t, { nickname: '구매자' });
    const { tradeIdx } = await listing(seller, { count: 120 });
    t.clock.advance(11 * MINUTE);

    const res = await offer(buyer, tradeIdx, 100, 9_500, '100주 9,500원에 가능할까요?');
    expect(res.statusCode, res.body).toBe(200);
    const { dealId, conversationId } = (res.json() as { result: { dealId: number; conversationId: number } }).result;

    // The seller counters; the buyer may not answer their own offer, the seller may not accept their own counter.
    await expectError(t.app, { method: 'POST', url: `/api/deals/${dealId}/accept`, headers: buyer.headers }, 409, dealMessages.notYourTurn);
    const countered = await call<Deal>(seller, 'POST', `/api/deals/${dealId}/counter`, {
      stockCount: 100,
      stockPerPrice: 9_800,
      message: '9,800원이면 드릴게요',
    });
    expect(countered).toMatchObject({ status: 'OFFERED', proposedBy: seller.id, awaiting: buyer.id, stockPerPrice: 9_800 });
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${dealId}/accept`, headers: seller.headers },
      409,
      dealMessages.notYourTurn,
    );

    const agreed = await call<Deal>(buyer, 'POST', `/api/deals/${dealId}/accept`);
    expect(agreed).toMatchObject({ status: 'AGREED', sellerIdx: seller.id, buyerIdx: buyer.id, totalPrice: 980_000, awaiting: null });
    expect(Date.parse(agreed.lapsesAt as string) - Date.parse(agreed.agreedAt as string)).toBe(7 * 24 * 60 * MINUTE);
    expect(await openCount(tradeIdx)).toBe(20);

    const half = await call<Deal>(seller, 'POST', `/api/deals/${dealId}/confirm`);
    expect(half).toMatchObject({ status: 'AGREED' });
    expect(half.sellerConfirmedAt).not.toBeNull();
    const done = await call<Deal>(buyer, 'POST', `/api/deals/${dealId}/confirm`);
    expect(done).toMatchObject({ status: 'CONFIRMED', reviewable: true });

    const trade = await call<{ openStockCount: number; stockCount: number; tradeStatus: number }>(
      seller,
      'GET',
      `/api/v2/trade/${tradeIdx}`,
    );
    expect(trade).toMatchObject({ stockCount: 120, openStockCount: 20, tradeStatus: 11 });

    // The thread holds every step in order, each with its terms.
    const thread = await call<{ data: Message[] }>(buyer, 'GET', `/api/conversations/${conversationId}/messages`);
    expect(thread.data.map((m) => [m.kind, m.stockPerPrice])).toEqual([
      ['OFFER', 9_500],
      ['COUNTER', 9_800],
      ['ACCEPT', 9_800],
      ['CONFIRM', 9_800],
      ['CONFIRM', 9_800],
      ['COMPLETE', 9_800],
    ]);
    expect(thread.data[0]?.text).toBe('100주 9,500원에 가능할까요?');

    // The last 20 shares: a second deal in the same conversation sells out the listing.
    const second = (await offer(buyer, tradeIdx, 20, 9_800)).json() as { result: { dealId: number; conversationId: number } };
    expect(second.result.conversationId).toBe(conversationId);
    await call(seller, 'POST', `/api/deals/${second.result.dealId}/accept`);
    await call(seller, 'POST', `/api/deals/${second.result.dealId}/confirm`);
    await call(buyer, 'POST', `/api/deals/${second.result.dealId}/confirm`);
    const finished = await call<{ openStockCount: number; tradeStatus: number; finishedPrice: number }>(
      seller,
      'GET',
      `/api/v2/trade/${tradeIdx}`,
    );
    expect(finished).toMatchObject({ openStockCount: 0, tradeStatus: 12, finishedPrice: 9_800 });
  });

  it('on a buy listing the owner is the buyer and the member who offers sells', async () => {
    const owner = await createMember(t);
    const member = await createMember(t);
    const { tradeIdx } = await listing(owner, { type: 'buy', count: 50 });
    const { dealId } = ((await offer(member, tradeIdx, 50, 10_000)).json() as { result: { dealId: number } }).result;
    const deal = await call<Deal>(owner, 'POST', `/api/deals/${dealId}/accept`);
    expect(deal).toMatchObject({ sellerIdx: member.id, buyerIdx: owner.id });
    expect((await call<{ tradeType: number }>(owner, 'GET', `/api/v2/trade/${tradeIdx}`)).tradeType).toBe(TradeType.BUY);
  });

  it('declined with a reason, withdrawn by its sender, cancelled after agreement: nothing stays held', async () => {
    const seller = await createMember(t);
    const buyer = await createMember(t);
    const { tradeIdx } = await listing(seller, { count: 100 });
    const first = ((await offer(buyer, tradeIdx, 100, 10_000)).json() as { result: { dealId: number } }).result.dealId;
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${first}/decline`, headers: seller.headers, payload: { reason: ' ' } },
      400,
      dealMessages.declineReasonRequired,
    );
    expect(await call<Deal>(seller, 'POST', `/api/deals/${first}/decline`, { reason: '다른 분과 거래하기로 했어요' })).toMatchObject({
      status: 'DECLINED',
      declineReason: '다른 분과 거래하기로 했어요',
    });
    const second = ((await offer(buyer, tradeIdx, 100, 10_000)).json() as { result: { dealId: number } }).result.dealId;
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${second}/withdraw`, headers: seller.headers },
      409,
      dealMessages.notYourTurn,
    );
    expect((await call<Deal>(buyer, 'POST', `/api/deals/${second}/withdraw`)).status).toBe('WITHDRAWN');
    const third = ((await offer(buyer, tradeIdx, 100, 10_000)).json() as { result: { dealId: number } }).result.dealId;
    await call(seller, 'POST', `/api/deals/${third}/accept`);
    expect(await openCount(tradeIdx)).toBe(0);
    // While shares are held, the owner can neither finish, delete nor shrink the listing.
    await expectError(
      t.app,
      { method: 'POST', url: `/api/trade/finish/${tradeIdx}`, headers: seller.headers, payload: { finishedPrice: 10_000 } },
      409,
      dealMessages.listingHasAgreedDeals,
    );
    await expectError(
      t.app,
      { method: 'DELETE', url: `/api/trade/${tradeIdx}`, headers: seller.headers },
      409,
      dealMessages.listingHasAgreedDeals,
    );
    expect((await call<Deal>(buyer, 'POST', `/api/deals/${third}/cancel`)).status).toBe('CANCELLED');
    expect(await openCount(tradeIdx)).toBe(100);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${third}/confirm`, headers: seller.headers },
      409,
      dealMessages.dealStateChanged,
    );
  });

  it('an agreed deal not confirmed by both within 7 days lapses and gives its shares back', async () => {
    const seller = await createMember(t);
    const buyer = await createMember(t);
    const { tradeIdx } = await listing(seller, { count: 30 });
    const { dealId, conversationId } = (
      (await offer(buyer, tradeIdx, 30, 10_000)).json() as { result: { dealId: number; conversationId: number } }
    ).result;
    await call(seller, 'POST', `/api/deals/${dealId}/accept`);
    await call(seller, 'POST', `/api/deals/${dealId}/confirm`);
    t.clock.advance(7 * 24 * 60 * MINUTE - 1);
    expect(await t.app.services.deals.settle.lapseDue()).toBe(0);
    t.clock.advance(1);
    const later = { ...buyer, headers: await freshHeaders(t, buyer.id) };
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${dealId}/confirm`, headers: later.headers },
      409,
      dealMessages.dealStateChanged,
    );
    expect(await t.app.services.deals.settle.lapseDue()).toBeGreaterThanOrEqual(1);
    const detail = await call<ConversationDetail>(later, 'GET', `/api/conversations/${conversationId}`);
    expect(detail.deals.find((d) => d.dealId === dealId)?.status).toBe('LAPSED');
    expect(detail.listing.openStockCount).toBe(30);
  });
});

describe('what an offer refuses', () => {
  it('a visitor 401, an unverified member 403 IDENTITY_REQUIRED, one’s own listing 403, STOP_TRADE 403', async () => {
    const owner = await createMember(t);
    const { tradeIdx } = await listing(owner);
    const body = { tradeIdx, stockCount: 10, stockPerPrice: 10_000, message: '안녕하세요' };
    await expectError(t.app, { method: 'POST', url: '/api/deals', payload: body }, 401, messages.sessionExpired);
    const common = await createMember(t, { level: UserLevel.COMMON });
    const res = await t.app.inject({ method: 'POST', url: '/api/deals', headers: common.headers, payload: body });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'IDENTITY_REQUIRED', message: dealMessages.needsVerification });
    await expectError(t.app, { method: 'POST', url: '/api/deals', headers: owner.headers, payload: body }, 403, dealMessages.ownListing);
    const stopped = await createMember(t, { sanction: SanctionState.STOP_TRADE });
    await expectError(t.app, { method: 'POST', url: '/api/deals', headers: stopped.headers, payload: body }, 403, dealMessages.stopTrade);
  });

  it('terms: at most the open count, the whole of it when not negotiable, the listed price when that is not', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const fixed = await listing(owner, { count: 100, countFlag: false, priceFlag: false, price: 12_000 });
    const bad = async (count: number, price: number, message: string) => {
      const body = await expectError(
        t.app,
        {
          method: 'POST',
          url: '/api/deals',
          headers: buyer.headers,
          payload: { tradeIdx: fixed.tradeIdx, stockCount: count, stockPerPrice: price, message: '제안' },
        },
        400,
      );
      expect(Object.values(body.fields ?? {})).toContain(message);
    };
    await bad(101, 12_000, dealMessages.countTooMany);
    await bad(50, 12_000, dealMessages.countFixed);
    await bad(100, 11_000, dealMessages.priceFixed);
    expect((await offer(buyer, fixed.tradeIdx, 100, 12_000)).statusCode).toBe(200);
    // A second offer while one awaits its answer continues the conversation: it is refused until answered.
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/deals',
        headers: buyer.headers,
        payload: { tradeIdx: fixed.tradeIdx, stockCount: 100, stockPerPrice: 12_000, message: '다시' },
      },
      409,
      dealMessages.offerOpen,
    );
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/deals',
        headers: buyer.headers,
        payload: { tradeIdx: fixed.tradeIdx, stockCount: 100, stockPerPrice: 12_000, message: '' },
      },
      400,
      dealMessages.firstMessageRequired,
    );
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/deals',
        headers: buyer.headers,
        payload: { tradeIdx: fixed.tradeIdx, stockCount: 100, stockPerPrice: 12_000, message: '가'.repeat(1001) },
      },
      400,
      dealMessages.messageTooLong,
    );
  });

  it('two members accepting offers for the last shares at once: one agreement, the other told so', async () => {
    const owner = await createMember(t);
    const a = await createMember(t);
    const b = await createMember(t);
    const { tradeIdx } = await listing(owner, { count: 10 });
    const da = ((await offer(a, tradeIdx, 10, 10_000)).json() as { result: { dealId: number } }).result.dealId;
    const db = ((await offer(b, tradeIdx, 10, 10_000)).json() as { result: { dealId: number } }).result.dealId;
    const results = await Promise.all(
      [da, db].map((id) => t.app.inject({ method: 'POST', url: `/api/deals/${id}/accept`, headers: owner.headers })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await openCount(tradeIdx)).toBe(0);
  });
});

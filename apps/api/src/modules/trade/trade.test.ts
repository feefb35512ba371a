import {
  ListingStatus,
  ListPin,
  messages,
  ProofCheckStatus,
  SanctionState,
  seoulDay,
  type Trade,
  TradeType,
  tradeMessages,
  UserLevel,
} from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeIdempotencyKeys } from '../../db/idempotency.ts';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, expiredToken, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let seller: TestMember;
let buyer: TestMember;
const crossUser = { tried: 0, succeeded: 0 };
const concurrency = { writes: 0, lost: 0, doubled: 0 };
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ companies: 10, limits: { rules: LISTINGS_UNLIMITED } });
  seller = await createMember(t);
  buyer = await createMember(t);
});

afterAll(async () => {
  console.log(`cross-user writes tried / succeeded: ${crossUser.tried} / ${crossUser.succeeded}`);
  console.log(`concurrent writes / lost or doubled: ${concurrency.writes} / ${concurrency.lost + concurrency.doubled}`);
  await t?.close();
});

function draft(companyIdx: number, overrides: Record<string, unknown> = {}) {
  return {
    companyIdx,
    stockCount: 100,
    stockPerPrice: 10_000,
    stockCountNegotiationFlag: false,
    stockPriceNegotiationFlag: true,
    ...overrides,
  };
}

async function post(member: TestMember, side: 'sell' | 'buy', payload: unknown, key?: string) {
  const headers: Record<string, string> = { ...member.headers };
  if (key) headers['idempotency-key'] = key;
  return t.app.inject({ method: 'POST', url: `/api/trade/${side}`, payload: payload as object, headers });
}

/** A deal both sides confirm (issue 22): `counterparty` offers `count` at `price`, the owner accepts, both confirm. */
async function confirmedDeal(owner: TestMember, tradeIdx: number, count: number, price: number, counterparty: TestMember) {
  const step = async (who: TestMember, url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload && { payload }) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { dealId: number } }).result;
  };
  const { dealId } = await step(counterparty, '/api/deals', { tradeIdx, stockCount: count, stockPerPrice: price, message: '제안합니다' });
  await step(owner, `/api/deals/${dealId}/accept`);
  await step(owner, `/api/deals/${dealId}/confirm`);
  await step(counterparty, `/api/deals/${dealId}/confirm`);
}

async function create(member: TestMember, side: 'sell' | 'buy', payload: unknown): Promise<Trade> {
  const res = await post(member, side, payload);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

async function list(companyIdx: number, query = '', headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v2/trade/all/company/${companyIdx}${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: Trade[]; total: number } }).result;
}

async function row(id: number) {
  return t.db.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('registering listings', () => {
  it('lets a verified member register a sell and a buy listing that everyone then sees', async () => {
    const companyIdx = await insertCompany(t.db, { currentPrice: 12_000 });
    const sell = await create(seller, 'sell', { ...draft(companyIdx), tradeType: TradeType.SELL, tradeIdx: 0 });
    expect(sell).toMatchObject({
      companyIdx,
      tradeType: TradeType.SELL,
      stockCount: 100,
      stockPerPrice: 10_000,
      totalPrice: 1_000_000,
      stockPriceNegotiationFlag: true,
      tradeStatus: ListingStatus.IN_PROGRESS,
      listPin: ListPin.NORMAL,
      proofCheckStatus: ProofCheckStatus.NONE,
      isMine: true,
      isReported: false,
    });
    expect(new Date(sell.expiresAt).getTime() - new Date(sell.createdAt).getTime()).toBe(30 * DAY);
    const buy = await create(buyer, 'buy', draft(companyIdx, { stockPerPrice: 9_000 }));
    expect(buy.tradeType).toBe(TradeType.BUY);

    const visitor = await list(companyIdx);
    expect(visitor.total).toBe(2);
    expect(visitor.data.every((d) => !d.isMine)).toBe(true);
    const mine = await list(companyIdx, '', seller.headers);
    expect(mine.data.find((d) => d.tradeIdx === sell.tradeIdx)?.isMine).toBe(true);
  });

  it('shows every change at once, though the open list is cached between writes', async () => {
    const companyIdx = await insertCompany(t.db);
    expect((await list(companyIdx)).total).toBe(0);
    const sell = await create(seller, 'sell', draft(companyIdx));
    expect((await list(companyIdx)).data.map((d) => d.tradeIdx)).toEqual([sell.tradeIdx]);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/trade/${sell.tradeIdx}`,
      payload: { stockCount: 3, stockPerPrice: 3, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: false },
      headers: seller.headers,
    });
    expect((await list(companyIdx)).data[0]?.stockCount).toBe(3);
    await t.app.inject({ method: 'DELETE', url: `/api/trade/${sell.tradeIdx}`, headers: seller.headers });
    expect((await list(companyIdx)).total).toBe(0);
  });

  it('orders each side like an order book, pinned listings first', async () => {
    const companyIdx = await insertCompany(t.db);
    for (const price of [12_000, 9_000, 15_000]) await create(seller, 'sell', draft(companyIdx, { stockPerPrice: price }));
    for (const price of [8_000, 11_000, 7_000]) await create(buyer, 'buy', draft(companyIdx, { stockPerPrice: price }));
    const pinned = await create(seller, 'sell', draft(companyIdx, { stockPerPrice: 20_000 }));
    await t.db.updateTable('trades').set({ list_pin: ListPin.TOPFIX }).where('id', '=', pinned.tradeIdx).execute();

    const sells = await list(companyIdx, `?tradeType=${TradeType.SELL}`);
    expect(sells.data.map((d) => d.stockPerPrice)).toEqual([20_000, 9_000, 12_000, 15_000]);
    const buys = await list(companyIdx, `?tradeType=${TradeType.BUY}`);
    expect(buys.data.map((d) => d.stockPerPrice)).toEqual([11_000, 8_000, 7_000]);
    const page2 = await list(companyIdx, `?tradeType=${TradeType.SELL}&page=2&size=3`);
    expect(page2).toMatchObject({ total: 4 });
    expect(page2.data.map((d) => d.stockPerPrice)).toEqual([15_000]);

    const top = await t.app.inject(`/api/v2/trade/all/company/${companyIdx}/top-fix`);
    expect((top.json() as { result: Trade[] }).result.map((d) => d.tradeIdx)).toEqual([pinned.tradeIdx]);
  });

  it('refuses visitors, unverified members and members barred from trading — in Korean', async () => {
    const companyIdx = await insertCompany(t.db);
    const payload = draft(companyIdx);
    await expectError(t.app, { method: 'POST', url: '/api/trade/sell', payload }, 401);
    const common = await createMember(t, { level: UserLevel.COMMON });
    await expectError(t.app, { method: 'POST', url: '/api/trade/sell', payload, headers: common.headers }, 403, '본인인증이 필요합니다.');
    for (const sanction of [SanctionState.STOP_TRADE]) {
      const barred = await createMember(t, { sanction });
      await expectError(
        t.app,
        { method: 'POST', url: '/api/trade/buy', payload, headers: barred.headers },
        403,
        tradeMessages.sanctionStopTrade,
      );
    }
    const suspended = await createMember(t, { sanction: SanctionState.SUSPEND });
    await expectError(t.app, { method: 'POST', url: '/api/trade/buy', payload, headers: suspended.headers }, 403, messages.suspended);
    // A warning or a ban from the discussion does not stop trading.
    for (const sanction of [SanctionState.WARN, SanctionState.STOP_DEBATE]) {
      const member = await createMember(t, { sanction });
      await create(member, 'sell', payload);
    }
    expect(await t.db.selectFrom('trades').select('id').where('company_id', '=', companyIdx).execute()).toHaveLength(2);
  });

  it('checks the money rules exactly as the trade modal does', async () => {
    const companyIdx = await insertCompany(t.db);
    const at = (overrides: Record<string, unknown>) => ({
      method: 'POST' as const,
      url: '/api/trade/sell',
      payload: draft(companyIdx, overrides),
      headers: seller.headers,
    });
    await expectError(t.app, at({ stockPerPrice: 100_000_000 }), 400, tradeMessages.priceTooHigh);
    await expectError(t.app, at({ stockPerPrice: 99_999_999, stockCount: 100_001 }), 400, tradeMessages.totalTooHigh);
    await expectError(t.app, at({ stockPerPrice: 0 }), 400, tradeMessages.priceRequired);
    await expectError(t.app, at({ stockCount: 0 }), 400, tradeMessages.countRequired);
    await expectError(t.app, at({ stockCount: 1.5 }), 400, tradeMessages.integersOnly);
    await expectError(t.app, at({ stockPerPrice: '10000' }), 400);
    await expectError(t.app, at({ stockCount: 2 ** 60 }), 400);
    // The largest allowed listing: 99,999,999 × 100,000 = 9,999,999,900,000 ≤ 9,999,999,999,999.
    const largest = await create(seller, 'sell', draft(companyIdx, { stockPerPrice: 99_999_999, stockCount: 100_000 }));
    expect(largest.totalPrice).toBe(9_999_999_900_000);
    expect(Number((await row(largest.tradeIdx)).stock_per_price)).toBe(99_999_999);
  });

  it('refuses server-owned fields, a side that disagrees with the path and unknown companies', async () => {
    const companyIdx = await insertCompany(t.db);
    const base = { method: 'POST' as const, url: '/api/trade/sell', headers: seller.headers };
    for (const extra of [
      { tradeStatus: ListingStatus.TRADE_FINISHED },
      { status: 12 },
      { listPin: 1 },
      { proofCheckStatus: ProofCheckStatus.VERIFIED },
      { userIdx: buyer.id },
      { createdAt: '2020-01-01' },
    ]) {
      await expectError(t.app, { ...base, payload: { ...draft(companyIdx), ...extra } }, 400, tradeMessages.unknownField);
    }
    await expectError(t.app, { ...base, payload: draft(companyIdx, { tradeType: TradeType.BUY }) }, 400, tradeMessages.tradeMismatch);
    await expectError(t.app, { ...base, payload: draft(companyIdx, { tradeIdx: 7 }) }, 400);
    await expectError(t.app, { ...base, payload: draft(999_999) }, 404, '종목을 찾을 수 없습니다.');
    expect(await t.db.selectFrom('trades').select('id').where('company_id', '=', companyIdx).execute()).toHaveLength(0);
  });
});

describe('unissued stock proofs', () => {
  it('puts an uploaded proof of an unissued-stock sale in the check queue; only the owner sees the image', async () => {
    const companyIdx = await insertCompany(t.db, { labels: ['UNISSUED'] });
    const proof = `/uploads/${'a'.repeat(32)}.webp`;
    const sell = await create(
      seller,
      'sell',
      draft(companyIdx, { stockTradeProofImageUrl: proof, unissuedStockProofCheckFlag: true, proofType: 'CONTRACT' }),
    );
    expect(sell).toMatchObject({ proofCheckStatus: ProofCheckStatus.PENDING, proofType: 'CONTRACT', stockTradeProofImageUrl: proof });
    const seen = await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: buyer.headers });
    expect((seen.json() as { result: Trade }).result).toMatchObject({
      proofCheckStatus: ProofCheckStatus.PENDING,
      stockTradeProofImageUrl: '',
    });

    // The web client's draft carries the company logo as "proof": accepted, and it is no proof.
    const logo = (await t.db.selectFrom('companies').select('logo_url').where('id', '=', companyIdx).executeTakeFirstOrThrow()).logo_url;
    const plain = await create(seller, 'sell', draft(companyIdx, { stockTradeProofImageUrl: logo }));
    expect(plain.proofCheckStatus).toBe(ProofCheckStatus.NONE);
    // Attach a proof later: NONE → PENDING, then it cannot be swapped while being checked.
    const attach = (id: number, headers = seller.headers) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/trade/proof/${id}`,
        payload: { stockTradeProofImageUrl: proof, proofType: 'BANK' },
        headers,
      });
    expect((await attach(plain.tradeIdx)).json()).toMatchObject({ result: { proofCheckStatus: ProofCheckStatus.PENDING } });
    expect((await attach(plain.tradeIdx)).statusCode).toBe(409);
    expect((await attach(plain.tradeIdx, buyer.headers)).statusCode).toBe(403);
  });

  it('refuses proofs that are not ours or where no check applies', async () => {
    const unissued = await insertCompany(t.db, { labels: ['UNISSUED'] });
    const listed = await insertCompany(t.db, { labels: ['KOTC'] });
    const proof = `/uploads/${'b'.repeat(32)}.webp`;
    const at = (side: 'sell' | 'buy', payload: unknown) => ({
      method: 'POST' as const,
      url: `/api/trade/${side}`,
      payload: payload as object,
      headers: seller.headers,
    });
    await expectError(
      t.app,
      at('sell', draft(unissued, { stockTradeProofImageUrl: 'https://evil.example/x.png' })),
      400,
      tradeMessages.invalidProofImage,
    );
    await expectError(t.app, at('sell', draft(unissued, { unissuedStockProofCheckFlag: true })), 400, tradeMessages.proofImageRequired);
    await expectError(
      t.app,
      at('sell', draft(listed, { stockTradeProofImageUrl: proof, unissuedStockProofCheckFlag: true })),
      400,
      tradeMessages.proofOnlyUnissuedSell,
    );
    await expectError(
      t.app,
      at('buy', draft(unissued, { stockTradeProofImageUrl: proof, unissuedStockProofCheckFlag: true })),
      400,
      tradeMessages.proofOnlyUnissuedSell,
    );
  });
});

describe('changing listings', () => {
  it('lets the owner change count, price and the two flags — nothing else', async () => {
    const companyIdx = await insertCompany(t.db);
    const sell = await create(seller, 'sell', draft(companyIdx));
    const patch = (payload: object, headers = seller.headers) =>
      t.app.inject({ method: 'PATCH', url: `/api/trade/${sell.tradeIdx}`, payload, headers });
    const res = await patch({
      tradeIdx: sell.tradeIdx,
      stockCount: 50,
      stockPerPrice: 11_000,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: Trade }).result).toMatchObject({
      stockCount: 50,
      stockPerPrice: 11_000,
      totalPrice: 550_000,
      stockCountNegotiationFlag: true,
      stockPriceNegotiationFlag: false,
      tradeType: TradeType.SELL,
      companyIdx,
    });
    const full = { stockCount: 1, stockPerPrice: 1, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: false };
    for (const extra of [{ companyIdx: 1 }, { tradeType: TradeType.BUY }, { tradeStatus: 12 }, { listPin: 1 }]) {
      expect((await patch({ ...full, ...extra })).statusCode).toBe(400);
    }
    expect((await patch({ ...full, tradeIdx: sell.tradeIdx + 1 })).statusCode).toBe(400);
    expect((await patch({ ...full, stockPerPrice: 100_000_000 })).json()).toMatchObject({ message: tradeMessages.priceTooHigh });
  });

  it('authorization matrix: owner, another member, anonymous, expired token — non-owners change nothing', async () => {
    const companyIdx = await insertCompany(t.db);
    const target = await create(seller, 'sell', draft(companyIdx));
    const reportable = await create(seller, 'sell', draft(companyIdx));
    const routes: InjectOptions[] = [
      {
        method: 'PATCH',
        url: `/api/trade/${target.tradeIdx}`,
        payload: { stockCount: 1, stockPerPrice: 1, stockCountNegotiationFlag: true, stockPriceNegotiationFlag: true },
      },
      { method: 'POST', url: `/api/trade/finish/${target.tradeIdx}`, payload: { finishedPrice: 1 } },
      {
        method: 'PUT',
        url: `/api/trade/proof/${target.tradeIdx}`,
        payload: { stockTradeProofImageUrl: `/uploads/${'c'.repeat(32)}.webp`, proofType: 'BANK' },
      },
      { method: 'DELETE', url: `/api/trade/${target.tradeIdx}` },
    ];
    const before = await row(target.tradeIdx);
    const expired = await expiredToken(t, seller.id);
    for (const route of routes) {
      for (const [who, headers, status] of [
        ['other', buyer.headers, 403],
        ['anonymous', {}, 401],
        ['expired', expired, 401],
      ] as const) {
        crossUser.tried++;
        const res = await t.app.inject({ ...route, headers });
        if (res.statusCode < 300) crossUser.succeeded++;
        expect(res.statusCode, `${who} ${route.method} ${route.url}`).toBe(status);
      }
    }
    expect(await row(target.tradeIdx)).toEqual(before);
    // The owner may report nobody's listing but another's, and never their own.
    await expectError(
      t.app,
      { method: 'POST', url: `/api/accuse/trade/${reportable.tradeIdx}`, payload: { reason: 10 }, headers: seller.headers },
      403,
      tradeMessages.reportSelf,
    );
    // And the owner can do all of it.
    for (const route of routes.slice(0, 1)) {
      const res = await t.app.inject({ ...route, headers: seller.headers });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('a counted finish moves the company price, today’s bar and the TODAY ranking (decision 0006)', async () => {
    const now = t.clock.now();
    const companyIdx = await insertCompany(t.db, {
      currentPrice: 10_000,
      previousClose: 9_000,
      priceUpdatedAt: new Date(now.getTime() - 2 * DAY),
    });
    const sell = await create(seller, 'sell', draft(companyIdx, { stockCount: 100 }));
    const second = await create(buyer, 'buy', draft(companyIdx, { stockCount: 300 }));
    const before = (await t.app.inject(`/api/v2/stock/profile/${companyIdx}`)).json() as { result: { companyStockCurrentPrice: number } };
    expect(before.result.companyStockCurrentPrice).toBe(10_000);

    // Listings must stand 10 minutes before their finish can count.
    t.clock.advance(10 * 60_000);
    const finishAt = t.clock.now();
    // Since issue 22 only a deal both sides confirm counts: a member offers the whole listing at 12,500.
    await confirmedDeal(seller, sell.tradeIdx, 100, 12_500, await createMember(t));
    const res = await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: seller.headers });
    expect((res.json() as { result: Trade }).result).toMatchObject({ tradeStatus: ListingStatus.TRADE_FINISHED, finishedPrice: 12_500 });

    const profile = (await t.app.inject(`/api/v2/stock/profile/${companyIdx}`)).json() as {
      result: { companyStockCurrentPrice: number; stockPriceGap: string; priceSource: string; priceTradeCount: number; priceAt: string };
    };
    // The last price (10,000, two days old) became the previous close.
    expect(profile.result).toMatchObject({
      companyStockCurrentPrice: 12_500,
      stockPriceGap: '2500',
      priceSource: 'TRADE',
      priceTradeCount: 1,
      priceAt: finishAt.toISOString(),
    });
    const bar = await t.db
      .selectFrom('price_bars')
      .selectAll()
      .where('company_id', '=', companyIdx)
      .where('day', '=', seoulDay(now))
      .executeTakeFirstOrThrow();
    expect({ close: Number(bar.close), volume: Number(bar.volume) }).toEqual({ close: 12_500, volume: 100 });

    // Another member's larger trade the same day: the price is the volume-weighted median, the bar
    // widens, the previous close stays.
    await confirmedDeal(buyer, second.tradeIdx, 300, 11_000, await createMember(t));
    const after = await t.db
      .selectFrom('price_bars')
      .selectAll()
      .where('company_id', '=', companyIdx)
      .where('day', '=', seoulDay(now))
      .executeTakeFirstOrThrow();
    expect([after.open, after.high, after.low, after.close, after.volume].map(Number)).toEqual([12_500, 12_500, 11_000, 11_000, 400]);
    const company = await t.db
      .selectFrom('companies')
      .select(['current_price', 'previous_close', 'price_trade_count'])
      .where('id', '=', companyIdx)
      .executeTakeFirstOrThrow();
    expect([company.current_price, company.previous_close, company.price_trade_count].map(Number)).toEqual([11_000, 10_000, 2]);

    const today = (await t.app.inject('/api/v2/stock/ranking-list/TODAY/50')).json() as { result: Array<{ companyIdx: number }> };
    expect(today.result.map((r) => r.companyIdx)).toContain(companyIdx);
    // Finished: no second finish, no edit; hidden from others, kept for the owner.
    await expectError(
      t.app,
      { method: 'POST', url: `/api/trade/finish/${sell.tradeIdx}`, payload: { finishedPrice: 1 }, headers: seller.headers },
      409,
      tradeMessages.tradeEnded,
    );
    expect((await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: buyer.headers })).statusCode).toBe(404);
    expect((await list(companyIdx, `?status=${ListingStatus.TRADE_FINISHED}`, seller.headers)).total).toBe(1);
    expect((await list(companyIdx, `?status=${ListingStatus.TRADE_FINISHED}`, buyer.headers)).total).toBe(1);
    expect((await list(companyIdx, `?status=${ListingStatus.TRADE_FINISHED}`, {})).total).toBe(0);
    t.clock.advance(-10 * 60_000);
  });

  it('deletes only the owner’s listing; deleted listings disappear for everyone', async () => {
    const companyIdx = await insertCompany(t.db);
    const sell = await create(seller, 'sell', draft(companyIdx));
    const del = (headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/trade/${sell.tradeIdx}`, headers });
    expect((await del(buyer.headers)).statusCode).toBe(403);
    expect((await del(seller.headers)).json()).toEqual({ result: true });
    expect((await row(sell.tradeIdx)).status).toBe(ListingStatus.USER_DELETED);
    expect((await del(seller.headers)).statusCode).toBe(404);
    expect((await list(companyIdx)).total).toBe(0);
    expect((await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: seller.headers })).statusCode).toBe(200);
    expect((await t.app.inject(`/api/v2/trade/${sell.tradeIdx}`)).statusCode).toBe(404);
  });
});

describe('the 30-day lifecycle', () => {
  it('ends listings at 30 days at read time, whatever the job has done, and the job records it once', async () => {
    const companyIdx = await insertCompany(t.db);
    const sell = await create(seller, 'sell', draft(companyIdx));
    const start = t.clock.now();
    try {
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1000));
      expect((await list(companyIdx)).total).toBe(1);
      // The owner's 내 매물, kept between their reads (issue 24), shows it open until its time.
      const mine = async () =>
        (
          (await t.app.inject({ url: '/api/trade/my', headers: await freshHeaders(t, seller.id) })).json() as { result: { data: Trade[] } }
        ).result.data.find((d) => d.tradeIdx === sell.tradeIdx)?.tradeStatus;
      expect(await mine()).toBe(ListingStatus.IN_PROGRESS);
      expect(await mine()).toBe(ListingStatus.IN_PROGRESS);
      const ranking = (await t.app.inject('/api/v2/stock/list?size=100')).json() as {
        result: { data: Array<{ companyIdx: number; tradeCount: number }> };
      };
      expect(ranking.result.data.find((d) => d.companyIdx === companyIdx)?.tradeCount ?? 1).toBe(1);

      t.clock.set(new Date(start.getTime() + 30 * DAY));
      const owner = await freshHeaders(t, seller.id);
      expect((await list(companyIdx)).total).toBe(0);
      expect(await mine()).toBe(ListingStatus.TRADE_EXPIRED);
      expect((await t.app.inject(`/api/v2/trade/${sell.tradeIdx}`)).statusCode).toBe(404);
      const own = await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: owner });
      expect((own.json() as { result: Trade }).result.tradeStatus).toBe(ListingStatus.TRADE_EXPIRED);
      expect((await list(companyIdx, `?status=${ListingStatus.TRADE_EXPIRED}`, owner)).total).toBe(1);
      expect((await list(companyIdx, `?status=${ListingStatus.TRADE_EXPIRED}`, buyer.headers)).total).toBe(0);
      await expectError(
        t.app,
        {
          method: 'PATCH',
          url: `/api/trade/${sell.tradeIdx}`,
          payload: { stockCount: 1, stockPerPrice: 1, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: false },
          headers: owner,
        },
        409,
        tradeMessages.tradeEnded,
      );
      expect((await row(sell.tradeIdx)).status).toBe(ListingStatus.IN_PROGRESS);

      const recorded = await t.app.services.trades.expireDue();
      expect(recorded).toBeGreaterThanOrEqual(1);
      expect((await row(sell.tradeIdx)).status).toBe(ListingStatus.TRADE_EXPIRED);
      expect(await t.app.services.trades.expireDue()).toBe(0);
      // Two runs at once (two instances): the lock lets one work and the other skip.
      const both = await Promise.all([t.app.services.trades.expireDue(), t.app.services.trades.expireDue()]);
      expect(both.filter((n) => n === 0).length + both.filter((n) => n === null).length).toBe(2);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('concurrency and idempotency', () => {
  it('200 parallel creations leave exactly 200 rows', async () => {
    const companyIdx = await insertCompany(t.db);
    const members = await Promise.all(Array.from({ length: 4 }, () => createMember(t)));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        post(members[i % 4] as TestMember, i % 2 ? 'sell' : 'buy', draft(companyIdx, { stockCount: i + 1 })),
      ),
    );
    concurrency.writes += 200;
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const rows = await t.db.selectFrom('trades').select('stock_count').where('company_id', '=', companyIdx).execute();
    const counts = new Set(rows.map((r) => Number(r.stock_count)));
    concurrency.lost += 200 - counts.size;
    concurrency.doubled += rows.length - counts.size;
    expect(rows).toHaveLength(200);
    expect(counts.size).toBe(200);
  });

  it('a retried POST with the same Idempotency-Key makes one row and answers the same', async () => {
    const companyIdx = await insertCompany(t.db);
    const key = 'b7a1f0f2-7d6e-4a52-9d0a-3f2d9b1c0e11';
    const first = await post(seller, 'sell', draft(companyIdx), key);
    const again = await post(seller, 'sell', draft(companyIdx), key);
    expect(again.json()).toEqual(first.json());
    // Retries racing each other.
    const racing = await Promise.all(Array.from({ length: 20 }, () => post(seller, 'buy', draft(companyIdx), 'race-key-1')));
    concurrency.writes += 22;
    expect(racing.map((r) => r.statusCode).every((s) => s === 200 || s === 409)).toBe(true);
    const ids = new Set(racing.filter((r) => r.statusCode === 200).map((r) => (r.json() as { result: Trade }).result.tradeIdx));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('trades').select('id').where('company_id', '=', companyIdx).execute();
    concurrency.doubled += rows.length - 2;
    expect(rows).toHaveLength(2);
    // The key belongs to one request: another body, another member, a bad key.
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/trade/sell',
        payload: draft(companyIdx, { stockCount: 7 }),
        headers: { ...seller.headers, 'idempotency-key': key },
      },
      422,
      tradeMessages.idempotencyKeyReused,
    );
    expect((await post(buyer, 'sell', draft(companyIdx), key)).statusCode).toBe(200);
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/trade/sell',
        payload: draft(companyIdx),
        headers: { ...seller.headers, 'idempotency-key': 'x'.repeat(101) },
      },
      400,
      tradeMessages.idempotencyKeyInvalid,
    );
    // A day later the key may be used again.
    const start = t.clock.now();
    t.clock.advance(DAY + 1000);
    try {
      const later = await post({ ...seller, headers: await freshHeaders(t, seller.id) }, 'sell', draft(companyIdx), key);
      expect((later.json() as { result: Trade }).result.tradeIdx).not.toBe((first.json() as { result: Trade }).result.tradeIdx);
      // Housekeeping forgets the other day-old keys; the one just reused is kept.
      expect(await purgeIdempotencyKeys(t.db, t.clock.now())).toBeGreaterThanOrEqual(2);
      const left = await t.db.selectFrom('idempotency_keys').select('key').where('user_id', '=', seller.id).execute();
      expect(left.map((k) => k.key)).toEqual([key]);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('reports', () => {
  it('takes one report per member and listing, with a reason from the spec', async () => {
    const companyIdx = await insertCompany(t.db);
    const sell = await create(seller, 'sell', draft(companyIdx));
    const report = (payload: object, headers: Record<string, string> = buyer.headers) =>
      t.app.inject({ method: 'POST', url: `/api/accuse/trade/${sell.tradeIdx}`, payload, headers });
    expect((await report({ reason: 0 })).statusCode).toBe(400);
    expect((await report({ reason: 6 })).json()).toMatchObject({ message: tradeMessages.reportReasonRequired });
    expect((await report({ reason: 10, detail: '가'.repeat(501) })).statusCode).toBe(400);
    expect((await report({ reason: 10 }, {})).statusCode).toBe(401);
    // What the buyer has reported is kept for their reads (issue 24): read once before the report…
    expect((await list(companyIdx, '', buyer.headers)).data[0]?.isReported).toBe(false);
    const ok = await report({ reason: 10, detail: '시세보다 지나치게 싼 허위 매물로 보입니다.' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { result: { accuseIdx: number } }).result.accuseIdx).toBeGreaterThan(0);
    expect((await report({ reason: 2 })).json()).toMatchObject({ message: tradeMessages.reportDuplicate });
    // Reported listings stay visible until an operator decides; the reporter sees the mark.
    const seen = await t.app.inject({ url: `/api/v2/trade/${sell.tradeIdx}`, headers: buyer.headers });
    expect((seen.json() as { result: Trade }).result.isReported).toBe(true);
    // …and marked in their next list at once; no one else's.
    expect((await list(companyIdx, '', buyer.headers)).data[0]?.isReported).toBe(true);
    expect((await list(companyIdx, '', seller.headers)).data[0]?.isReported).toBe(false);
    expect((await list(companyIdx)).total).toBe(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/accuse/trade/999999', payload: { reason: 1 }, headers: buyer.headers })).statusCode,
    ).toBe(404);
  });
});

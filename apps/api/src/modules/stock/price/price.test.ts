import {
  LISTING_LIFETIME_DAYS,
  SanctionState,
  type StockProfile,
  seoulDay,
  type Trade,
  UserLevel,
  weightedMedian,
  withinDailyBand,
} from '@beesang/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../../test/factories.ts';
import { getResult } from '../../../test/http.ts';
import { createMember, freshHeaders } from '../../../test/members.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../../../test/test-app.ts';

/** The 기준가 rule end to end (docs/decisions/0006-price-rule.md), through the API and the real database. */

let t: TestApp;
const MINUTE = 60_000;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ companies: 5 });
});
afterAll(async () => {
  await t?.close();
});

type Member = { id: number };
const member = (opts: { sanction?: number; level?: number } = {}) => createMember(t, opts);

async function post(m: Member, companyIdx: number, count: number, price: number, side: 'sell' | 'buy' = 'sell'): Promise<Trade> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/trade/${side}`,
    payload: { companyIdx, stockCount: count, stockPerPrice: price, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
    headers: await freshHeaders(t, m.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

/** The owner's own 거래완료: the listing ends on their word alone (recorded, never counted since issue 22). */
async function finishAlone(m: Member, tradeIdx: number, finishedPrice: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/trade/finish/${tradeIdx}`,
    payload: { finishedPrice },
    headers: await freshHeaders(t, m.id),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

async function dealStep(m: Member, url: string, payload?: object) {
  const res = await t.app.inject({ method: 'POST', url, headers: await freshHeaders(t, m.id), ...(payload && { payload }) });
  expect(res.statusCode, `${url} → ${res.body}`).toBe(200);
  return (res.json() as { result: { dealId?: number } }).result;
}

/**
 * A trade both sides confirm (issue 22), the only kind the price rule counts: `counterparty` (a new
 * verified member unless given) offers the whole listing at `price`, its owner accepts, both confirm.
 * The listing as its owner then sees it.
 */
async function finish(owner: Member, tradeIdx: number, price: number, counterparty?: Member): Promise<Trade> {
  const other = counterparty ?? (await member());
  const listing = await getResult<Trade>(t.app, `/api/v2/trade/${tradeIdx}`);
  const { dealId } = await dealStep(other, '/api/deals', {
    tradeIdx,
    stockCount: listing.openStockCount,
    stockPerPrice: price,
    message: '거래 제안',
  });
  await dealStep(owner, `/api/deals/${dealId}/accept`);
  await dealStep(owner, `/api/deals/${dealId}/confirm`);
  await dealStep(other, `/api/deals/${dealId}/confirm`);
  const res = await t.app.inject({ url: `/api/v2/trade/${tradeIdx}`, headers: await freshHeaders(t, owner.id) });
  return (res.json() as { result: Trade }).result;
}

const profile = (id: number) => getResult<StockProfile>(t.app, `/api/v2/stock/profile/${id}`);
const mark = (tradeIdx: number) =>
  t.db.selectFrom('trade_price_marks').selectAll().where('trade_id', '=', tradeIdx).executeTakeFirstOrThrow();
const bars = (id: number) =>
  t.db
    .selectFrom('price_bars')
    .select(['day', 'open', 'high', 'low', 'close', 'volume'])
    .where('company_id', '=', id)
    .orderBy('day')
    .execute();

/** A company priced at `basis` two days ago: today's basis is `basis`. */
function company(basis = 100_000, over: Parameters<typeof insertCompany>[1] = {}) {
  return insertCompany(t.db, {
    currentPrice: basis,
    previousClose: basis,
    priceUpdatedAt: new Date(t.clock.now().getTime() - 2 * DAY),
    ...over,
  });
}

function resetClock() {
  t.clock.set(TEST_NOW);
}

describe('the manipulation script (issue 10)', () => {
  it('a 1-share listing finished at once at 99,999,999 원 leaves the price, the chart and 급상승 unchanged, and is recorded as excluded', async () => {
    resetClock();
    const id = await company(10_000);
    const chartBefore = await bars(id);
    const before = await profile(id);
    const scammer = await member();

    const listing = await post(scammer, id, 1, 10_000);
    const done = await finishAlone(scammer, listing.tradeIdx, 99_999_999);
    // Still the member's finished trade…
    expect(done).toMatchObject({ tradeStatus: 12, finishedPrice: 99_999_999 });
    // …but not the company's price.
    const after = await profile(id);
    expect(after).toEqual(before);
    expect(after).toMatchObject({ companyStockCurrentPrice: 10_000, priceSource: 'IMPORT', priceTradeCount: 0 });
    expect(await bars(id)).toEqual(chartBefore);
    const up = await getResult<Array<{ companyIdx: number }>>(t.app, '/api/v2/stock/ranking-list/HIGH_UP/100');
    expect(up.map((r) => r.companyIdx)).not.toContain(id);
    expect(await mark(listing.tradeIdx)).toMatchObject({ counted: false, reasons: ['TOO_SOON', 'OUT_OF_BAND', 'SELF_DECLARED'] });

    // The same with a 1-원 finish and with patience: still excluded, now for the other reasons.
    const patient = await post(scammer, id, 1, 10_000);
    t.clock.advance(11 * MINUTE);
    await finishAlone(scammer, patient.tradeIdx, 1);
    expect(await mark(patient.tradeIdx)).toMatchObject({ counted: false, reasons: ['OUT_OF_BAND', 'TOO_SMALL', 'SELF_DECLARED'] });
    // And a finish inside every other condition, declared alone: the owner's record, never the price (issue 22).
    const plausible = await post(scammer, id, 100, 10_000);
    t.clock.advance(11 * MINUTE);
    await finishAlone(scammer, plausible.tradeIdx, 13_000);
    expect(await mark(plausible.tradeIdx)).toMatchObject({ counted: false, reasons: ['SELF_DECLARED'] });
    expect(await profile(id)).toEqual(before);
  });
});

describe('one member alone cannot move a price (issue 22)', () => {
  it('two listings and a finish declared alone at the band’s edge leave it; two verified members confirming a deal move it', async () => {
    resetClock();
    const id = await company(100_000);
    const before = await profile(id);
    const alone = await member();
    const first = await post(alone, id, 100, 100_000);
    const second = await post(alone, id, 50, 100_000, 'buy');
    t.clock.advance(11 * MINUTE);
    await finishAlone(alone, first.tradeIdx, 130_000);
    await finishAlone(alone, second.tradeIdx, 130_000);
    expect(await profile(id)).toEqual(before);

    const third = await post(alone, id, 100, 100_000);
    t.clock.advance(11 * MINUTE);
    await finish(alone, third.tradeIdx, 130_000);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 130_000, priceSource: 'TRADE', priceTradeCount: 1 });
  });
});

describe('a counted finish', () => {
  it('a verified member’s 10-share finish at +5 % after 10 minutes moves the price, with its provenance everywhere', async () => {
    resetClock();
    const id = await company(100_000, { name: '출처테스트기업' });
    const seller = await member();
    const listing = await post(seller, id, 10, 100_000);
    t.clock.advance(10 * MINUTE);
    const at = t.clock.now();
    await finish(seller, listing.tradeIdx, 105_000);

    expect(await mark(listing.tradeIdx)).toMatchObject({ counted: true, reasons: [] });
    const provenance = { priceSource: 'TRADE', priceAt: at.toISOString(), priceTradeCount: 1 };
    expect(await profile(id)).toMatchObject({
      companyStockCurrentPrice: 105_000,
      stockPriceGap: '5000',
      stockPriceRateGap: '5.00',
      ...provenance,
    });
    const search = await getResult<Array<{ companyIdx: number }>>(t.app, `/api/v2/stock/search/${encodeURIComponent('출처테스트기업')}`);
    expect(search.find((r) => r.companyIdx === id)).toMatchObject({ companyStockCurrentPrice: 105_000, ...provenance });
    const today = await getResult<Array<{ companyIdx: number }>>(t.app, '/api/v2/stock/ranking-list/TODAY/100');
    expect(today.find((r) => r.companyIdx === id)).toMatchObject(provenance);
    const all = await getResult<{ data: Array<{ companyIdx: number }> }>(t.app, '/api/v2/stock/list?sort=price&order=desc&size=100');
    expect(all.data.find((r) => r.companyIdx === id)).toMatchObject(provenance);
    const chart = await getResult<{ data: Array<{ date: string; close: number }> }>(t.app, `/api/stock/chart/${id}?range=1M`);
    expect(chart).toMatchObject(provenance);
    expect(chart.data.at(-1)).toMatchObject({ date: seoulDay(at), close: 105_000 });
  });

  it('the stock profile carries the open listings’ best 호가', async () => {
    resetClock();
    const id = await company(20_000);
    expect(await profile(id)).toMatchObject({ bestBuyPrice: null, bestSellPrice: null });
    const a = await member();
    await post(a, id, 5, 21_000, 'sell');
    await post(a, id, 5, 20_500, 'sell');
    await post(a, id, 5, 19_000, 'buy');
    const dearest = await post(a, id, 5, 19_500, 'buy');
    expect(await profile(id)).toMatchObject({ bestBuyPrice: 19_500, bestSellPrice: 20_500 });
    await t.app.inject({ method: 'DELETE', url: `/api/trade/${dearest.tradeIdx}`, headers: await freshHeaders(t, a.id) });
    expect(await profile(id)).toMatchObject({ bestBuyPrice: 19_000, bestSellPrice: 20_500 });
    // The service keeps them until a write says otherwise, or until the first open listing expires:
    // time alone, no write, empties the book. (The serialised answers in front of it are kept 5 s of
    // the real clock at most, lib/answer-cache.ts, which this test's clock does not move.)
    const stocks = t.app.services.stocks;
    expect(await stocks.profile(id, false)).toMatchObject({ bestBuyPrice: 19_000, bestSellPrice: 20_500 });
    t.clock.advance((LISTING_LIFETIME_DAYS + 1) * DAY);
    expect(await stocks.profile(id, false)).toMatchObject({ bestBuyPrice: null, bestSellPrice: null });
  });
});

describe('each condition of the rule, proven through the API', () => {
  it('a sanctioned (WARN) member’s finish is excluded', async () => {
    resetClock();
    const id = await company();
    const warned = await member({ sanction: SanctionState.WARN });
    const listing = await post(warned, id, 10, 100_000);
    t.clock.advance(10 * MINUTE);
    await finish(warned, listing.tradeIdx, 100_000);
    expect(await mark(listing.tradeIdx)).toMatchObject({ counted: false, reasons: ['SANCTIONED'] });
    expect((await profile(id)).companyStockCurrentPrice).toBe(100_000);
  });

  it('an edit restarts the 10 minutes: a listing cannot be aged small and finished large', async () => {
    resetClock();
    const id = await company();
    const m = await member();
    const listing = await post(m, id, 1, 100_000);
    t.clock.advance(30 * MINUTE);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/trade/${listing.tradeIdx}`,
      payload: { stockCount: 1_000, stockPerPrice: 100_000, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
      headers: await freshHeaders(t, m.id),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    t.clock.advance(9 * MINUTE + 59_000);
    await finish(m, listing.tradeIdx, 120_000);
    expect(await mark(listing.tradeIdx)).toMatchObject({ counted: false, reasons: ['TOO_SOON'] });
  });

  it('the band is ±30 % of the basis, inclusive; the value is at least 1,000,000 원', async () => {
    resetClock();
    const cases: Array<[count: number, price: number, counted: boolean]> = [
      [10, 130_000, true],
      [10, 130_001, false],
      [15, 70_000, true],
      [15, 69_999, false],
      [10, 100_000, true],
      [10, 99_999, false],
    ];
    for (const [count, price, counted] of cases) {
      const id = await company();
      const m = await member();
      const listing = await post(m, id, count, 100_000);
      t.clock.advance(10 * MINUTE);
      await finish(m, listing.tradeIdx, price);
      expect((await mark(listing.tradeIdx)).counted, `${count} × ${price}`).toBe(counted);
      expect((await profile(id)).companyStockCurrentPrice).toBe(counted ? price : 100_000);
      resetClock();
    }
  });

  it('one counted finish per member, company and Seoul day; the basis rolls over at midnight KST', async () => {
    resetClock();
    const id = await company();
    const m = await member();
    const first = await post(m, id, 10, 100_000);
    const second = await post(m, id, 10, 100_000);
    const third = await post(m, id, 10, 100_000);
    t.clock.advance(10 * MINUTE);
    await finish(m, first.tradeIdx, 130_000);
    // The same member again the same day: kept out, whatever the price.
    await finish(m, second.tradeIdx, 125_000);
    expect(await mark(second.tradeIdx)).toMatchObject({ counted: false, reasons: ['ALREADY_COUNTED'] });
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 130_000, stockPriceRateGap: '30.00', priceTradeCount: 1 });

    // Next Seoul day (00:00 KST = 15:00 UTC): the basis is yesterday's 130,000, so +30 % is 169,000.
    t.clock.set('2026-11-20T15:00:00.000Z');
    await finish(m, third.tradeIdx, 169_000);
    expect(await mark(third.tradeIdx)).toMatchObject({ counted: true });
    expect(Number((await mark(third.tradeIdx)).basis)).toBe(130_000);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 169_000, stockPriceGap: '39000', priceTradeCount: 1 });
    expect((await bars(id)).slice(-2).map((b) => [b.day, Number(b.close)])).toEqual([
      ['2026-11-20', 130_000],
      ['2026-11-21', 169_000],
    ]);
  });

  it('a company without a price cannot be priced by a trade', async () => {
    resetClock();
    const id = await company(0);
    const m = await member();
    const listing = await post(m, id, 100, 50_000);
    t.clock.advance(10 * MINUTE);
    await finish(m, listing.tradeIdx, 50_000);
    expect(await mark(listing.tradeIdx)).toMatchObject({ counted: false, reasons: ['NO_BASIS'] });
    expect((await profile(id)).companyStockCurrentPrice).toBe(0);
  });

  it('racing finishes of one member on one company: exactly one counts', async () => {
    resetClock();
    const id = await company();
    const m = await member();
    const listings = await Promise.all([1, 2, 3, 4].map(() => post(m, id, 10, 100_000)));
    t.clock.advance(10 * MINUTE);
    await Promise.all(listings.map((l, i) => finish(m, l.tradeIdx, 101_000 + i * 1_000)));
    const marks = await Promise.all(listings.map((l) => mark(l.tradeIdx)));
    expect(marks.filter((x) => x.counted)).toHaveLength(1);
  });
});

describe('every listing shows its owner’s trust summary from real data', () => {
  it('identity, member since, counted finished trades and upheld reports', async () => {
    resetClock();
    const id = await company();
    const m = await member();
    const since = (await t.db.selectFrom('users').select('created_at').where('id', '=', m.id).executeTakeFirstOrThrow()).created_at;
    const first = await post(m, id, 10, 100_000);
    expect(first.writerTrust).toEqual({
      identityVerified: true,
      memberSince: new Date(since).toISOString(),
      countedTrades: 0,
      upheldReports: 0,
      confirmedTrades: 0,
      goodReviews: 0,
      badReviews: 0,
    });
    t.clock.advance(10 * MINUTE);
    await finish(m, first.tradeIdx, 100_000);
    // An excluded finish (the same day again) does not add to the count.
    const second = await post(m, id, 10, 100_000);
    t.clock.advance(10 * MINUTE);
    await finish(m, second.tradeIdx, 100_000);

    const third = await post(m, id, 10, 100_000);
    // An operator upheld a report against one of the member's listings (twice reported, one target).
    const [r1, r2] = [await member(), await member()];
    for (const reporter of [r1, r2])
      await t.db
        .insertInto('reports')
        .values({
          reporter_id: reporter.id,
          target_type: 'trade',
          target_id: second.tradeIdx,
          reason: 10,
          status: 2,
          created_at: t.clock.now(),
        })
        .execute();
    const seen = await getResult<{ data: Trade[] }>(t.app, `/api/v2/trade/all/company/${id}`);
    expect(seen.data.find((x) => x.tradeIdx === third.tradeIdx)?.writerTrust).toMatchObject({ countedTrades: 1, upheldReports: 1 });

    // Through the product: a member reports the third listing and an operator upholds it; the trust
    // line (kept per instance, issue 24) says so on the very next read.
    const fourth = await post(m, id, 10, 100_000);
    const reporter = await member();
    const accused = await t.app.inject({
      method: 'POST',
      url: `/api/accuse/trade/${third.tradeIdx}`,
      headers: reporter.headers,
      payload: { reason: 5, detail: '' },
    });
    expect(accused.statusCode, accused.body).toBe(200);
    const moderator = await member();
    await t.db.updateTable('users').set({ staff_role: 'MODERATOR' }).where('id', '=', moderator.id).execute();
    const resolved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/TRADE/${third.tradeIdx}/resolve`,
      headers: moderator.headers,
      payload: { action: 'HIDE', note: '' },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const after = await getResult<{ data: Trade[] }>(t.app, `/api/v2/trade/all/company/${id}`);
    expect(after.data.find((x) => x.tradeIdx === fourth.tradeIdx)?.writerTrust).toMatchObject({ upheldReports: 2 });
  });
});

describe('rankings', () => {
  it('급상승 skips a change that rests on a single counted trade, and shows it once a second member agrees', async () => {
    resetClock();
    const id = await company(100_000);
    const [a, b] = [await member(), await member()];
    const la = await post(a, id, 10, 100_000);
    const lb = await post(b, id, 30, 100_000);
    t.clock.advance(10 * MINUTE);
    await finish(a, la.tradeIdx, 130_000);
    const up = () =>
      getResult<Array<{ companyIdx: number }>>(t.app, '/api/v2/stock/ranking-list/HIGH_UP/100').then((r) => r.map((x) => x.companyIdx));
    expect(await up()).not.toContain(id);
    await finish(b, lb.tradeIdx, 120_000);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 120_000, priceTradeCount: 2 });
    expect(await up()).toContain(id);
  });
});

describe('random sequences of listings and finishes (property, real database)', () => {
  const PROPERTY_SEED = Number(process.env.PRICE_PROPERTY_SEED ?? 20261125);
  type Op =
    | { kind: 'list'; who: number; count: number; price: number }
    | { kind: 'wait'; minutes: number }
    | { kind: 'finish'; pick: number; price: number }
    | { kind: 'edit'; pick: number; count: number };
  const listing = fc.record({
    kind: fc.constant('list' as const),
    who: fc.integer({ min: 0, max: 3 }),
    count: fc.oneof({ weight: 1, arbitrary: fc.constant(1) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 100 }) }),
    price: fc.integer({ min: 1, max: 200_000 }),
  });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 2, arbitrary: listing },
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 1, max: 20 }) }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('finish' as const),
        pick: fc.nat(),
        price: fc.oneof(
          { weight: 1, arbitrary: fc.constant(1) },
          { weight: 4, arbitrary: fc.integer({ min: 65_000, max: 135_000 }) },
          { weight: 1, arbitrary: fc.integer({ min: 1, max: 99_999_999 }) },
        ),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('edit' as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 100 }) }) },
  );

  it('never moves a price outside the band, never on a 1-share or 1-원 trade, and the price is the median of the counted finishes', async () => {
    const runs = { finishes: 0, counted: 0, total: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(listing, { minLength: 3, maxLength: 8 }),
        fc.array(op, { minLength: 4, maxLength: 16 }),
        async (first, rest) => {
          const ops: Op[] = [...first, { kind: 'wait', minutes: 10 }, ...rest];
          resetClock();
          const basis = 100_000;
          const id = await company(basis);
          const members = [
            await member(),
            await member(),
            await member(),
            await member({ level: UserLevel.REGULAR, sanction: SanctionState.WARN }),
          ];
          const open: Array<{ trade: Trade; owner: Member }> = [];
          for (const o of ops) {
            if (o.kind === 'wait') t.clock.advance(o.minutes * MINUTE);
            else if (o.kind === 'list') {
              const owner = members[o.who] as Member;
              open.push({ trade: await post(owner, id, o.count, o.price), owner });
            } else if (open.length > 0) {
              const at = o.pick % open.length;
              const { trade, owner } = open[at] as { trade: Trade; owner: Member };
              if (o.kind === 'edit') {
                await t.app.inject({
                  method: 'PATCH',
                  url: `/api/trade/${trade.tradeIdx}`,
                  payload: {
                    stockCount: o.count,
                    stockPerPrice: trade.stockPerPrice,
                    stockCountNegotiationFlag: false,
                    stockPriceNegotiationFlag: true,
                  },
                  headers: await freshHeaders(t, owner.id),
                });
                open[at] = { trade: { ...trade, stockCount: o.count }, owner };
                continue;
              }
              open.splice(at, 1);
              const before = (await profile(id)).companyStockCurrentPrice;
              await finish(owner, trade.tradeIdx, o.price);
              runs.finishes++;
              const after = (await profile(id)).companyStockCurrentPrice;
              if (trade.stockCount === 1 && o.price < 1_000_000) expect(after).toBe(before);
              if (o.price === 1) expect(after).toBe(before);
              expect(withinDailyBand(after, basis)).toBe(true);
              const counted = await t.db
                .selectFrom('trade_price_marks')
                .select(['price', 'stock_count', 'user_id'])
                .where('company_id', '=', id)
                .where('counted', '=', true)
                .execute();
              runs.counted = Math.max(runs.counted, counted.length);
              if (counted.length > 0 && after !== before) runs.total++;
              if (counted.length > 0)
                expect(after).toBe(weightedMedian(counted.map((c) => ({ price: Number(c.price), count: Number(c.stock_count) }))));
              else expect(after).toBe(basis);
              expect(new Set(counted.map((c) => c.user_id)).size).toBe(counted.length);
              expect(counted.map((c) => c.user_id)).not.toContain((members[3] as Member).id);
            }
          }
        },
      ),
      // A fixed seed keeps CI reproducible (the coverage check below must not depend on luck);
      // PRICE_PROPERTY_SEED explores other sequences locally.
      { numRuns: 30, seed: PROPERTY_SEED },
    );
    console.log(
      `price property: ${runs.finishes} finishes, ${runs.total} moved a price, up to ${runs.counted} counted on one company (seed ${PROPERTY_SEED})`,
    );
    // The generator must reach the interesting cases: several counted finishes on one company.
    expect(runs.counted).toBeGreaterThanOrEqual(2);
    expect(runs.total).toBeGreaterThanOrEqual(3);
  });
});

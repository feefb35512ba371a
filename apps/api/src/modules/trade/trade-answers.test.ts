import { ListingStatus, type Trade } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { createMember, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../test/test-app.ts';

/**
 * A company's open listings are kept serialised (issue 24) under what of them is the reader's own:
 * which listings are theirs and which they reported. Everything else in the answer is the same for
 * every reader, so readers with no marks share the visitors' bytes.
 */
let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ companies: 3, limits: { rules: LISTINGS_UNLIMITED } });
});
afterAll(async () => {
  await t?.close();
});

async function sell(member: TestMember, companyIdx: number, price: number): Promise<Trade> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    headers: member.headers,
    payload: { companyIdx, stockCount: 10, stockPerPrice: price, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

async function report(member: TestMember, tradeIdx: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/accuse/trade/${tradeIdx}`,
    headers: member.headers,
    payload: { reason: 10 },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A deal on all of `listing` at its price, offered by `buyer`, accepted and confirmed by both (issue 22). */
async function confirmedDeal(owner: TestMember, listing: Trade, buyer: TestMember) {
  const step = async (who: TestMember, url: string, payload?: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: who.headers, ...(payload && { payload }) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { dealId: number } }).result;
  };
  const offer = { tradeIdx: listing.tradeIdx, stockCount: listing.stockCount, stockPerPrice: listing.stockPerPrice, message: '제안합니다' };
  const { dealId } = await step(buyer, '/api/deals', offer);
  await step(owner, `/api/deals/${dealId}/accept`);
  await step(owner, `/api/deals/${dealId}/confirm`);
  await step(buyer, `/api/deals/${dealId}/confirm`);
}

/** The list's raw answer and its listings by id, as `headers` reads it. */
async function read(companyIdx: number, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/v2/trade/all/company/${companyIdx}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  const data = (res.json() as { result: { data: Trade[] } }).result.data;
  return { body: res.body, byId: new Map(data.map((d) => [d.tradeIdx, d])) };
}

/** The marks of each listing: [id, isMine, isReported]. */
const marks = (byId: Map<number, Trade>) =>
  [...byId.values()].map((d) => [d.tradeIdx, d.isMine, d.isReported]).sort((x, y) => Number(x[0]) - Number(y[0]));

describe("a company's open listings, kept serialised", () => {
  it('give each reader their own listings and reports, interleaved, and readers without any the visitors’ bytes', async () => {
    const company = await insertCompany(t.db);
    const [a, b, c, d] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    const la = await sell(a, company, 10_000);
    const lb = await sell(b, company, 11_000);
    await report(c, la.tradeIdx);

    const visitorBody = (await read(company)).body;
    const expected: Array<[Record<string, string>, Array<[number, boolean, boolean]>]> = [
      [
        {},
        [
          [la.tradeIdx, false, false],
          [lb.tradeIdx, false, false],
        ],
      ],
      [
        a.headers,
        [
          [la.tradeIdx, true, false],
          [lb.tradeIdx, false, false],
        ],
      ],
      [
        b.headers,
        [
          [la.tradeIdx, false, false],
          [lb.tradeIdx, true, false],
        ],
      ],
      [
        c.headers,
        [
          [la.tradeIdx, false, true],
          [lb.tradeIdx, false, false],
        ],
      ],
      [
        d.headers,
        [
          [la.tradeIdx, false, false],
          [lb.tradeIdx, false, false],
        ],
      ],
    ];
    // Three rounds, each in another order: whoever reads first makes the answer the others may share.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < expected.length; i++) {
        const [headers, want] = expected[(i + round * 2) % expected.length] as (typeof expected)[number];
        const { body, byId } = await read(company, headers);
        expect(marks(byId)).toEqual(want);
        // A writer's proof is shown to them alone.
        for (const listing of byId.values()) if (!listing.isMine) expect(listing.stockTradeProofImageUrl).toBe('');
        if (headers === d.headers || headers === expected[0]?.[0]) expect(body).toBe(visitorBody);
        else expect(body).not.toBe(visitorBody);
      }
    }
  });

  it('show a new listing, a reader’s new report and a writer’s new trust line at the next read', async () => {
    const company = await insertCompany(t.db);
    const elsewhere = await insertCompany(t.db);
    const [writer, reader, newcomer, buyer] = [await createMember(t), await createMember(t), await createMember(t), await createMember(t)];
    const first = await sell(writer, company, 10_000);
    const other = await sell(writer, elsewhere, 20_000);
    expect((await read(company)).byId.size).toBe(1);
    expect((await read(company, reader.headers)).byId.size).toBe(1);

    const added = await sell(newcomer, company, 9_000);
    expect([...(await read(company)).byId.keys()].sort()).toEqual([first.tradeIdx, added.tradeIdx].sort());

    expect((await read(company, reader.headers)).byId.get(added.tradeIdx)?.isReported).toBe(false);
    await report(reader, added.tradeIdx);
    expect((await read(company, reader.headers)).byId.get(added.tradeIdx)?.isReported).toBe(true);
    expect((await read(company)).byId.get(added.tradeIdx)?.isReported).toBe(false);

    // A deal confirmed on the writer's listing of another company changes their trust line here too.
    const trust = async () => (await read(company)).byId.get(first.tradeIdx)?.writerTrust.confirmedTrades;
    expect(await trust()).toBe(0);
    await confirmedDeal(writer, other, buyer);
    expect(await trust()).toBe(1);
  });

  it('is read again once its first listing ends by the clock alone', async () => {
    const company = await insertCompany(t.db);
    const writer = await createMember(t);
    const start = t.clock.now();
    try {
      const listing = await sell(writer, company, 10_000);
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1));
      expect((await read(company)).byId.has(listing.tradeIdx)).toBe(true);
      expect((await read(company)).byId.has(listing.tradeIdx)).toBe(true);
      t.clock.set(new Date(start.getTime() + 30 * DAY));
      expect((await read(company)).byId.size).toBe(0);
    } finally {
      t.clock.set(start);
    }
  });
});

describe('a member’s own listings (내 매물), kept serialised', () => {
  /** The member's own listings by id: status and open count. */
  async function mine(member: TestMember) {
    // A token issued at the clock's now: the test moves it by 30 days.
    const res = await t.app.inject({ url: '/api/trade/my', headers: await freshHeaders(t, member.id) });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { result: { data: Trade[] } }).result.data;
    return new Map(data.map((d) => [d.tradeIdx, d]));
  }

  it('are each member’s own, interleaved, and show a new listing, a deal and the clock at the next read', async () => {
    const company = await insertCompany(t.db);
    const [a, b, buyer] = [await createMember(t), await createMember(t), await createMember(t)];
    const start = t.clock.now();
    try {
      const la = await sell(a, company, 10_000);
      const lb = await sell(b, company, 12_000);
      for (let round = 0; round < 3; round++) {
        for (const [member, own] of round % 2
          ? ([
              [b, lb],
              [a, la],
            ] as const)
          : ([
              [a, la],
              [b, lb],
            ] as const)) {
          const listed = await mine(member);
          expect([...listed.keys()]).toEqual([own.tradeIdx]);
          expect(listed.get(own.tradeIdx)?.isMine).toBe(true);
        }
      }

      const second = await sell(a, company, 11_000);
      expect([...(await mine(a)).keys()].sort()).toEqual([la.tradeIdx, second.tradeIdx].sort());

      expect((await mine(b)).get(lb.tradeIdx)?.writerTrust.confirmedTrades).toBe(0);
      await confirmedDeal(b, lb, buyer);
      expect((await mine(b)).get(lb.tradeIdx)?.writerTrust.confirmedTrades).toBe(1);

      // Both of a's listings reach their 30 days; the answer kept a moment before is not shown after.
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1));
      expect((await mine(a)).get(la.tradeIdx)?.tradeStatus).toBe(ListingStatus.IN_PROGRESS);
      expect((await mine(a)).get(la.tradeIdx)?.tradeStatus).toBe(ListingStatus.IN_PROGRESS);
      t.clock.set(new Date(start.getTime() + 30 * DAY + 60_000));
      expect((await mine(a)).get(la.tradeIdx)?.tradeStatus).toBe(ListingStatus.TRADE_EXPIRED);
      // And a clock set back reads again rather than showing what was made later.
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1));
      expect((await mine(a)).get(la.tradeIdx)?.tradeStatus).toBe(ListingStatus.IN_PROGRESS);
    } finally {
      t.clock.set(start);
    }
  });
});

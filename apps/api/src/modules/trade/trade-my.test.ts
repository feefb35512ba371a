import { ListingStatus, messages, type Trade, TradeType, tradeMessages } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, expiredToken, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let owner: TestMember;
let other: TestMember;
let companyIdx: number;
const forged = { tried: 0, accepted: 0 };
const DAY = 86_400_000;

/** The owner's listings, by what happened to them. */
const ids = { openSell: 0, openBuy: 0, finished: 0, userDeleted: 0, adminDeleted: 0, expired: 0, othersOpen: 0 };

beforeAll(async () => {
  t = await createTestApp({ companies: 5 });
  owner = await createMember(t);
  other = await createMember(t);
  companyIdx = await insertCompany(t.db);

  // A listing registered 31 days ago on the injected clock: nothing has recorded its end yet.
  const start = t.clock.now();
  t.clock.set(new Date(start.getTime() - 31 * DAY));
  try {
    ids.expired = (await create(await freshHeaders(t, owner.id), 'sell', { stockCount: 1 })).tradeIdx;
  } finally {
    t.clock.set(start);
  }
  ids.openSell = (await create(owner.headers, 'sell', { stockCount: 2 })).tradeIdx;
  ids.openBuy = (await create(owner.headers, 'buy', { stockCount: 3 })).tradeIdx;
  ids.finished = (await create(owner.headers, 'sell', { stockCount: 4 })).tradeIdx;
  const finish = await t.app.inject({
    method: 'POST',
    url: `/api/trade/finish/${ids.finished}`,
    payload: { finishedPrice: 10_500 },
    headers: owner.headers,
  });
  expect(finish.statusCode, finish.body).toBe(200);
  ids.userDeleted = (await create(owner.headers, 'sell', { stockCount: 5 })).tradeIdx;
  const del = await t.app.inject({ method: 'DELETE', url: `/api/trade/${ids.userDeleted}`, headers: owner.headers });
  expect(del.statusCode, del.body).toBe(200);
  ids.adminDeleted = (await create(owner.headers, 'buy', { stockCount: 6 })).tradeIdx;
  // Operators remove listings straight in the table (there is no staff route for it yet).
  await t.db.updateTable('trades').set({ status: ListingStatus.ADMIN_DELETED }).where('id', '=', ids.adminDeleted).execute();
  ids.othersOpen = (await create(other.headers, 'sell', { stockCount: 7 })).tradeIdx;
});

afterAll(async () => {
  console.log(`forged tokens tried / accepted: ${forged.tried} / ${forged.accepted}`);
  await t?.close();
});

async function create(headers: Record<string, string>, side: 'sell' | 'buy', overrides: Record<string, unknown>): Promise<Trade> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/trade/${side}`,
    payload: {
      companyIdx,
      stockCount: 10,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
      ...overrides,
    },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

async function mine(headers: Record<string, string>, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `/api/trade/my${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: Trade[]; total: number; page: number; size: number } }).result;
}

describe('GET /api/trade/my', () => {
  it('lists the owner’s listings, ended ones included, newest first — deleted ones never', async () => {
    const list = await mine(owner.headers);
    expect(list.total).toBe(4);
    expect(list.data.map((d) => d.tradeIdx)).toEqual([ids.finished, ids.openBuy, ids.openSell, ids.expired]);
    expect(list.data.every((d) => d.isMine)).toBe(true);
    const byId = new Map(list.data.map((d) => [d.tradeIdx, d]));
    expect(byId.get(ids.openSell)).toMatchObject({ tradeType: TradeType.SELL, tradeStatus: ListingStatus.IN_PROGRESS, stockCount: 2 });
    expect(byId.get(ids.openBuy)).toMatchObject({ tradeType: TradeType.BUY, tradeStatus: ListingStatus.IN_PROGRESS });
    expect(byId.get(ids.finished)).toMatchObject({ tradeStatus: ListingStatus.TRADE_FINISHED, finishedPrice: 10_500 });
    for (const deleted of [ids.userDeleted, ids.adminDeleted]) expect(byId.has(deleted)).toBe(false);
    expect(byId.has(ids.othersOpen)).toBe(false);

    // Paging keeps the same order and the same total.
    const page2 = await mine(owner.headers, '?page=2&size=3');
    expect(page2).toMatchObject({ total: 4, page: 2, size: 3 });
    expect(page2.data.map((d) => d.tradeIdx)).toEqual([ids.expired]);
  });

  it('shows a listing past its 30 days as TRADE_EXPIRED to its owner, though nothing recorded it yet', async () => {
    const list = await mine(owner.headers);
    const expired = list.data.find((d) => d.tradeIdx === ids.expired);
    expect(expired?.tradeStatus).toBe(ListingStatus.TRADE_EXPIRED);
    expect(new Date(expired?.expiresAt ?? 0).getTime()).toBeLessThanOrEqual(t.clock.now().getTime());
    // Read time decides: the stored row is still "in progress".
    const row = await t.db.selectFrom('trades').select('status').where('id', '=', ids.expired).executeTakeFirstOrThrow();
    expect(Number(row.status)).toBe(ListingStatus.IN_PROGRESS);
  });

  it('filters by status as of now: open, finished, expired', async () => {
    const open = await mine(owner.headers, `?status=${ListingStatus.IN_PROGRESS}`);
    expect(open.data.map((d) => d.tradeIdx)).toEqual([ids.openBuy, ids.openSell]);
    expect(open.total).toBe(2);
    const finished = await mine(owner.headers, `?status=${ListingStatus.TRADE_FINISHED}`);
    expect(finished.data.map((d) => d.tradeIdx)).toEqual([ids.finished]);
    const expired = await mine(owner.headers, `?status=${ListingStatus.TRADE_EXPIRED}`);
    expect(expired.data.map((d) => d.tradeIdx)).toEqual([ids.expired]);
    expect(expired.data[0]?.tradeStatus).toBe(ListingStatus.TRADE_EXPIRED);
    // Deleted listings stay gone even when their status is asked for by number.
    for (const deleted of [ListingStatus.USER_DELETED, ListingStatus.ADMIN_DELETED]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/trade/my?status=${deleted}`, headers: owner.headers });
      if (res.statusCode === 200) expect((res.json() as { result: { data: unknown[] } }).result.data).toEqual([]);
      else expect(res.statusCode).toBe(400);
    }
    for (const bad of ['99', 'open', '-1']) {
      await expectError(
        t.app,
        { method: 'GET', url: `/api/trade/my?status=${bad}`, headers: owner.headers },
        400,
        tradeMessages.invalidStatus,
      );
    }
  });

  it('four callers: only the owner sees the owner’s listings', async () => {
    // Another member sees their own listing and nothing of the owner's, whatever the filter.
    for (const [query, expected] of [
      ['', [ids.othersOpen]],
      [`?status=${ListingStatus.IN_PROGRESS}`, [ids.othersOpen]],
      [`?status=${ListingStatus.TRADE_FINISHED}`, []],
      [`?status=${ListingStatus.TRADE_EXPIRED}`, []],
    ] as const) {
      const theirs = await mine(other.headers, query);
      expect(
        theirs.data.map((d) => d.tradeIdx),
        query,
      ).toEqual(expected);
      expect(theirs.data.every((d) => d.isMine)).toBe(true);
    }

    // Anonymous and an expired token: 401 with the session message, no listings.
    await expectError(t.app, '/api/trade/my', 401, messages.sessionExpired);
    const expired = await expiredToken(t, owner.id);
    forged.tried++;
    const late = await t.app.inject({ url: '/api/trade/my', headers: expired });
    if (late.statusCode === 200) forged.accepted++;
    expect(late.statusCode).toBe(401);
    expect((late.json() as { message: string }).message).toBe(messages.sessionExpired);

    // Another member's token rewritten to name the owner: the signature no longer fits.
    const [header, body, signature] = other.accessToken.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const asOwner = Buffer.from(JSON.stringify({ ...claims, sub: String(owner.id) })).toString('base64url');
    forged.tried++;
    const res = await t.app.inject({ url: '/api/trade/my', headers: { authorization: `Bearer ${header}.${asOwner}.${signature}` } });
    if (res.statusCode === 200) forged.accepted++;
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain(`"tradeIdx":${ids.openSell}`);
  });
});

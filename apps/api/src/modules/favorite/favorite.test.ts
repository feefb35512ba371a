import { FAVORITES_MAX, type StockSummary, tradeMessages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, expiredToken, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const crossUser = { tried: 0, succeeded: 0 };

beforeAll(async () => {
  t = await createTestApp({ companies: 12 });
});

afterAll(async () => {
  console.log(`cross-user writes tried / succeeded: ${crossUser.tried} / ${crossUser.succeeded}`);
  await t?.close();
});

const add = (m: TestMember, id: number) => t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers: m.headers });
const remove = (m: TestMember, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/stock/delete/favorite/stock/${id}`, headers: m.headers });
const reorder = (m: TestMember, ids: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/stock/update/favorite/stock/order',
    payload: { interestingStockList: ids },
    headers: m.headers,
  });

async function favorites(m: TestMember): Promise<number[]> {
  const res = await t.app.inject({ url: '/api/stock/favorite/stock/list/1', headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { result: { data: StockSummary[] } }).result.data.map((d) => d.companyIdx);
}

describe('favourites', () => {
  it('adds, lists in order, removes; double taps are harmless', async () => {
    const m = await createMember(t);
    for (const id of [3, 1, 2]) expect((await add(m, id)).json()).toEqual({ result: true });
    expect((await add(m, 1)).statusCode).toBe(200);
    expect(await favorites(m)).toEqual([3, 1, 2]);
    expect((await remove(m, 1)).json()).toEqual({ result: true });
    expect((await remove(m, 1)).statusCode).toBe(200);
    expect(await favorites(m)).toEqual([3, 2]);
    expect((await add(m, 1)).statusCode).toBe(200);
    expect(await favorites(m)).toEqual([3, 2, 1]);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/stock/add/favorite/stock/999999', headers: m.headers },
      404,
      '종목을 찾을 수 없습니다.',
    );
  });

  it('shows the flag in search and profile for the member only', async () => {
    const m = await createMember(t);
    await add(m, 1);
    const profile = (headers = {}) => t.app.inject({ url: '/api/v2/stock/profile/1', headers });
    expect((await profile(m.headers)).json()).toMatchObject({ result: { stockFavorite: true } });
    expect((await profile()).json()).toMatchObject({ result: { stockFavorite: false } });
    expect((await profile({ authorization: 'Bearer forged.token.value' })).json()).toMatchObject({ result: { stockFavorite: false } });
    const name = (await t.db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name;
    const search = async (headers = {}) =>
      (
        (await t.app.inject({ url: `/api/v2/stock/search/${encodeURIComponent(name)}`, headers })).json() as {
          result: Array<{ companyIdx: number; isFavorite: boolean }>;
        }
      ).result.find((r) => r.companyIdx === 1)?.isFavorite;
    expect(await search(m.headers)).toBe(true);
    expect(await search()).toBe(false);
  });

  it('reorders only with exactly the member’s favourites', async () => {
    const m = await createMember(t);
    for (const id of [1, 2, 3, 4]) await add(m, id);
    expect((await reorder(m, [4, 2, 1, 3])).json()).toEqual({ result: true });
    expect(await favorites(m)).toEqual([4, 2, 1, 3]);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/stock/update/favorite/stock/order', payload: { interestingStockList: [4, 2, 1] }, headers: m.headers },
      409,
      tradeMessages.favoriteOrderStale,
    );
    expect((await reorder(m, [4, 2, 1, 5])).statusCode).toBe(409);
    expect((await reorder(m, [4, 4, 1, 3])).json()).toMatchObject({ message: tradeMessages.favoriteOrderInvalid });
    expect((await reorder(m, ['x'])).statusCode).toBe(400);
    expect((await reorder(m, 'nope')).statusCode).toBe(400);
    expect(await favorites(m)).toEqual([4, 2, 1, 3]);
    // New favourites go to the end of the chosen order.
    await add(m, 5);
    expect(await favorites(m)).toEqual([4, 2, 1, 3, 5]);
  });

  it(`caps the list at ${FAVORITES_MAX} with a Korean message`, async () => {
    const m = await createMember(t);
    const ids: number[] = [];
    for (let i = 0; i < FAVORITES_MAX + 1; i++) ids.push(await insertCompany(t.db));
    await t.db
      .insertInto('favorites')
      .values(ids.slice(0, FAVORITES_MAX).map((id, i) => ({ user_id: m.id, company_id: id, sort_order: i })))
      .execute();
    await expectError(
      t.app,
      { method: 'POST', url: `/api/stock/add/favorite/stock/${ids[FAVORITES_MAX]}`, headers: m.headers },
      409,
      tradeMessages.favoriteLimit,
    );
    const page2 = await t.app.inject({ url: '/api/stock/favorite/stock/list/2?size=40', headers: m.headers });
    expect((page2.json() as { result: { total: number; data: unknown[] } }).result).toMatchObject({ total: FAVORITES_MAX });
    expect((page2.json() as { result: { data: unknown[] } }).result.data).toHaveLength(40);
  });

  it('authorization matrix: a member’s list is theirs alone; visitors and expired tokens get 401', async () => {
    const owner = await createMember(t);
    const other = await createMember(t);
    await add(owner, 1);
    await add(owner, 2);
    const before = await t.db.selectFrom('favorites').selectAll().where('user_id', '=', owner.id).orderBy('company_id').execute();
    const expired = await expiredToken(t, owner.id);
    const routes: InjectOptions[] = [
      { method: 'GET', url: '/api/stock/favorite/stock/list/1' },
      { method: 'POST', url: '/api/stock/add/favorite/stock/3' },
      { method: 'DELETE', url: '/api/stock/delete/favorite/stock/1' },
      { method: 'POST', url: '/api/stock/update/favorite/stock/order', payload: { interestingStockList: [2, 1] } },
    ];
    for (const route of routes) {
      for (const headers of [{}, expired]) {
        crossUser.tried++;
        const res = await t.app.inject({ ...route, headers });
        if (res.statusCode < 300) crossUser.succeeded++;
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
      // Another member's calls act on their own (empty) list, never on the owner's.
      crossUser.tried++;
      await t.app.inject({ ...route, headers: other.headers });
    }
    expect(await t.db.selectFrom('favorites').selectAll().where('user_id', '=', owner.id).orderBy('company_id').execute()).toEqual(before);
    expect(await favorites(other)).toEqual([3]);
  });
});

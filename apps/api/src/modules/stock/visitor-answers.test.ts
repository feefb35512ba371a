import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { StockProfile } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { getResult } from '../../test/http.ts';
import { createMember } from '../../test/members.ts';
import { enterAndApprove } from '../../test/prices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A sale of 10 shares at `price`: the company's best 호가 changes with it. */
async function postSale(headers: Record<string, string>, companyIdx: number, price: number) {
  const listing = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    headers,
    payload: { companyIdx, stockCount: 10, stockPerPrice: price, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
  });
  expect(listing.statusCode, listing.body).toBe(200);
}

/** An operator renames the company; returns the operator. */
async function rename(companyId: number, companyName: string) {
  const admin = await createMember(t);
  await t.db.updateTable('users').set({ staff_role: 'ADMIN' }).where('id', '=', admin.id).execute();
  const edit = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/company/${companyId}`,
    headers: admin.headers,
    payload: { companyName },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  return admin;
}

/** Visitors' answers kept serialised (lib/answer-cache.ts): the same bytes, and never stale after a write. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ companies: 3 });
});
afterAll(async () => {
  await t?.close();
});

describe('visitors’ answers to profile, search and chart', () => {
  it('are the same answer twice, and show a listing, a price and a rename the moment they are made', async () => {
    const id = await insertCompany(t.db, { name: '캐시확인전자', currentPrice: 20_000, previousClose: 20_000 });
    const profile = () => getResult<StockProfile>(t.app, `/api/v2/stock/profile/${id}`);
    const first = await t.app.inject({ url: `/api/v2/stock/profile/${id}` });
    const again = await t.app.inject({ url: `/api/v2/stock/profile/${id}` });
    expect(again.body).toBe(first.body);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect((await profile()).bestSellPrice).toBeNull();
    const chart = () => getResult<{ priceSource: string }>(t.app, `/api/stock/chart/${id}?range=1M`);
    expect((await chart()).priceSource).not.toBe('MANUAL');

    const seller = await createMember(t);
    await postSale(seller.headers, id, 21_000);
    expect((await profile()).bestSellPrice).toBe(21_000);

    const search = () =>
      getResult<Array<{ companyIdx: number; companyName: string }>>(t.app, `/api/v2/stock/search/${encodeURIComponent('캐시확인')}`);
    expect((await search()).map((r) => r.companyIdx)).toContain(id);
    const admin = await rename(id, '이름바뀐전자');
    expect(await search()).toEqual([]);
    expect((await profile()).companyName).toBe('이름바뀐전자');

    const second = await createMember(t);
    await t.db.updateTable('users').set({ staff_role: 'MODERATOR' }).where('id', '=', second.id).execute();
    await enterAndApprove(t.app, { company: id, price: 22_000, by: admin.headers, approver: second.headers });
    expect(await profile()).toMatchObject({ companyStockCurrentPrice: 22_000, priceSource: 'MANUAL' });
    expect((await chart()).priceSource).toBe('MANUAL');
  });

  it('a kept answer is compressed like any other and decodes to the same bytes (a 22 KB year of bars)', async () => {
    const url = '/api/stock/chart/1?range=1Y';
    const plain = (await t.app.inject({ url })).body;
    expect(plain.length).toBeGreaterThan(10_000);
    for (let i = 0; i < 2; i++) {
      const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain);
      const br = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain);
    }
  });

  it('a member’s answer is their own: their star, never what a visitor was given', async () => {
    const id = await insertCompany(t.db);
    const visitor = await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${id}`);
    expect(visitor.stockFavorite).toBe(false);
    const m = await createMember(t);
    const added = await t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers: m.headers });
    expect(added.statusCode, added.body).toBe(200);
    const mine = await t.app.inject({ url: `/api/v2/stock/profile/${id}`, headers: m.headers });
    expect((mine.json() as { result: StockProfile }).result.stockFavorite).toBe(true);
    expect((await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${id}`)).stockFavorite).toBe(false);
  });

  it('members share the two kept answers of a profile, starred or not, each given the one their favourites say (issue 24)', async () => {
    const id = await insertCompany(t.db);
    const [starry, plain] = [await createMember(t), await createMember(t)];
    const added = await t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers: starry.headers });
    expect(added.statusCode, added.body).toBe(200);
    const starOf = async (headers: Record<string, string> = {}) =>
      ((await t.app.inject({ url: `/api/v2/stock/profile/${id}`, headers })).json() as { result: StockProfile }).result.stockFavorite;
    // Interleaved, again and again: each member their own, the visitor the visitor's.
    for (let i = 0; i < 3; i++) {
      expect(await starOf(starry.headers)).toBe(true);
      expect(await starOf(plain.headers)).toBe(false);
      expect(await starOf()).toBe(false);
    }
    // A star taken away shows at the member's next call, though both answers are still kept.
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/stock/delete/favorite/stock/${id}`, headers: starry.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await starOf(starry.headers)).toBe(false);
    // A new listing (a best 호가) drops both kept answers: the starred one shows it too.
    const again = await t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers: starry.headers });
    expect(again.statusCode, again.body).toBe(200);
    expect(await starOf(starry.headers)).toBe(true);
    await postSale(plain.headers, id, 19_000);
    const after = ((await t.app.inject({ url: `/api/v2/stock/profile/${id}`, headers: starry.headers })).json() as { result: StockProfile })
      .result;
    expect(after).toMatchObject({ stockFavorite: true, bestSellPrice: 19_000 });
  });
});

describe('members’ answers kept under their favourites (issue 24)', () => {
  type Found = Array<{ companyIdx: number; isFavorite?: boolean }>;
  const star = (headers: Record<string, string>, id: number) =>
    t.app
      .inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${id}`, headers })
      .then((r) => expect(r.statusCode, r.body).toBe(200));

  it('a search: each member their own stars, interleaved with others and a visitor; a new star shows at once', async () => {
    const a = await insertCompany(t.db, { name: '별표검색가전' });
    const b = await insertCompany(t.db, { name: '별표검색나전' });
    const [one, two, none] = [await createMember(t), await createMember(t), await createMember(t)];
    await star(one.headers, a);
    await star(two.headers, b);
    const url = `/api/v2/stock/search/${encodeURIComponent('별표검색')}`;
    const starred = async (headers: Record<string, string> = {}) => {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, res.body).toBe(200);
      const found = (res.json() as { result: Found }).result;
      expect(found.map((r) => r.companyIdx).sort()).toEqual([a, b].sort());
      return found.filter((r) => r.isFavorite).map((r) => r.companyIdx);
    };
    // A visitor's search for a keyword that spells a member's key changes nothing of theirs.
    const spelled = await t.app.inject({ url: `${url}${encodeURIComponent(` favorites:${a}`)}` });
    expect(spelled.statusCode, spelled.body).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect(await starred(one.headers)).toEqual([a]);
      expect(await starred(two.headers)).toEqual([b]);
      expect(await starred(none.headers)).toEqual([]);
      expect(await starred()).toEqual([]);
    }
    await star(one.headers, b);
    expect((await starred(one.headers)).sort()).toEqual([a, b].sort());
    expect(await starred(two.headers)).toEqual([b]);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/stock/delete/favorite/stock/${a}`, headers: one.headers });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await starred(one.headers)).toEqual([b]);
  });

  it('the favourites list: each member’s own order, kept; a reorder and a rename show at the next call', async () => {
    const a = await insertCompany(t.db, { name: '관심목록가', currentPrice: 10_000, previousClose: 10_000 });
    const b = await insertCompany(t.db, { name: '관심목록나', currentPrice: 20_000, previousClose: 20_000 });
    const [one, two] = [await createMember(t), await createMember(t)];
    for (const id of [a, b]) await star(one.headers, id);
    for (const id of [b, a]) await star(two.headers, id);
    const list = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ url: '/api/stock/favorite/stock/list/1?size=20', headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      return (res.json() as { result: { data: Array<{ companyIdx: number; companyName: string }> } }).result.data;
    };
    for (let i = 0; i < 3; i++) {
      expect((await list(one.headers)).map((r) => r.companyIdx)).toEqual([a, b]);
      expect((await list(two.headers)).map((r) => r.companyIdx)).toEqual([b, a]);
    }
    const reordered = await t.app.inject({
      method: 'POST',
      url: '/api/stock/update/favorite/stock/order',
      headers: one.headers,
      payload: { interestingStockList: [b, a] },
    });
    expect(reordered.statusCode, reordered.body).toBe(200);
    expect((await list(one.headers)).map((r) => r.companyIdx)).toEqual([b, a]);
    // Both members now read the one kept answer; a rename drops it for both.
    await rename(a, '새이름목록');
    expect((await list(one.headers)).find((r) => r.companyIdx === a)?.companyName).toBe('새이름목록');
    expect((await list(two.headers)).find((r) => r.companyIdx === a)?.companyName).toBe('새이름목록');
  });
});

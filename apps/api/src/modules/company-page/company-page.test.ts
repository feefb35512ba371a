import { request } from 'node:http';
import type { CompanyMemberParts, PriceAlert, StockProfile, Trade } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, secondInstance, type TestApp } from '../../test/test-app.ts';

/**
 * A company's page, the member's parts in one read (decision 0037). Over real HTTP, since the
 * server's door (which sends the kept answer the next time) never sees `inject`: each part is what
 * its own operation gives that member, one member never gets another's, and every change of theirs
 * or of the company is seen at the next read, on either instance.
 */
let t: TestApp;
let origin: string;
let company: number;

beforeAll(async () => {
  t = await createTestApp({ companies: 3, limits: { rules: LISTINGS_UNLIMITED } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  company = await insertCompany(t.db);
});
afterAll(async () => {
  await t?.close();
});

const parts = (id: number) => `/api/web/stock/${id}/member`;

async function get<T>(path: string, headers: Record<string, string> = {}, at = origin): Promise<{ status: number; body: T }> {
  const res = await fetch(at + path, { headers });
  const body = (await res.json()) as { result: T };
  return { status: res.status, body: (res.ok ? body.result : body) as T };
}

/** As a client that accepts no compression asks (fetch always offers gzip): what the door may answer. */
function plain(path: string, headers: Record<string, string>, at: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    request(at + path, { headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    })
      .on('error', reject)
      .end();
  });
}

async function read(member: TestMember, id = company, at = origin): Promise<CompanyMemberParts> {
  const res = await get<CompanyMemberParts>(parts(id), member.headers, at);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function send<T>(member: TestMember, method: string, path: string, body?: object, at = origin): Promise<T> {
  const res = await fetch(at + path, {
    method,
    headers: { ...member.headers, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return (res.status === 204 ? undefined : ((await res.json()) as { result: T }).result) as T;
}

const listing = (price: number) => ({
  companyIdx: company,
  stockCount: 10,
  stockPerPrice: price,
  stockCountNegotiationFlag: false,
  stockPriceNegotiationFlag: true,
});

/** Each listing's marks as `member` sees them: [id, isMine, isReported]. */
const marks = (trades: Trade[]) => trades.map((l) => [l.tradeIdx, l.isMine, l.isReported]);

describe("a company's page, the member's parts in one read", () => {
  it('refuses a visitor, a malformed id and an unknown company with a Korean message', async () => {
    const member = await createMember(t);
    const cases: Array<[string, Record<string, string>, number]> = [
      [parts(company), {}, 401],
      [parts(company), { authorization: 'Bearer not-a-token' }, 401],
      ['/api/web/stock/abc/member', member.headers, 400],
      ['/api/web/stock/0/member', member.headers, 400],
      ['/api/web/stock/99999999/member', member.headers, 404],
    ];
    for (const [path, headers, status] of cases) {
      const res = await get<{ message: string }>(path, headers);
      expect(res.status, path).toBe(status);
      expect(res.body.message, path).toMatch(/[가-힣]/);
    }
  });

  it('gives each member, interleaved, exactly what the four calls of the spec give them', async () => {
    const [a, b] = [await createMember(t), await createMember(t)];
    const own = await send<Trade>(a, 'POST', '/api/trade/sell', listing(10_000));
    const theirs = await send<Trade>(b, 'POST', '/api/trade/sell', listing(10_500));
    const bid = await send<Trade>(b, 'POST', '/api/trade/buy', listing(9_000));
    await send(a, 'POST', `/api/accuse/trade/${theirs.tradeIdx}`, { reason: 10 });
    await send(a, 'POST', `/api/stock/add/favorite/stock/${company}`);
    await send(a, 'POST', '/api/price-alerts', { companyIdx: company, direction: 'ABOVE', price: 12_000 });
    const elsewhere = await insertCompany(t.db);
    await send(a, 'POST', '/api/price-alerts', { companyIdx: elsewhere, direction: 'BELOW', price: 5_000 });

    for (let round = 0; round < 2; round++) {
      for (const member of [a, b]) {
        const got = await read(member);
        expect(got.profile).toEqual((await get<StockProfile>(`/api/v2/stock/profile/${company}`, member.headers)).body);
        const side = (type: number) =>
          get<unknown>(`/api/v2/trade/all/company/${company}?tradeType=${type}&page=1&size=10`, member.headers);
        expect(got.sell).toEqual((await side(2)).body);
        expect(got.buy).toEqual((await side(1)).body);
        expect(got.priceAlerts).toEqual((await get<{ data: PriceAlert[] }>('/api/price-alerts', member.headers)).body.data);
      }
    }
    const [ofA, ofB] = [await read(a), await read(b)];
    expect(ofA.profile.stockFavorite).toBe(true);
    expect(ofB.profile.stockFavorite).toBe(false);
    expect(marks(ofA.sell.data)).toEqual([
      [own.tradeIdx, true, false],
      [theirs.tradeIdx, false, true],
    ]);
    expect(marks(ofB.sell.data)).toEqual([
      [own.tradeIdx, false, false],
      [theirs.tradeIdx, true, false],
    ]);
    expect(marks(ofB.buy.data)).toEqual([[bid.tradeIdx, true, false]]);
    // All of a member's alerts (the limit counts them all), none of anyone else's.
    expect(ofA.priceAlerts.map((x) => [x.companyIdx, x.direction, x.price])).toEqual(
      expect.arrayContaining([
        [company, 'ABOVE', 12_000],
        [elsewhere, 'BELOW', 5_000],
      ]),
    );
    expect(ofA.priceAlerts).toHaveLength(2);
    expect(ofB.priceAlerts).toEqual([]);
  });
});

describe('kept for the member and sent by the door, on two instances of one deployment', () => {
  it('is sent by the door once made, and shows a price alert, a star, a report, a listing and a logout made on the other instance at the next read', async () => {
    const second = await secondInstance(t);
    try {
      const there = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const [member, seller] = [await createMember(t), await createMember(t)];
      const sale = await send<Trade>(seller, 'POST', '/api/trade/sell', listing(11_000));
      const made = await plain(parts(company), member.headers, there);
      const before = second.app.services.frontDoor.answered();
      const again = await plain(parts(company), member.headers, there);
      expect(second.app.services.frontDoor.answered()).toBe(before + 1);
      expect(again).toEqual(made);
      const kept = (JSON.parse(again.body) as { result: CompanyMemberParts }).result;
      expect(kept.priceAlerts).toEqual([]);
      expect(kept.profile.stockFavorite).toBe(false);

      const alert = await send<PriceAlert>(member, 'POST', '/api/price-alerts', { companyIdx: company, direction: 'BELOW', price: 8_000 });
      expect((await read(member, company, there)).priceAlerts.map((x) => x.alertId)).toEqual([alert.alertId]);
      await send(member, 'POST', `/api/stock/add/favorite/stock/${company}`);
      expect((await read(member, company, there)).profile.stockFavorite).toBe(true);
      await send(member, 'POST', `/api/accuse/trade/${sale.tradeIdx}`, { reason: 10 });
      expect((await read(member, company, there)).sell.data.find((l) => l.tradeIdx === sale.tradeIdx)?.isReported).toBe(true);
      const mine = await send<Trade>(member, 'POST', '/api/trade/sell', listing(10_900));
      const book = await read(member, company, there);
      expect(book.sell.data.find((l) => l.tradeIdx === mine.tradeIdx)?.isMine).toBe(true);
      await send(member, 'DELETE', `/api/price-alerts/${alert.alertId}`);
      expect((await read(member, company, there)).priceAlerts).toEqual([]);

      await send(member, 'POST', '/api/auth/logout');
      expect((await get(parts(company), member.headers, there)).status).toBe(401);
    } finally {
      await second.close();
    }
  });
});

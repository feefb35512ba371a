import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync, zstdDecompressSync } from 'node:zlib';
import { ListingStatus, SanctionState, type Trade } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from './test/factories.ts';
import { createMember, expiredToken, freshHeaders, type TestMember } from './test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, secondInstance, type TestApp } from './test/test-app.ts';

/**
 * Kept answers sent at the server's door, before Fastify (lib/front-door.ts, decision 0036). Over
 * real HTTP, since `inject` never passes the door: what it sends must be, byte for byte and header
 * for header, what the route sent that reader; one member's answer never reaches another; an ended
 * session, a suspension or a change is seen at the very next request; and what the door does not
 * own (a drain, compression, other schemes, writes) still reaches Fastify.
 */
let t: TestApp;
let origin: string;
let company: number;
let other: number;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({ companies: 3, limits: { rules: LISTINGS_UNLIMITED } });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  company = await insertCompany(t.db);
  other = await insertCompany(t.db);
});
afterAll(async () => {
  await t?.close();
});

const answered = () => t.app.services.frontDoor.answered();

interface Answer {
  status: number;
  body: string;
  headers: Record<string, string>;
}

/** A GET over HTTP; the headers without those that differ between any two answers (date, keep-alive). */
async function get(path: string, headers: Record<string, string> = {}, at = origin): Promise<Answer> {
  const res = await fetch(at + path, { headers });
  const kept: Record<string, string> = {};
  for (const [name, value] of res.headers) if (!['date', 'keep-alive', 'connection'].includes(name)) kept[name] = value;
  return { status: res.status, body: await res.text(), headers: kept };
}

async function send(member: TestMember, method: string, path: string, body?: object, at = origin) {
  const res = await fetch(at + path, {
    method,
    headers: { ...member.headers, ...(body && { 'content-type': 'application/json' }) },
    ...(body && { body: JSON.stringify(body) }),
  });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return res.status === 204 ? undefined : ((await res.json()) as { result: unknown }).result;
}

const sell = async (member: TestMember, companyIdx: number, price: number) =>
  (await send(member, 'POST', '/api/trade/sell', {
    companyIdx,
    stockCount: 10,
    stockPerPrice: price,
    stockCountNegotiationFlag: false,
    stockPriceNegotiationFlag: true,
  })) as Trade;

/** Headers that differ between any two answers, or by how the body travels (chunks or a length). */
const PER_ANSWER = ['date', 'keep-alive', 'connection', 'content-length', 'transfer-encoding'];

/** A GET as sent, the body as it came (compressed or not): fetch would decode it and drop the encoding. */
function raw(path: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(origin + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
    })
      .on('error', reject)
      .end();
  });
}

const DECODERS: Record<string, (b: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
  deflate: inflateSync,
};
const decode = (a: { headers: Record<string, string>; body: Buffer }) => {
  const encoding = a.headers['content-encoding'];
  return (encoding ? (DECODERS[encoding] as (b: Buffer) => Buffer)(a.body) : a.body).toString('utf8');
};

const bearer = (m: TestMember) => m.headers;
const cookie = (m: TestMember) => ({ cookie: `BEESANG_SESSION=1; ACCESS_TOKEN=${m.accessToken}` });
const result = <T>(a: Answer) => (JSON.parse(a.body) as { result: T }).result;
const listings = (a: Answer) => result<{ data: Trade[] }>(a).data;

describe('the server’s door', () => {
  it('sends each reader what the route sent them, bytes and headers alike, without asking Fastify again', async () => {
    const member = await createMember(t);
    await send(member, 'POST', `/api/stock/add/favorite/stock/${company}`);
    await sell(member, company, 12_000);
    const calls: Array<[string, Record<string, string>]> = [
      [`/api/v2/stock/profile/${company}`, {}],
      [`/api/v2/stock/profile/${company}`, bearer(member)],
      [`/api/v2/stock/profile/${other}`, cookie(member)],
      [`/api/v2/stock/search/${encodeURIComponent('테스트')}`, bearer(member)],
      [`/api/v2/trade/all/company/${company}?tradeType=2`, {}],
      [`/api/v2/trade/all/company/${company}?tradeType=2`, bearer(member)],
      ['/api/trade/my', bearer(member)],
      ['/api/trade/my', cookie(member)],
      ['/api/stock/favorite/stock/list/1', bearer(member)],
    ];
    for (const [path, headers] of calls) {
      const first = await get(path, headers);
      expect(first.status, `${path}: ${first.body}`).toBe(200);
      const before = answered();
      const again = await get(path, headers);
      expect(answered(), `${path} sent at the door`).toBe(before + 1);
      expect(again).toEqual(first);
    }
    // A member's own answer is stored by no cache on its way; the visitors' may be.
    expect((await get(`/api/v2/stock/profile/${company}`, bearer(member))).headers['cache-control']).toBe('no-store');
    expect((await get(`/api/v2/stock/profile/${company}`)).headers['cache-control']).toBeUndefined();
    expect(result<{ stockFavorite: boolean }>(await get(`/api/v2/stock/profile/${company}`, bearer(member))).stockFavorite).toBe(true);
    expect(result<{ stockFavorite: boolean }>(await get(`/api/v2/stock/profile/${company}`)).stockFavorite).toBe(false);
  });

  it('never gives one member another’s answer, read together and interleaved', async () => {
    const [a, b, c] = [await createMember(t), await createMember(t), await createMember(t)];
    await send(a, 'POST', `/api/stock/add/favorite/stock/${other}`);
    const own = new Map<number, number>([
      [a.id, (await sell(a, other, 20_000)).tradeIdx],
      [b.id, (await sell(b, other, 21_000)).tradeIdx],
    ]);
    const before = answered();
    for (let round = 0; round < 5; round++) {
      const readers: Array<TestMember | undefined> = round % 2 ? [a, undefined, c, b] : [c, b, undefined, a];
      await Promise.all(
        readers.flatMap((m) => [
          (async () => {
            const profile = await get(`/api/v2/stock/profile/${other}`, m ? bearer(m) : {});
            expect(result<{ stockFavorite: boolean }>(profile).stockFavorite).toBe(m === a);
          })(),
          (async () => {
            const list = listings(await get(`/api/v2/trade/all/company/${other}`, m ? cookie(m) : {}));
            const mine = list.filter((l) => l.isMine).map((l) => l.tradeIdx);
            expect(mine).toEqual(m && own.has(m.id) ? [own.get(m.id)] : []);
          })(),
          ...(m
            ? [
                (async () => {
                  const ids = listings(await get('/api/trade/my', bearer(m))).map((l) => l.tradeIdx);
                  expect(ids).toEqual(own.has(m.id) ? [own.get(m.id)] : []);
                })(),
              ]
            : []),
        ]),
      );
    }
    // Most of it from the door: after each reader's first round, all of it.
    expect(answered() - before).toBeGreaterThanOrEqual(4 * (3 + 3 + 1));
  });

  it('refuses a session that ended, and a suspended member, at the next request', async () => {
    const [leaving, suspended] = [await createMember(t), await createMember(t)];
    for (const m of [leaving, suspended]) {
      await get('/api/trade/my', bearer(m));
      const before = answered();
      expect((await get('/api/trade/my', bearer(m))).status).toBe(200);
      expect(answered()).toBe(before + 1);
    }
    await send(leaving, 'POST', '/api/auth/logout');
    const gone = await get('/api/trade/my', bearer(leaving));
    expect(gone.status).toBe(401);
    // Their profile read as what they now are: a visitor.
    expect(result<{ stockFavorite: boolean }>(await get(`/api/v2/stock/profile/${company}`, bearer(leaving))).stockFavorite).toBe(false);

    await t.db.updateTable('users').set({ sanction_state: SanctionState.SUSPEND }).where('id', '=', suspended.id).execute();
    expect((await get('/api/trade/my', bearer(suspended))).status).toBe(403);
  });

  it('shows a reader’s own change at their next read: a star, a report, a listing', async () => {
    const [reader, seller] = [await createMember(t), await createMember(t)];
    const sale = await sell(seller, company, 13_000);
    const profile = `/api/v2/stock/profile/${company}`;
    const list = `/api/v2/trade/all/company/${company}?tradeType=2&size=50`;
    for (let i = 0; i < 2; i++) {
      expect(result<{ stockFavorite: boolean }>(await get(profile, bearer(reader))).stockFavorite).toBe(false);
      expect(listings(await get(list, bearer(reader))).find((l) => l.tradeIdx === sale.tradeIdx)?.isReported).toBe(false);
      expect(listings(await get('/api/trade/my', bearer(reader)))).toEqual([]);
    }

    await send(reader, 'POST', `/api/stock/add/favorite/stock/${company}`);
    expect(result<{ stockFavorite: boolean }>(await get(profile, bearer(reader))).stockFavorite).toBe(true);
    await send(reader, 'POST', `/api/accuse/trade/${sale.tradeIdx}`, { reason: 10 });
    expect(listings(await get(list, bearer(reader))).find((l) => l.tradeIdx === sale.tradeIdx)?.isReported).toBe(true);
    const mine = await sell(reader, other, 14_000);
    expect(listings(await get('/api/trade/my', bearer(reader))).map((l) => l.tradeIdx)).toEqual([mine.tradeIdx]);
  });

  it('reads again once a kept answer’s span is over (a listing’s 30 days), and when the clock is set back', async () => {
    const member = await createMember(t);
    const start = t.clock.now();
    const sale = await sell(member, other, 15_000);
    /** The sale's status in their own listings, read with a token of the clock's now; and whether the door sent it. */
    const status = async () => {
      const headers = await freshHeaders(t, member.id);
      const before = answered();
      const found = listings(await get('/api/trade/my', headers)).find((l) => l.tradeIdx === sale.tradeIdx);
      return [found?.tradeStatus, answered() - before];
    };
    try {
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1));
      expect(await status()).toEqual([ListingStatus.IN_PROGRESS, 0]);
      expect(await status()).toEqual([ListingStatus.IN_PROGRESS, 1]);
      t.clock.set(new Date(start.getTime() + 30 * DAY + 60_000));
      expect(await status()).toEqual([ListingStatus.TRADE_EXPIRED, 0]);
      t.clock.set(new Date(start.getTime() + 30 * DAY - 1));
      expect(await status()).toEqual([ListingStatus.IN_PROGRESS, 0]);
    } finally {
      t.clock.set(start);
    }
  });

  it('compresses a kept answer as Fastify does, once: the same encoding, headers and content, for visitors and members', async () => {
    const member = await createMember(t);
    const listed = await insertCompany(t.db);
    for (let i = 0; i < 4; i++) await sell(await createMember(t), listed, 16_000 + i * 100);
    const chromium = 'gzip, deflate, br, zstd';
    const cases: Array<[string, string | undefined]> = [
      [chromium, 'zstd'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['deflate', 'deflate'],
    ];
    for (const [who, headers] of [
      ['visitor', {}],
      ['member', bearer(member)],
    ] as const) {
      for (const [i, [accepted, encoding]] of cases.entries()) {
        // A URL of its own each time: the first answer is Fastify's, compressed by @fastify/compress.
        const list = `/api/v2/trade/all/company/${listed}?size=${20 + i}`;
        const fromFastify = await raw(list, { ...headers, 'accept-encoding': accepted });
        const before = answered();
        const atDoor = await raw(list, { ...headers, 'accept-encoding': accepted });
        expect(answered(), `${who} ${accepted} sent at the door`).toBe(before + 1);
        expect(atDoor.headers['content-encoding'], `${who} ${accepted}`).toBe(encoding);
        const without = (h: Record<string, string>) => Object.fromEntries(Object.entries(h).filter(([k]) => !PER_ANSWER.includes(k)));
        expect(without(atDoor.headers)).toEqual(without(fromFastify.headers));
        expect(Number(atDoor.headers['content-length'])).toBe(atDoor.body.length);
        const text = decode(atDoor);
        expect(text).toBe(decode(fromFastify));
        expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(1024);
        // And again from the kept encoding.
        expect(decode(await raw(list, { ...headers, 'accept-encoding': accepted }))).toBe(text);
      }
    }
    // An encoding none of ours names (or only identity) is Fastify's to answer, as before.
    const list = `/api/v2/trade/all/company/${listed}`;
    await get(list);
    const before = answered();
    expect((await raw(list, { 'accept-encoding': 'compress' })).status).toBe(200);
    expect((await raw(list, { 'accept-encoding': 'identity' })).status).toBe(200);
    expect(answered()).toBe(before);
  });

  it('leaves to Fastify what it does not own: other schemes, HEAD and writes', async () => {
    const member = await createMember(t);
    const profile = `/api/v2/stock/profile/${company}`;
    await get(profile);
    await get(profile, bearer(member));
    const before = answered();
    expect((await get(profile, { authorization: 'Basic Zm9vOmJhcg==' })).status).toBe(200);
    expect((await fetch(origin + profile, { method: 'HEAD' })).status).toBe(200);
    expect((await get(profile, { cookie: `ACCESS_TOKEN=${member.accessToken}; ACCESS_TOKEN=x` })).status).toBe(200);
    expect(answered()).toBe(before);
    // A forged token is no member's: Fastify reads it as a visitor.
    const forged = `${member.accessToken.slice(0, -4)}AAAA`;
    await get(profile, { authorization: `Bearer ${forged}` });
    expect(answered()).toBe(before);
  });
});

describe('whom the door admits', () => {
  it('is whom the routes admit: the auth service’s activeMemberId agrees with memberFor in every state', async () => {
    const auth = t.app.services.auth;
    const agree = async (token: string | undefined, expected: 'member' | 'nobody', id: number) => {
      const member = await auth.memberFor(token);
      expect(member?.id ?? null).toBe(expected === 'member' ? id : null);
      expect(await auth.activeMemberId(token)).toBe(expected === 'member' ? id : null);
    };
    const m = await createMember(t);
    await agree(m.accessToken, 'member', m.id);
    await agree(`${m.accessToken.slice(0, -4)}AAAA`, 'nobody', m.id);
    await agree((await expiredToken(t, m.id)).authorization.slice(7), 'nobody', m.id);

    // A sanction that is not a suspension blocks trading, not reading.
    await t.app.services.sanctions.apply({ userId: m.id, state: SanctionState.STOP_TRADE, reason: '', endsAt: null, by: null });
    await agree(m.accessToken, 'member', m.id);

    // A timed suspension ends every session; once it is over, a new session is the member's again.
    const start = t.clock.now();
    try {
      const endsAt = new Date(start.getTime() + DAY);
      await t.app.services.sanctions.apply({ userId: m.id, state: SanctionState.SUSPEND, reason: '', endsAt, by: null });
      await agree(m.accessToken, 'nobody', m.id);
      const during = (await freshHeaders(t, m.id)).authorization.slice(7);
      await agree(during, 'nobody', m.id);
      t.clock.set(new Date(endsAt.getTime() + 60_000));
      await agree((await freshHeaders(t, m.id)).authorization.slice(7), 'member', m.id);
    } finally {
      t.clock.set(start);
    }

    const leaving = await createMember(t);
    await send(leaving, 'POST', '/api/auth/logout');
    await agree(leaving.accessToken, 'nobody', leaving.id);
  });
});

describe('the server’s door, on two instances of one deployment', () => {
  it('sees a logout and a star made on the other instance at the next request', async () => {
    const second = await secondInstance(t);
    try {
      const there = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const member = await createMember(t);
      const profile = `/api/v2/stock/profile/${other}`;
      for (let i = 0; i < 2; i++) {
        expect(result<{ stockFavorite: boolean }>(await get(profile, bearer(member), there)).stockFavorite).toBe(false);
        expect((await get('/api/trade/my', bearer(member), there)).status).toBe(200);
      }
      const before = second.app.services.frontDoor.answered();
      await get(profile, bearer(member), there);
      expect(second.app.services.frontDoor.answered()).toBe(before + 1);

      await send(member, 'POST', `/api/stock/add/favorite/stock/${other}`);
      expect(result<{ stockFavorite: boolean }>(await get(profile, bearer(member), there)).stockFavorite).toBe(true);
      await send(member, 'POST', '/api/auth/logout');
      expect((await get('/api/trade/my', bearer(member), there)).status).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('answers 503 from Fastify once the instance drains, kept answer or not', async () => {
    const second = await secondInstance(t);
    try {
      const there = await second.app.listen({ port: 0, host: '127.0.0.1' });
      const profile = `/api/v2/stock/profile/${company}`;
      await get(profile, {}, there);
      second.app.beginDrain();
      const res = await get(profile, {}, there);
      expect(res.status).toBe(503);
    } finally {
      await second.close();
    }
  });
});

import { SanctionState, TradeType } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type TestMember } from '../test/members.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../test/test-app.ts';
import { KEPT_PAGE_MS, PAGE_TAGS, pageLifetime } from './page-cache.ts';
import { type ApiSsrReads, untilSeoulMidnight } from './reads.ts';

/**
 * The SSR loaders' reads (apps/web/app/lib/ssr-reads.ts) against their GET routes: for a visitor,
 * a member, an operator and a suspended member, each read answers exactly what the route answers
 * (the same data, or a refusal with the same status and code), on the seeded demo data.
 */
let t: TestApp;
let member: TestMember;
let operator: TestMember;
let suspended: TestMember;
let companyId: number;
let conversationId: number;

beforeAll(async () => {
  t = await createTestApp();
  member = await createMember(t, { nickname: '읽기회원' });
  operator = await createMember(t, { nickname: '읽기운영자' });
  suspended = await createMember(t, { nickname: '정지회원', sanction: SanctionState.SUSPEND });
  await t.db.updateTable('users').set({ staff_role: 'ADMIN' }).where('id', '=', operator.id).execute();
  const company = await t.db.selectFrom('companies').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
  companyId = company.id;
  // The member's star on the profile and "mine" on their listing depend on who reads.
  const favourite = await t.app.inject({ method: 'POST', url: `/api/stock/add/favorite/stock/${companyId}`, headers: member.headers });
  expect(favourite.statusCode).toBe(200);
  const listing = await t.db
    .insertInto('trades')
    .values({
      company_id: companyId,
      user_id: member.id,
      trade_type: TradeType.SELL,
      stock_count: 100,
      stock_per_price: 10_000,
      count_negotiable: false,
      price_negotiable: false,
      expires_at: new Date(new Date(TEST_NOW).getTime() + 30 * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A conversation about it, with a caution, that its owner reported (the console reads it).
  const buyer = await createMember(t, { nickname: '읽기매수인' });
  const offer = await t.app.inject({
    method: 'POST',
    url: '/api/deals',
    payload: { tradeIdx: Number(listing.id), stockCount: 100, stockPerPrice: 10_000, message: '연락 주세요 010-1234-5678' },
    headers: buyer.headers,
  });
  expect(offer.statusCode, offer.body).toBe(200);
  conversationId = (offer.json() as { result: { conversationId: number } }).result.conversationId;
  const report = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${conversationId}/report`,
    payload: { reason: 3, detail: '' },
    headers: member.headers,
  });
  expect(report.statusCode, report.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
});

const readsOf = (who: TestMember | null, tags = new Set<string>()) =>
  t.app.services.ssrReads({ accessToken: who?.accessToken, ip: '127.0.0.1' }, tags);

type Outcome = { status: 200; result: unknown } | { status: number; code: string };

async function viaRead(read: Promise<unknown>): Promise<Outcome> {
  try {
    return { status: 200, result: await read };
  } catch (error) {
    const e = error as { statusCode?: number; code?: string };
    if (typeof e.statusCode !== 'number') throw error;
    return { status: e.statusCode, code: e.code ?? '' };
  }
}

async function viaRoute(url: string, who: TestMember | null): Promise<Outcome> {
  const res = await t.app.inject({ url, headers: who ? who.headers : {} });
  const body = res.json() as { result?: unknown; code?: string };
  return res.statusCode === 200 ? { status: 200, result: body.result } : { status: res.statusCode, code: body.code ?? '' };
}

type Case = [name: string, read: (reads: ApiSsrReads) => Promise<unknown>, url: () => string];

const cases: Case[] = [
  ['ranking', (r) => r.ranking('TODAY', 10), () => '/api/v2/stock/ranking-list/TODAY/10'],
  [
    'stock list',
    (r) => r.stockList({ page: 2, size: 20, sort: 'change', order: 'asc' }),
    () => '/api/v2/stock/list?page=2&size=20&sort=change&order=asc',
  ],
  ['stock profile', (r) => r.stockProfile(companyId), () => `/api/v2/stock/profile/${companyId}`],
  ['company info', (r) => r.companyInfo(companyId), () => `/api/v2/stock/company/info/${companyId}`],
  ['financials', (r) => r.companyFinancial(companyId), () => `/api/v2/stock/company/financial/${companyId}`],
  ['chart', (r) => r.chart(companyId, '3M'), () => `/api/stock/chart/${companyId}?range=3M`],
  [
    'sell listings',
    (r) => r.companyTrades(companyId, { tradeType: TradeType.SELL, page: 1, size: 10 }),
    () => `/api/v2/trade/all/company/${companyId}?tradeType=${TradeType.SELL}&page=1&size=10`,
  ],
  ['news list', (r) => r.contentList('news', 1, 5), () => '/api/v2/news/list?page=1&size=5'],
  ['notice detail', (r) => r.contentDetail('notice', 1), () => '/api/v2/notice/1'],
  ['social providers', (r) => r.socialProviders(), () => '/api/auth/social/providers'],
  ['me', (r) => r.me(), () => '/api/user/myPage/detail'],
  ['favourites', (r) => r.favorites(1, 100), () => '/api/stock/favorite/stock/list/1?size=100'],
  ['my listings', (r) => r.myTrades({ status: 11, page: 1, size: 20 }), () => '/api/trade/my?status=11&page=1&size=20'],
  ['reports', (r) => r.adminReports({ status: 'OPEN', page: 1, size: 20 }), () => '/api/admin/reports?status=OPEN&page=1&size=20'],
  ['review queue', (r) => r.adminReview({ page: 1, size: 1 }), () => '/api/admin/review?page=1&size=1'],
  ['proofs', (r) => r.adminProofs({ page: 1, size: 20 }), () => '/api/admin/proofs?page=1&size=20'],
  ['expert review', (r) => r.adminExperts({ page: 1, size: 20 }), () => '/api/admin/experts?page=1&size=20'],
  ['price review', (r) => r.adminPriceReview({ page: 1, size: 20 }), () => '/api/admin/price-review?page=1&size=20'],
  ['pins', (r) => r.adminPins({ page: 1, size: 20 }), () => '/api/admin/top-fix?page=1&size=20'],
  [
    'member search',
    (r) => r.adminMembers({ query: '읽기', page: 1, size: 20 }),
    () => `/api/admin/members?query=${encodeURIComponent('읽기')}&page=1&size=20`,
  ],
  ['content (console)', (r) => r.adminContent('notice', { page: 1, size: 20 }), () => '/api/admin/content/notice?page=1&size=20'],
  ['companies (console)', (r) => r.adminCompanies({ query: '', page: 1, size: 20 }), () => '/api/admin/companies?page=1&size=20'],
  ['reported conversation (console)', (r) => r.adminConversation(conversationId), () => `/api/admin/conversations/${conversationId}`],
  ['caution count (console)', (r) => r.adminCautions(), () => '/api/admin/cautions'],
  [
    'audit log',
    (r) => r.adminAudit({ action: 'content.create', page: 1, size: 50 }),
    () => '/api/admin/audit?action=content.create&page=1&size=50',
  ],
];

const callers: Array<[string, () => TestMember | null]> = [
  ['a visitor', () => null],
  ['a member', () => member],
  ['an operator', () => operator],
  ['a suspended member', () => suspended],
];

describe('each SSR read answers what its GET route answers', () => {
  for (const [who, caller] of callers) {
    it.each(cases)(`%s, for ${who}`, async (_name, read, url) => {
      const expected = await viaRoute(url(), caller());
      expect(await viaRead(read(readsOf(caller())))).toEqual(expected);
    });
  }

  it('the member sees their star and their listing marked as theirs, as the routes show them', async () => {
    const reads = readsOf(member);
    expect((await reads.stockProfile(companyId)).stockFavorite).toBe(true);
    const sell = await reads.companyTrades(companyId, { tradeType: TradeType.SELL, page: 1, size: 50 });
    expect(sell.data.filter((trade) => trade.isMine)).toHaveLength(1);
    expect((await readsOf(null).stockProfile(companyId)).stockFavorite).toBe(false);
  });

  it('refuses what the routes refuse, with their status and code: bad input, a missing company, no session, no role', async () => {
    // Each read starts only when it is awaited: a refusal left waiting would be an unhandled rejection.
    const refusals: Array<[() => Promise<unknown>, string, TestMember | null]> = [
      [() => readsOf(null).stockProfile(0), '/api/v2/stock/profile/0', null],
      [() => readsOf(null).stockProfile(999_999), '/api/v2/stock/profile/999999', null],
      [() => readsOf(null).contentList('notice', 0, 5), '/api/v2/notice/list?page=0&size=5', null],
      [() => readsOf(null).stockList({ sort: 'nonsense' as never }), '/api/v2/stock/list?sort=nonsense', null],
      [() => readsOf(null).contentDetail('event', 999_999), '/api/v2/event/999999', null],
      [() => readsOf(null).me(), '/api/user/myPage/detail', null],
      [() => readsOf(suspended).me(), '/api/user/myPage/detail', suspended],
      [() => readsOf(member).adminAudit({}), '/api/admin/audit', member],
    ];
    const statuses: number[] = [];
    for (const [read, url, who] of refusals) {
      const [got, expected] = [await viaRead(read()), await viaRoute(url, who)];
      expect(got).toEqual(expected);
      statuses.push(got.status);
    }
    expect(statuses).toEqual([400, 404, 400, 400, 404, 401, 403, 403]);
  });
});

describe('one request, one member lookup', () => {
  it('resolves the session once, however many reads need the member', async () => {
    const holderOf = vi.spyOn(t.app.services.auth, 'holderOf');
    try {
      const reads = readsOf(member);
      await Promise.all([
        reads.me(),
        reads.stockProfile(companyId),
        reads.favorites(1, 100),
        reads.myTrades({}),
        reads.companyTrades(companyId, {}),
      ]);
      expect(holderOf).toHaveBeenCalledTimes(1);
    } finally {
      holderOf.mockRestore();
    }
  });
});

describe('until midnight in Seoul', () => {
  it('counts to the next 00:00 KST, a whole day from midnight itself', () => {
    expect(untilSeoulMidnight(new Date('2026-11-27T23:59:59+09:00'))).toBe(1_000);
    expect(untilSeoulMidnight(new Date('2026-11-27T00:00:00+09:00'))).toBe(86_400_000);
    // 15:00 UTC is midnight in Seoul; 14:00 UTC an hour before it.
    expect(untilSeoulMidnight(new Date('2026-11-27T14:00:00Z'))).toBe(3_600_000);
  });
});

describe('what a page read depends on', () => {
  it('tags the company of a stock page, the market for lists, content for posts; a member read tags nothing', async () => {
    const stockPage = new Set<string>();
    const reads = readsOf(null, stockPage);
    await Promise.all([reads.stockProfile(companyId), reads.chart(companyId, '1M'), reads.socialProviders()]);
    // Vouched until the chart's window moves: midnight in Seoul.
    expect([...stockPage]).toEqual([PAGE_TAGS.company(companyId), PAGE_TAGS.keep(untilSeoulMidnight(t.clock.now()))]);

    const home = new Set<string>();
    await Promise.all([readsOf(null, home).ranking('TODAY', 10), readsOf(null, home).contentList('notice', 1, 4)]);
    expect([...home].sort()).toEqual([PAGE_TAGS.content, PAGE_TAGS.market].sort());

    const mine = new Set<string>();
    await readsOf(member, mine).favorites(1, 100);
    expect(mine.size).toBe(0);
  });

  it('a company’s listings vouch for the page until the first of them expires, and name their writers (a rename drops the page)', async () => {
    // Another company (its book not read yet), with a listing that ends in 20 s of the business clock.
    const other = await t.db
      .selectFrom('companies')
      .select('id')
      .where('id', '!=', companyId)
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const writer = await createMember(t, { nickname: '곧끝매도' });
    await t.db
      .insertInto('trades')
      .values({
        company_id: other.id,
        user_id: writer.id,
        trade_type: TradeType.SELL,
        stock_count: 10,
        stock_per_price: 20_000,
        count_negotiable: false,
        price_negotiable: false,
        expires_at: new Date(t.clock.now().getTime() + 20_000),
      })
      .execute();
    const tags = new Set<string>();
    await readsOf(null, tags).companyTrades(other.id, { tradeType: TradeType.SELL, page: 1, size: 10 });
    expect(tags.has(PAGE_TAGS.keep(20_000))).toBe(true);
    expect(tags.has(PAGE_TAGS.member(writer.id))).toBe(true);
    expect(pageLifetime(tags, 5_000, KEPT_PAGE_MS)).toBe(20_000);
    // An empty book vouches for as long as the company does (the cache's bound).
    const empty = new Set<string>();
    await readsOf(null, empty).companyTrades(other.id, { tradeType: TradeType.BUY, page: 1, size: 10 });
    expect(pageLifetime(empty, 5_000, KEPT_PAGE_MS)).toBe(KEPT_PAGE_MS);
  });
});

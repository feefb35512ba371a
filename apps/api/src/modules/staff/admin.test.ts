import { messages, outranks, SanctionState, type StaffRole, tradeMessages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError, multipartPost } from '../../test/http.ts';
import { createMember, freshHeaders, type TestMember } from '../../test/members.ts';
import { enterAndApprove } from '../../test/prices.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { auditCsv } from './admin-members.service.ts';

/** Issue 11: the operators' routes, by role, each change audited in its transaction. */
let t: TestApp;
const staff: Partial<Record<StaffRole, TestMember>> = {};
let plain: TestMember;

async function asStaff(role: StaffRole) {
  const m = await createMember(t, { nickname: `운영${role}` });
  await t.db.updateTable('users').set({ staff_role: role }).where('id', '=', m.id).execute();
  return m;
}
const auditCount = async () =>
  Number((await t.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  for (const role of ['ADMIN', 'MODERATOR', 'EDITOR'] as const) staff[role] = await asStaff(role);
  plain = await createMember(t, { nickname: '평범회원' });
});
afterAll(async () => {
  await t?.close();
});

type Who = 'visitor' | 'member' | StaffRole;
const WHO: Who[] = ['visitor', 'member', 'EDITOR', 'MODERATOR', 'ADMIN'];
const headersOf = (who: Who) => (who === 'visitor' ? {} : who === 'member' ? plain.headers : (staff[who] as TestMember).headers);

/**
 * Every console route: who may call it, whether it changes anything (then it is audited), and
 * whether it acts on the member `target` (sanction, sessions, role, expert decision), which only an
 * operator who outranks that member may do (issue 21).
 */
const ROUTES: Array<{
  name: string;
  allowed: StaffRole[];
  write: boolean;
  onMember?: true;
  request: (target: TestMember) => InjectOptions | Promise<InjectOptions>;
}> = [
  { name: 'search', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/members?query=회원' }) },
  { name: 'member detail', allowed: ['ADMIN', 'MODERATOR'], write: false, request: (m) => ({ url: `/api/admin/member/${m.id}` }) },
  {
    name: 'sanction history',
    allowed: ['ADMIN', 'MODERATOR'],
    write: false,
    request: (m) => ({ url: `/api/admin/member/${m.id}/sanctions` }),
  },
  {
    name: 'sanction',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    onMember: true,
    request: (m) => ({ method: 'POST', url: `/api/admin/member/${m.id}/sanction`, payload: { state: SanctionState.WARN, reason: '욕설' } }),
  },
  {
    name: 'revoke sessions',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    onMember: true,
    request: (m) => ({ method: 'POST', url: `/api/admin/member/${m.id}/sessions/revoke` }),
  },
  {
    name: 'role',
    allowed: ['ADMIN'],
    write: true,
    onMember: true,
    request: (m) => ({ method: 'POST', url: `/api/admin/member/${m.id}/role`, payload: { role: null } }),
  },
  {
    name: 'role given',
    allowed: ['ADMIN'],
    write: true,
    onMember: true,
    request: (m) => ({ method: 'POST', url: `/api/admin/member/${m.id}/role`, payload: { role: 'EDITOR' } }),
  },
  { name: 'audit', allowed: ['ADMIN'], write: false, request: () => ({ url: '/api/admin/audit' }) },
  { name: 'audit export', allowed: ['ADMIN'], write: false, request: () => ({ url: '/api/admin/audit/export' }) },
  { name: 'access log', allowed: ['ADMIN'], write: false, request: () => ({ url: '/api/admin/access-log' }) },
  { name: 'expert queue', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/experts' }) },
  {
    name: 'expert decision',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    onMember: true,
    request: async (m) => {
      await waitingExpert(m);
      return { method: 'POST', url: `/api/admin/expert/${m.id}/decision`, payload: { decision: 'APPROVE' } };
    },
  },
  { name: 'report queue', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/reports?status=OPEN' }) },
  {
    name: 'report resolve',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async (m) => ({
      method: 'POST',
      url: `/api/admin/reports/OPINION/${await reportedOpinion(m)}/resolve`,
      payload: { action: 'DISMISS' },
    }),
  },
  {
    name: 'report upheld with a sanction on the author',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    onMember: true,
    request: async (m) => ({
      method: 'POST',
      url: `/api/admin/reports/OPINION/${await reportedOpinion(m)}/resolve`,
      payload: { action: 'HIDE', sanction: { state: SanctionState.STOP_DEBATE, reason: '허위 정보' }, note: '' },
    }),
  },
  {
    name: 'top-fix',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async (m) => ({ method: 'POST', url: `/api/admin/trade/${await plainListing(m)}/top-fix`, payload: { endsAt: inAnHour() } }),
  },
  {
    name: 'top-fix removal',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async (m) => ({ method: 'DELETE', url: `/api/admin/trade/${await plainListing(m)}/top-fix` }),
  },
  { name: 'price review', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/price-review' }) },
  {
    name: 'manual price entry',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async () => ({
      method: 'POST',
      url: `/api/admin/company/${await insertCompany(t.db, { currentPrice: 12_000, previousClose: 12_000 })}/price`,
      payload: { price: 12_300, note: '장외 체결 확인' },
    }),
  },
  {
    name: 'price entries',
    allowed: ['ADMIN', 'MODERATOR'],
    write: false,
    request: () => ({ url: '/api/admin/price-entries?status=PENDING' }),
  },
  {
    name: 'price entry approval',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async () => ({ method: 'POST', url: `/api/admin/price-entries/${await pendingEntry()}/approve` }),
  },
  {
    name: 'price entry rejection',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async () => ({
      method: 'POST',
      url: `/api/admin/price-entries/${await pendingEntry()}/reject`,
      payload: { reason: '근거 부족' },
    }),
  },
  { name: 'content list', allowed: ['ADMIN', 'EDITOR'], write: false, request: () => ({ url: '/api/admin/content/notice' }) },
  {
    name: 'campaign preview',
    allowed: ['ADMIN', 'EDITOR'],
    write: false,
    request: () => ({
      url: `/api/admin/campaigns/preview?title=${encodeURIComponent('봄맞이 이벤트')}&body=${encodeURIComponent('혜택을 확인하세요')}`,
    }),
  },
  {
    name: 'campaign',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: () => ({
      method: 'POST',
      url: '/api/admin/campaigns',
      payload: { title: '봄맞이 이벤트', body: '혜택을 확인하세요', url: '/event' },
    }),
  },
  {
    name: 'content create',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: () => ({ method: 'POST', url: '/api/admin/content/notice', payload: { title: '점검 안내', body: '내일 새벽 점검합니다.' } }),
  },
  {
    name: 'content update',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: async () => ({ method: 'PATCH', url: `/api/admin/content/notice/${await notice()}`, payload: { title: '점검 안내 (수정)' } }),
  },
  {
    name: 'content delete',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: async () => ({ method: 'DELETE', url: `/api/admin/content/notice/${await notice()}` }),
  },
  { name: 'proof queue', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/proofs?status=PENDING' }) },
  { name: 'review queue', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/review' }) },
  {
    // Not a change, but every reading of a reported conversation is audited as one.
    name: 'reported conversation reading',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async () => ({ url: `/api/admin/conversations/${await reportedConversation()}` }),
  },
  { name: 'caution count', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/cautions' }) },
  {
    name: 'review resolve',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async (m) => ({ method: 'POST', url: `/api/admin/review/${await reviewItem(m)}/resolve`, payload: { action: 'DISMISS' } }),
  },
  {
    name: 'review upheld with a sanction on the author',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    onMember: true,
    request: async (m) => ({
      method: 'POST',
      url: `/api/admin/review/${await reviewItem(m)}/resolve`,
      payload: { action: 'UPHOLD', sanction: { state: SanctionState.WARN, reason: '사기 의심 문구' }, note: '' },
    }),
  },
  { name: 'pinned listings', allowed: ['ADMIN', 'MODERATOR'], write: false, request: () => ({ url: '/api/admin/top-fix' }) },
  { name: 'companies', allowed: ['ADMIN', 'EDITOR'], write: false, request: () => ({ url: '/api/admin/companies?query=' }) },
  {
    name: 'company edit',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: async () => ({ method: 'PATCH', url: `/api/admin/company/${await priced()}`, payload: { businessSummary: '장외 시장 설명' } }),
  },
  {
    name: 'company import dry run',
    allowed: ['ADMIN', 'EDITOR'],
    write: false,
    request: () => multipartPost('/api/admin/company/import?dryRun=true', [importFile()]),
  },
  {
    name: 'company import',
    allowed: ['ADMIN', 'EDITOR'],
    write: true,
    request: () => multipartPost('/api/admin/company/import?dryRun=false', [importFile()]),
  },
  {
    name: 'content preview',
    allowed: ['ADMIN', 'EDITOR'],
    write: false,
    request: () => ({ method: 'POST', url: '/api/admin/content/preview', payload: { body: '**미리보기**' } }),
  },
  {
    name: 'proof decision',
    allowed: ['ADMIN', 'MODERATOR'],
    write: true,
    request: async (m) => ({
      method: 'POST',
      url: `/api/admin/trade/${await proofListing(m)}/proof`,
      payload: { status: 'VERIFIED', note: '' },
    }),
  },
];

let imported = 0;
/** A one-company companies.csv with a new code each time. */
const importFile = () => ({
  field: 'companies',
  filename: 'companies.csv',
  type: 'text/csv',
  bytes: Buffer.from(
    `code,name,sector,labels,shares_outstanding,ceo_name,founded_on,address,homepage_url,business_summary\nRM${String(++imported).padStart(4, '0')},권한기업${imported},BIO,KOTC,1000,,,,,\n`,
  ),
});

/** A price entered by an operator outside the matrix, within ±30 % of a new company's price; its entry id. */
async function pendingEntry(): Promise<number> {
  entrant ||= await asStaff('MODERATOR');
  const company = await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/company/${company}/price`,
    payload: { price: 10_500, note: '장외 체결 확인' },
    headers: await freshHeaders(t, entrant.id),
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as { result: { entryId: number } }).result.entryId;
}
let entrant: TestMember | undefined;

const inAnHour = () => new Date(t.clock.now().getTime() + 3_600_000).toISOString();
let market = 0;
async function priced(): Promise<number> {
  market ||= await insertCompany(t.db);
  return market;
}
/** An ordinary open sale by `m`; its id. */
async function plainListing(m: TestMember): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    payload: {
      companyIdx: await priced(),
      stockCount: 10,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
    },
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { tradeIdx: number } }).result.tradeIdx;
}

/** A new published notice, written straight through the content service as an editor would; its id. */
async function notice(): Promise<number> {
  return t.db.transaction().execute((tx) => t.app.services.contents.create('notice', { title: '공지', body: '본문', published: true }, tx));
}

let discussed = 0;
/** An opinion by `m` that another member reported; its id. */
async function reportedOpinion(m: TestMember, reporters = 1): Promise<number> {
  discussed ||= await insertCompany(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/opinion',
    payload: { companyIdx: discussed, content: `신고될 의견 ${++proofSeq}` },
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { result: { opinionIdx: number } }).result.opinionIdx;
  for (let i = 0; i < reporters; i++) {
    const reporter = await createMember(t);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/accuse/opinion/${id}`,
      payload: { reason: 2, detail: `광고 같아요 ${i}` },
      headers: reporter.headers,
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  return id;
}

let conversationRead = 0;
/** A conversation about a listing that one of its two members reported (made once: reading changes nothing); its id. */
async function reportedConversation(): Promise<number> {
  if (conversationRead) return conversationRead;
  const [seller, buyer] = [await createMember(t), await createMember(t)];
  const trade = await plainListing(seller);
  const offer = await t.app.inject({
    method: 'POST',
    url: '/api/deals',
    payload: { tradeIdx: trade, stockCount: 10, stockPerPrice: 10_000, message: '연락 주세요 010-1234-5678' },
    headers: buyer.headers,
  });
  expect(offer.statusCode, offer.body).toBe(200);
  const id = (offer.json() as { result: { conversationId: number } }).result.conversationId;
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/conversations/${id}/report`,
    payload: { reason: 3, detail: '외부 연락 요구' },
    headers: seller.headers,
  });
  expect(r.statusCode, r.body).toBe(200);
  conversationRead = id;
  return id;
}

/** An opinion by `m` with a scam phrase, queued for review without a report; the queue item's id. */
async function reviewItem(m: TestMember): Promise<number> {
  discussed ||= await insertCompany(t.db);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/opinion',
    payload: { companyIdx: discussed, content: `원금 보장 리딩방 ${++proofSeq}` },
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { result: { opinionIdx: number } }).result.opinionIdx;
  const row = await t.db
    .selectFrom('review_queue')
    .select('id')
    .where('target_type', '=', 'OPINION')
    .where('target_id', '=', id)
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** `m` as a PB member waiting in 전문가 심사 with a proof (decision 0016). */
async function waitingExpert(m: TestMember): Promise<void> {
  await t.db
    .updateTable('users')
    .set({
      expert_type: 1,
      expert_name: '김심사',
      office_name: '비상증권',
      expert_status: 'PENDING',
      expert_proof_url: `/uploads/${String(m.id).padStart(32, 'c')}.webp`,
      expert_submitted_at: t.clock.now(),
    })
    .where('id', '=', m.id)
    .execute();
}

let unissued = 0;
let proofSeq = 0;
/** A sale of unissued stock by `m` with an uploaded proof waiting for an operator; its id. */
async function proofListing(m: TestMember): Promise<number> {
  unissued ||= await insertCompany(t.db, { labels: ['UNISSUED'] });
  const image = `/uploads/${String(++proofSeq).padStart(32, 'a')}.webp`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    payload: {
      companyIdx: unissued,
      stockCount: 10,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
      stockTradeProofImageUrl: image,
      unissuedStockProofCheckFlag: true,
      proofType: 'CONTRACT',
    },
    headers: m.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { tradeIdx: number } }).result.tradeIdx;
}

describe('the role matrix (issue 11 §1)', () => {
  it('covers every operator route of the API document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path })));
    expect(documented.length).toBeGreaterThan(20);
    const target = await createMember(t);
    const requests = await Promise.all(ROUTES.map((r) => r.request(target)));
    const uncovered = documented.filter(({ method, path }) => {
      const pattern = new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/?]+')}(\\?|$)`);
      return !requests.some((r) => (r.method ?? 'GET') === method && pattern.test(String(r.url)));
    });
    expect(uncovered).toEqual([]);
  });

  /** Whom the request is about: a plain member, an operator of each role, or the caller themselves. */
  const TARGETS = ['member', 'EDITOR', 'MODERATOR', 'ADMIN', 'self'] as const;
  const targetFor = async (target: (typeof TARGETS)[number], who: Who) => {
    if (target === 'self') return who === 'visitor' ? createMember(t) : who === 'member' ? plain : (staff[who] as TestMember);
    return target === 'member' ? createMember(t) : asStaff(target);
  };

  for (const route of ROUTES) {
    const rule = route.onMember ? ', on a member they outrank' : '';
    it(`${route.name}: visitor 401, member 403, and only ${route.allowed.join(' / ')}${rule} get 2xx; a write leaves exactly one audit entry`, async () => {
      for (const who of WHO) {
        for (const targetRole of TARGETS) {
          const target = await targetFor(targetRole, who);
          const request = await route.request(target);
          const before = await auditCount();
          const res = await t.app.inject({ ...request, headers: { ...request.headers, ...headersOf(who) } });
          const label = `${route.name} as ${who} on ${targetRole}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          if (who === 'visitor') expect(res.statusCode, label).toBe(401);
          else if (who === 'member' || !route.allowed.includes(who)) {
            expect(res.statusCode, label).toBe(403);
            expect(res.json()).toMatchObject({ message: messages.staffOnly, code: 'STAFF_ONLY' });
          } else if (route.onMember && targetRole === 'self' && route.name.startsWith('role')) {
            expect(res.statusCode, label).toBe(400);
            expect(res.json()).toMatchObject({ message: messages.adminSelfRole });
          } else if (route.onMember && (targetRole === 'self' || !outranks(who, targetRole === 'member' ? null : targetRole))) {
            expect(res.statusCode, label).toBe(403);
            expect(res.json()).toMatchObject({ message: messages.staffOutranked, code: 'STAFF_OUTRANKED' });
          } else expect([200, 202], label).toContain(res.statusCode);
          expect(res.headers['cache-control'], label).toBe('no-store');
          expect(await auditCount(), label).toBe(before + (route.write && res.statusCode < 300 ? 1 : 0));
        }
      }
    });
  }

  it('a moderator cannot suspend an admin or end their sessions: the admin still signs in and works', async () => {
    const admin = await asStaff('ADMIN');
    const moderator = staff.MODERATOR as TestMember;
    await expectError(
      t.app,
      {
        method: 'POST',
        url: `/api/admin/member/${admin.id}/sanction`,
        payload: { state: SanctionState.SUSPEND, reason: '권한 시험' },
        headers: moderator.headers,
      },
      403,
      messages.staffOutranked,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/member/${admin.id}/sessions/revoke`, headers: moderator.headers },
      403,
      messages.staffOutranked,
    );
    const still = await t.app.inject({ url: '/api/admin/audit', headers: admin.headers });
    expect(still.statusCode, still.body).toBe(200);
    const row = await t.db
      .selectFrom('users')
      .select(['sanction_state', 'sessions_revoked_at'])
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ sanction_state: SanctionState.NORMAL, sessions_revoked_at: null });
  });
});

describe('members section', () => {
  it("search finds by nickname, number, email start and the phone's last four digits, masked", async () => {
    const m = await createMember(t, { nickname: '검색대상' });
    await t.db.updateTable('users').set({ email: 'findme@example.com', phone_masked: '010****4321' }).where('id', '=', m.id).execute();
    const search = async (query: string) => {
      const res = await t.app.inject({
        url: `/api/admin/members?query=${encodeURIComponent(query)}`,
        headers: (staff.MODERATOR as TestMember).headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { result: { data: Array<{ userIdx: number; emailMasked: string; phoneMasked: string }> } }).result.data;
    };
    for (const query of ['검색대', String(m.id), 'findme', '4321'])
      expect(
        (await search(query)).map((r) => r.userIdx),
        query,
      ).toContain(m.id);
    const row = (await search('findme')).find((r) => r.userIdx === m.id);
    expect(row).toMatchObject({ emailMasked: 'fi***@example.com', phoneMasked: '010****4321' });
    expect(JSON.stringify(await search('findme'))).not.toContain('findme@');
    await expectError(
      t.app,
      { url: '/api/admin/members?query=', headers: (staff.MODERATOR as TestMember).headers },
      400,
      messages.adminQueryRequired,
    );
  });

  it('a sanction with an end blocks the member at their next action and lifts by itself; the audit says who did it', async () => {
    const m = await createMember(t);
    const endsAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/member/${m.id}/sanction`,
      payload: { state: SanctionState.SUSPEND, reason: '사기 의심', endsAt },
      headers: (staff.MODERATOR as TestMember).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectError(t.app, { url: '/api/user/myPage/detail', headers: m.headers }, 403, messages.suspended);
    const history = await t.app.inject({ url: `/api/admin/member/${m.id}/sanctions`, headers: (staff.ADMIN as TestMember).headers });
    expect((history.json() as { result: unknown[] }).result).toEqual([
      {
        state: SanctionState.SUSPEND,
        reason: '사기 의심',
        startsAt: t.clock.now().toISOString(),
        endsAt,
        staffUserIdx: (staff.MODERATOR as TestMember).id,
      },
    ]);
    const audit = await t.app.inject({ url: `/api/admin/audit?target=USER:${m.id}`, headers: (staff.ADMIN as TestMember).headers });
    const entries = (audit.json() as { result: { data: Array<{ action: string; staffUserIdx: number; detail: string }> } }).result.data;
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'member.sanction', staffUserIdx: (staff.MODERATOR as TestMember).id });
    expect(JSON.parse(entries[0]?.detail ?? '{}')).toEqual({ state: SanctionState.SUSPEND, reason: '사기 의심', endsAt });
    // An end in the past, an unknown state or no reason: 400 in Korean, nothing written.
    const before = await auditCount();
    for (const [payload, message] of [
      [{ state: 1, reason: '경고', endsAt: '2020-01-01T00:00:00Z' }, messages.adminEndsAtPast],
      [{ state: 9, reason: '경고' }, messages.adminSanctionState],
      [{ state: 1, reason: '  ' }, messages.adminReasonRequired],
    ] as const) {
      await expectError(
        t.app,
        { method: 'POST', url: `/api/admin/member/${m.id}/sanction`, payload, headers: (staff.MODERATOR as TestMember).headers },
        400,
        message,
      );
    }
    expect(await auditCount()).toBe(before);

    // In force in the console until its end; after it, lifted by itself for the member and the console alike.
    const row = async () => {
      const found = await t.app.inject({
        url: `/api/admin/members?query=${m.id}`,
        headers: await freshHeaders(t, (staff.MODERATOR as TestMember).id),
      });
      return (found.json() as { result: { data: Array<{ userIdx: number }> } }).result.data.find((r) => r.userIdx === m.id);
    };
    expect(await row()).toMatchObject({ sanctionState: SanctionState.SUSPEND, sanctionEndsAt: endsAt });
    const day = 86_400_000 + 1_000;
    t.clock.advance(day);
    try {
      expect(await row()).toMatchObject({ sanctionState: SanctionState.NORMAL, sanctionEndsAt: null });
      const back = await t.app.inject({ url: '/api/user/myPage/detail', headers: await freshHeaders(t, m.id) });
      expect(back.statusCode, back.body).toBe(200);
    } finally {
      t.clock.advance(-day);
    }
  });

  it('revoking sessions ends the access token at once and the refresh token too', async () => {
    const m = await createMember(t);
    t.clock.advance(1_000); // the revocation counts whole seconds: tokens from before it end
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/member/${m.id}/sessions/revoke`,
      headers: (staff.MODERATOR as TestMember).headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectError(t.app, { url: '/api/user/myPage/detail', headers: m.headers }, 401, messages.sessionExpired);
    const tokens = await t.db.selectFrom('refresh_tokens').select('revoked_at').where('user_id', '=', m.id).execute();
    expect(tokens.every((r) => r.revoked_at !== null)).toBe(true);
    // A new sign-in afterwards works.
    const fresh = await t.app.services.auth.issueFor(m.id);
    t.clock.advance(1_000);
    const again = await t.app.inject({ url: '/api/user/myPage/detail', headers: { authorization: `Bearer ${fresh.accessToken}` } });
    expect(again.statusCode).toBe(200);
  });

  it('roles: an admin grants and takes them, never their own; a role taken away holds from the next request', async () => {
    const admin = staff.ADMIN as TestMember;
    const m = await createMember(t);
    const grant = (role: StaffRole | null, who = m.id) =>
      t.app.inject({ method: 'POST', url: `/api/admin/member/${who}/role`, payload: { role }, headers: admin.headers });
    expect((await grant('EDITOR')).statusCode).toBe(200);
    // A role change ends the member's sessions (issue 13 §2): the old token stops at the next request…
    await expectError(t.app, { url: '/api/admin/members?query=x', headers: m.headers }, 401);
    // …and signed in again, the member has the new role's reach and no more.
    await expectError(t.app, { url: '/api/admin/members?query=x', headers: await freshHeaders(t, m.id) }, 403, messages.staffOnly);
    expect((await grant('MODERATOR')).statusCode).toBe(200);
    const moderator = await freshHeaders(t, m.id);
    expect((await t.app.inject({ url: '/api/admin/members?query=x', headers: moderator })).statusCode).toBe(200);
    expect((await grant(null)).statusCode).toBe(200);
    await expectError(t.app, { url: '/api/admin/members?query=x', headers: moderator }, 401);
    await expectError(t.app, { url: '/api/admin/members?query=x', headers: await freshHeaders(t, m.id) }, 403, messages.staffOnly);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/member/${admin.id}/role`, payload: { role: null }, headers: admin.headers },
      400,
      messages.adminSelfRole,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/member/${m.id}/role`, payload: { role: 'OWNER' }, headers: admin.headers },
      400,
      messages.adminRoleInvalid,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/member/999999/role', payload: { role: 'EDITOR' }, headers: admin.headers },
      404,
      messages.memberNotFound,
    );
  });
});

describe('reports (신고)', () => {
  const mod = () => (staff.MODERATOR as TestMember).headers;
  const queue = async (status: 'OPEN' | 'RESOLVED') => {
    const res = await t.app.inject({ url: `/api/admin/reports?status=${status}&type=OPINION&size=100`, headers: mod() });
    expect(res.statusCode, res.body).toBe(200);
    return (
      res.json() as {
        result: {
          data: Array<{
            targetId: number;
            count: number;
            reasons: Record<string, number>;
            details: string[];
            content: string;
            author: { userIdx: number } | null;
            visible: boolean;
            status: number;
          }>;
          oldestWaitingSince: string | null;
        };
      }
    ).result;
  };

  it('groups reports by target with reasons, words, content and author; hiding with a sanction takes effect at once', async () => {
    const author = await createMember(t);
    const id = await reportedOpinion(author, 2);
    const open = await queue('OPEN');
    const group = open.data.find((g) => g.targetId === id);
    expect(group).toMatchObject({ count: 2, reasons: { '2': 2 }, author: { userIdx: author.id }, visible: true, status: 0 });
    expect(group?.content).toContain('신고될 의견');
    expect(group?.details).toEqual(['광고 같아요 0', '광고 같아요 1']);
    expect(open.oldestWaitingSince).not.toBeNull();

    const endsAt = new Date(t.clock.now().getTime() + 86_400_000).toISOString();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/OPINION/${id}/resolve`,
      payload: { action: 'HIDE', sanction: { state: SanctionState.STOP_DEBATE, reason: '광고성 글 반복', endsAt }, note: '광고' },
      headers: mod(),
    });
    expect(res.statusCode, res.body).toBe(200);
    // Gone for readers, the author is barred from the discussion on their next try, the reports closed as upheld.
    const list = await t.app.inject({ url: `/api/v2/opinion/all/company/${discussed}?size=100` });
    expect((list.json() as { result: { data: Array<{ opinionIdx: number }> } }).result.data.map((o) => o.opinionIdx)).not.toContain(id);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/opinion', payload: { companyIdx: discussed, content: '또 광고' }, headers: author.headers },
      403,
      tradeMessages.sanctionStopDebate,
    );
    expect((await queue('OPEN')).data.map((g) => g.targetId)).not.toContain(id);
    expect((await queue('RESOLVED')).data.find((g) => g.targetId === id)).toMatchObject({ status: 2, visible: false });
    // Resolved once: again is 409 and writes nothing.
    const before = await auditCount();
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/reports/OPINION/${id}/resolve`, payload: { action: 'DISMISS' }, headers: mod() },
      409,
      messages.reportNotOpen,
    );
    expect(await auditCount()).toBe(before);
  });

  it('dismissing keeps the content; dismissing with a sanction is refused', async () => {
    const author = await createMember(t);
    const id = await reportedOpinion(author);
    await expectError(
      t.app,
      {
        method: 'POST',
        url: `/api/admin/reports/OPINION/${id}/resolve`,
        payload: { action: 'DISMISS', sanction: { state: 1, reason: '경고' } },
        headers: mod(),
      },
      400,
      messages.adminDismissNoSanction,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/admin/reports/OPINION/${id}/resolve`,
          payload: { action: 'DISMISS' },
          headers: mod(),
        })
      ).statusCode,
    ).toBe(200);
    const list = await t.app.inject({ url: `/api/v2/opinion/all/company/${discussed}?size=100` });
    expect((list.json() as { result: { data: Array<{ opinionIdx: number }> } }).result.data.map((o) => o.opinionIdx)).toContain(id);
    expect((await queue('RESOLVED')).data.find((g) => g.targetId === id)).toMatchObject({ status: 1, visible: true });
  });
});

describe('top-fix, price review and manual prices', () => {
  const mod = () => (staff.MODERATOR as TestMember).headers;
  const pinned = async () => {
    const res = await t.app.inject({ url: `/api/v2/trade/all/company/${await priced()}/top-fix` });
    return (res.json() as { result: Array<{ tradeIdx: number; listPin: number }> }).result.map((r) => r.tradeIdx);
  };

  it('a pin holds until its end and is gone after it at read time; removing it unpins at once', async () => {
    const owner = await createMember(t);
    const [a, b] = [await plainListing(owner), await plainListing(owner)];
    for (const id of [a, b]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/trade/${id}/top-fix`,
        payload: { endsAt: inAnHour() },
        headers: mod(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(await pinned()).toEqual(expect.arrayContaining([a, b]));
    const list = await t.app.inject({ url: `/api/v2/trade/all/company/${await priced()}?tradeType=2&size=50` });
    expect(
      (list.json() as { result: { data: Array<{ tradeIdx: number; listPin: number }> } }).result.data
        .slice(0, 2)
        .every((r) => r.listPin === 1),
    ).toBe(true);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/admin/trade/${a}/top-fix`, headers: mod() })).statusCode).toBe(200);
    expect(await pinned()).not.toContain(a);
    const start = t.clock.now();
    try {
      t.clock.advance(3_600_000);
      expect(await pinned()).not.toContain(b);
    } finally {
      t.clock.set(start);
    }
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/trade/${b}/top-fix`, payload: { endsAt: '2020-01-01T00:00:00Z' }, headers: mod() },
      400,
      messages.adminEndsAtPast,
    );
  });

  it('an excluded finish waits in the price review with its reasons; a manual price is MANUAL everywhere', async () => {
    const owner = await createMember(t);
    const id = await plainListing(owner);
    // Finished at once: too soon after listing (decision 0006), so the finish is excluded.
    const fin = await t.app.inject({
      method: 'POST',
      url: `/api/trade/finish/${id}`,
      payload: { finishedPrice: 10_000 },
      headers: owner.headers,
    });
    expect(fin.statusCode, fin.body).toBe(200);
    const review = await t.app.inject({ url: '/api/admin/price-review?size=100', headers: mod() });
    const listed = (review.json() as { result: { data: Array<{ tradeIdx: number; reasons: string[] }>; total: number } }).result;
    const row = listed.data.find((r) => r.tradeIdx === id);
    expect(row?.reasons).toContain('TOO_SOON');
    expect(listed.total).toBe(
      Number(
        (
          await t.db
            .selectFrom('trade_price_marks')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('counted', '=', false)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );

    const company = await priced();
    await enterAndApprove(t.app, { company, price: 15_500, by: mod(), approver: (staff.ADMIN as TestMember).headers });
    const profile = await t.app.inject({ url: `/api/v2/stock/profile/${company}` });
    expect((profile.json() as { result: unknown }).result).toMatchObject({ companyStockCurrentPrice: 15_500, priceSource: 'MANUAL' });
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/company/${company}/price`, payload: { price: 0, note: 'x' }, headers: mod() },
      400,
      messages.adminPriceInvalid,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/company/999999/price', payload: { price: 100, note: 'x' }, headers: mod() },
      404,
    );
  });
});

describe('four eyes on prices (issue 21)', () => {
  const profile = async (id: number) =>
    (
      (await t.app.inject({ url: `/api/v2/stock/profile/${id}` })).json() as {
        result: { companyStockCurrentPrice: number; priceSource: string };
      }
    ).result;
  const enter = (id: number, price: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/admin/company/${id}/price`, payload: { price, note: '공시 가격 반영' }, headers });
  const decide = (entryId: number, verb: 'approve' | 'reject', headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method: 'POST', url: `/api/admin/price-entries/${entryId}/${verb}`, headers, ...(payload && { payload }) });
  const entries = async (status: string, headers: Record<string, string>) =>
    (
      (await t.app.inject({ url: `/api/admin/price-entries?status=${status}&size=100`, headers })).json() as {
        result: {
          data: Array<{
            entryId: number;
            price: number;
            currentPrice: number;
            differenceRate: number | null;
            needsAdmin: boolean;
            status: string;
          }>;
        };
      }
    ).result.data;

  it('a moderator’s price waits; the public price moves only when a different operator approves it, each step audited', async () => {
    const first = await asStaff('MODERATOR');
    const second = await asStaff('MODERATOR');
    const id = await insertCompany(t.db, { currentPrice: 20_000, previousClose: 20_000 });
    const before = await auditCount();
    const res = await enter(id, 23_000, first.headers);
    expect(res.statusCode, res.body).toBe(202);
    const { entryId } = (res.json() as { result: { entryId: number } }).result;
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 20_000 });
    expect((await entries('PENDING', second.headers)).find((e) => e.entryId === entryId)).toMatchObject({
      price: 23_000,
      currentPrice: 20_000,
      differenceRate: 15,
      needsAdmin: false,
      status: 'PENDING',
    });
    // Its author cannot approve it, nor enter a second one beside it.
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/price-entries/${entryId}/approve`, headers: first.headers },
      403,
      messages.priceEntrySelfApprove,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/company/${id}/price`, payload: { price: 21_000, note: '다시' }, headers: second.headers },
      409,
      messages.priceEntryPending,
    );
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 20_000 });

    expect((await decide(entryId, 'approve', second.headers)).statusCode).toBe(200);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 23_000, priceSource: 'MANUAL' });
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/price-entries/${entryId}/approve`, headers: (staff.ADMIN as TestMember).headers },
      409,
      messages.priceEntryNotPending,
    );
    expect(await auditCount()).toBe(before + 2);
    const audit = await t.app.inject({ url: `/api/admin/audit?target=COMPANY:${id}`, headers: (staff.ADMIN as TestMember).headers });
    const trail = (audit.json() as { result: { data: Array<{ action: string; staffUserIdx: number }> } }).result.data;
    expect(trail.map((e) => [e.action, e.staffUserIdx])).toEqual([
      ['company.price.approve', second.id],
      ['company.price.enter', first.id],
    ]);
  });

  it('beyond ±30 % only an ADMIN approves; a rejected entry never applies and frees the company for the next one', async () => {
    const moderator = await asStaff('MODERATOR');
    const id = await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 });
    const far = (await enter(id, 13_100, moderator.headers)).json() as { result: { entryId: number } };
    expect((await entries('PENDING', moderator.headers)).find((e) => e.entryId === far.result.entryId)?.needsAdmin).toBe(true);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/price-entries/${far.result.entryId}/approve`, headers: (staff.MODERATOR as TestMember).headers },
      403,
      messages.priceEntryNeedsAdmin,
    );
    expect((await decide(far.result.entryId, 'reject', (staff.MODERATOR as TestMember).headers, { reason: '근거 부족' })).statusCode).toBe(
      200,
    );
    expect((await decide(far.result.entryId, 'approve', (staff.ADMIN as TestMember).headers)).statusCode).toBe(409);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 10_000 });
    expect((await entries('REJECTED', moderator.headers)).find((e) => e.entryId === far.result.entryId)).toMatchObject({
      status: 'REJECTED',
    });

    const again = (await enter(id, 6_900, moderator.headers)).json() as { result: { entryId: number } };
    expect((await decide(again.result.entryId, 'approve', (staff.ADMIN as TestMember).headers)).statusCode).toBe(200);
    expect(await profile(id)).toMatchObject({ companyStockCurrentPrice: 6_900, priceSource: 'MANUAL' });
    // Exactly at the edge (±30 %) a moderator may approve.
    const edge = (await enter(id, 8_970, moderator.headers)).json() as { result: { entryId: number } };
    expect((await decide(edge.result.entryId, 'approve', (staff.MODERATOR as TestMember).headers)).statusCode).toBe(200);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/price-entries/99999999/approve', headers: moderator.headers },
      404,
      messages.priceEntryNotFound,
    );
  });

  it('two operators approving one entry at once apply it once', async () => {
    const id = await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 });
    const entrantOp = await asStaff('MODERATOR');
    const { entryId } = ((await enter(id, 10_400, entrantOp.headers)).json() as { result: { entryId: number } }).result;
    const results = await Promise.all([
      decide(entryId, 'approve', (staff.MODERATOR as TestMember).headers),
      decide(entryId, 'approve', (staff.ADMIN as TestMember).headers),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('content (콘텐츠)', () => {
  const editor = () => (staff.EDITOR as TestMember).headers;
  const publicIds = async () => {
    const res = await t.app.inject({ url: '/api/v2/notice/list?size=100' });
    return (res.json() as { result: { data: Array<{ id: number }> } }).result.data.map((c) => c.id);
  };
  const create = async (payload: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/content/notice', payload, headers: editor() });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { result: { id: number } }).result.id;
  };

  it('a scheduled notice appears at its time, a draft never, and unpublishing or deleting takes it away at once', async () => {
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const scheduled = await create({ title: '정기 점검 예약', body: '## 점검\n\n새벽 2시부터 **30분**', publishAt: at.toISOString() });
    const draft = await create({ title: '임시저장', body: '아직', published: false });
    expect(await publicIds()).not.toContain(scheduled);
    const list = await t.app.inject({ url: '/api/admin/content/notice?size=100', headers: editor() });
    const states = Object.fromEntries(
      (list.json() as { result: { data: Array<{ id: number; state: string }> } }).result.data.map((r) => [r.id, r.state]),
    );
    expect([states[scheduled], states[draft]]).toEqual(['SCHEDULED', 'DRAFT']);
    const start = t.clock.now();
    try {
      t.clock.set(at);
      // An hour on, the editor signs in again (access tokens last 15 minutes).
      const headers = await freshHeaders(t, (staff.EDITOR as TestMember).id);
      const editorNow = () => headers;
      expect(await publicIds()).toContain(scheduled);
      expect(await publicIds()).not.toContain(draft);
      const detail = await t.app.inject({ url: `/api/v2/notice/${scheduled}` });
      expect((detail.json() as { result: { bodyHtml: string } }).result.bodyHtml).toBe(
        '<h2>점검</h2>\n<p>새벽 2시부터 <strong>30분</strong></p>\n',
      );
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/content/notice/${scheduled}`,
            payload: { published: false },
            headers: editorNow(),
          })
        ).statusCode,
      ).toBe(200);
      expect(await publicIds()).not.toContain(scheduled);
      expect(
        (
          await t.app.inject({
            method: 'PATCH',
            url: `/api/admin/content/notice/${scheduled}`,
            payload: { published: true },
            headers: editorNow(),
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/admin/content/notice/${scheduled}`, headers: editorNow() })).statusCode,
      ).toBe(200);
      expect((await t.app.inject({ url: `/api/v2/notice/${scheduled}` })).statusCode).toBe(404);
    } finally {
      t.clock.set(start);
    }
  });

  it('Markdown is sanitised: no script, handler, javascript: link or outside image reaches a member', async () => {
    const id = await create({
      title: 'XSS 시도',
      body: '<script>alert(1)</script>\n\n[눌러](javascript:alert(1)) <img src=x onerror=alert(1)> ![추적](https://evil.example/p.png) [안전](https://beesang.kr)',
    });
    const detail = await t.app.inject({ url: `/api/v2/notice/${id}` });
    const html = (detail.json() as { result: { bodyHtml: string } }).result.bodyHtml;
    expect(html).not.toMatch(/<script|onerror|javascript:|evil\.example/i);
    expect(html).toMatch(
      /<a href="https:\/\/beesang\.kr" (rel="noopener nofollow ugc" target="_blank"|target="_blank" rel="noopener nofollow ugc")>안전<\/a>/,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/content/notice', payload: { title: '', body: 'x' }, headers: editor() },
      400,
      messages.adminContentTitle,
    );
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/admin/content/notice',
        payload: { title: '이미지', body: 'x', imageUrl: 'https://evil.example/a.png' },
        headers: editor(),
      },
      400,
      messages.adminContentImage,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/content/blog', payload: { title: 'x', body: 'x' }, headers: editor() },
      400,
    );
  });
});

describe('share proofs (매물 인증)', () => {
  it('the queue shows waiting proofs oldest first with the image; a decision shows on the listing for the owner', async () => {
    const owner = await createMember(t);
    const mod = (staff.MODERATOR as TestMember).headers;
    const first = await proofListing(owner);
    t.clock.advance(60_000);
    const second = await proofListing(owner);
    const queue = await t.app.inject({ url: '/api/admin/proofs?size=100', headers: mod });
    const body = (
      queue.json() as {
        result: {
          data: Array<{ tradeIdx: number; stockTradeProofImageUrl: string; ownerIdx: number }>;
          total: number;
          oldestWaitingSince: string | null;
        };
      }
    ).result;
    const ids = body.data.map((r) => r.tradeIdx);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    expect(body.data.find((r) => r.tradeIdx === first)).toMatchObject({
      ownerIdx: owner.id,
      stockTradeProofImageUrl: expect.stringMatching(/^\/uploads\//),
    });
    expect(body.total).toBeGreaterThanOrEqual(2);
    expect(body.oldestWaitingSince).not.toBeNull();

    const decide = (id: number, status: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/trade/${id}/proof`, payload: { status, note: '계약서 확인' }, headers: mod });
    expect((await decide(first, 'VERIFIED')).statusCode).toBe(200);
    const seen = await t.app.inject({ url: `/api/v2/trade/${first}`, headers: owner.headers });
    expect((seen.json() as { result: { proofCheckStatus: number } }).result.proofCheckStatus).toBe(11);
    // Decided once: a second decision is refused, and nothing is audited for it.
    const before = await auditCount();
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/trade/${first}/proof`, payload: { status: 'UNIDENTIFIED' }, headers: mod },
      409,
      messages.proofNotWaiting,
    );
    expect(await auditCount()).toBe(before);

    // REATTACHMENT: the owner may attach again, and it waits again.
    expect((await decide(second, 'REATTACHMENT')).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'PUT',
      url: `/api/trade/proof/${second}`,
      payload: { stockTradeProofImageUrl: `/uploads/${'b'.repeat(32)}.webp`, proofType: 'BANK' },
      headers: owner.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as { result: { proofCheckStatus: number } }).result.proofCheckStatus).toBe(1);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/trade/${second}/proof`, payload: { status: 'MAYBE' }, headers: mod },
      400,
      messages.adminProofDecision,
    );
  });
});

describe('the audit log (issue 11 §2)', () => {
  it('is append-only in the database itself: UPDATE, DELETE and TRUNCATE are refused', async () => {
    expect(await auditCount()).toBeGreaterThan(0);
    for (const statement of [sql`update audit_log set action = 'x'`, sql`delete from audit_log`, sql`truncate audit_log`]) {
      await expect(statement.execute(t.db)).rejects.toThrow(/append-only/);
    }
  });

  it('exports as CSV with a BOM, a header and formula-like cells neutralised', async () => {
    const m = await createMember(t);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/member/${m.id}/sanction`,
      payload: { state: SanctionState.WARN, reason: '=HYPERLINK("x")' },
      headers: (staff.ADMIN as TestMember).headers,
    });
    const res = await t.app.inject({ url: `/api/admin/audit/export?target=USER:${m.id}`, headers: (staff.ADMIN as TestMember).headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.body.startsWith('\uFEFFid,at,staffUserIdx')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('member.sanction');
    expect(lines[1]).toContain('HYPERLINK');
  });

  it('a cell a spreadsheet would run as a formula is written as text', () => {
    const entry = {
      id: 1,
      staffUserIdx: 2,
      staffNickname: '@운영',
      action: 'member.sanction',
      targetType: 'USER',
      targetId: '3',
      detail: '=1+1',
      ip: '',
      at: '2026-11-20T05:00:00.000Z',
    };
    const [, row] = auditCsv([entry]).trim().split('\r\n');
    expect(row).toBe("1,2026-11-20T05:00:00.000Z,2,'@운영,member.sanction,USER,3,'=1+1,");
  });
});

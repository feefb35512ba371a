import { messages, type StaffRole, type UserDetail } from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { migrateToLatest } from '../../db/migrate.ts';
import * as expertMigration from '../../db/migrations/2026-11-26-0020-expert-review.ts';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { newPhone, verifiedTicket } from '../../test/phone.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * Expert badges that mean something (issue 13 §5, decision 0016): a PB or CTA member reads as a
 * normal member to others until an operator approves their proof; the member follows it on their
 * own detail; only the staff roles of the `experts` area decide, and every decision is audited.
 */
let t: TestApp;
let company: number;
const staff: Partial<Record<StaffRole, TestMember>> = {};
let other: TestMember;
let proofSeq = 0;

/** A URL of one of our uploads, as POST /api/upload/image returns it. */
const upload = () => `/uploads/${String(++proofSeq).padStart(32, 'e')}.webp`;
const headersOf = (role: StaffRole) => (staff[role] as TestMember).headers;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  company = await insertCompany(t.db);
  for (const role of ['ADMIN', 'MODERATOR', 'EDITOR'] as const) {
    const m = await createMember(t, { nickname: `심사${role}` });
    await t.db.updateTable('users').set({ staff_role: role }).where('id', '=', m.id).execute();
    staff[role] = m;
  }
  other = await createMember(t, { nickname: '구경개미' });
});
afterAll(async () => {
  await t?.close();
});

const EXPERT = {
  PB: { expertType: 'PB', expertName: '김피비', officeInfo: { name: '비상증권', dept: '강남WM센터' }, introduction: '비상장 전문 PB' },
  CTA: { expertType: 'CTA', expertName: '이세무', officeInfo: { name: '도윤세무회계' }, introduction: '' },
} as const;

let nicknameSeq = 0;
/** A member through the real phone sign-up (verified to list, as identity verification leaves them). */
async function signUp(extra: Record<string, unknown>): Promise<TestMember> {
  const phone = newPhone();
  const ticket = await verifiedTicket(t.app, phone);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sms/sign-up',
    payload: {
      userId: `${phone}@example.com`,
      userName: `전문가${'가나다라마바사아자차카타파하'[nicknameSeq++ % 14]}${'가나다라마바사아자차'[Math.floor(nicknameSeq / 14) % 10]}`,
      phoneNumber: phone,
      profileUrl: upload(),
      ...extra,
    },
    headers: { 'x-verification-ticket': ticket },
  });
  expect(res.statusCode, res.body).toBe(200);
  const result = (res.json() as { result: { accessToken?: string; result11?: { accessToken: string } } }).result;
  const accessToken = result.result11?.accessToken ?? result.accessToken ?? '';
  const headers = { authorization: `Bearer ${accessToken}` };
  const me = await detail(headers);
  await t.db.updateTable('users').set({ user_level: 2 }).where('id', '=', me.userIdx).execute();
  return { id: me.userIdx, accessToken, headers };
}

async function detail(headers: { authorization: string }): Promise<UserDetail> {
  const res = await t.app.inject({ url: '/api/user/myPage/detail', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: UserDetail }).result;
}

/** An opinion and a listing by `m`, for others to meet them by. */
async function post(m: TestMember) {
  const content = `전문가 의견 ${m.id}-${Date.now()}-${Math.random()}`;
  const opinion = await t.app.inject({
    method: 'POST',
    url: '/api/opinion',
    payload: { companyIdx: company, content },
    headers: m.headers,
  });
  expect(opinion.statusCode, opinion.body).toBe(200);
  const listing = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    payload: {
      companyIdx: company,
      stockCount: 10,
      stockPerPrice: 10_000 + m.id,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
    },
    headers: m.headers,
  });
  expect(listing.statusCode, listing.body).toBe(200);
  return { content, tradeIdx: (listing.json() as { result: { tradeIdx: number } }).result.tradeIdx };
}

/** The writer of those, as another member and a visitor read the discussion and the order book. */
async function writersOf(posted: { content: string; tradeIdx: number }) {
  const writers = [];
  for (const headers of [other.headers, {}]) {
    const opinions = await t.app.inject({ url: `/api/v2/opinion/all/company/${company}?size=50`, headers });
    const opinion = (opinions.json() as { result: { data: Array<{ content: string; writer: object }> } }).result.data.find(
      (o) => o.content === posted.content,
    );
    const trades = await t.app.inject({ url: `/api/v2/trade/all/company/${company}?size=100&tradeType=2`, headers });
    const trade = (trades.json() as { result: { data: Array<{ tradeIdx: number; writer: object }> } }).result.data.find(
      (x) => x.tradeIdx === posted.tradeIdx,
    );
    writers.push(opinion?.writer, trade?.writer);
  }
  expect(writers.every(Boolean), 'the opinion and the listing are both listed').toBe(true);
  return writers;
}

const asOthersSee = async (m: TestMember) => writersOf(await post(m));

const queue = async (role: StaffRole = 'MODERATOR') => {
  const res = await t.app.inject({ url: '/api/admin/experts?size=100', headers: headersOf(role) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: Array<Record<string, unknown>>; total: number; oldestWaitingSince: string | null } }).result;
};

const decide = (id: number, payload: object, role: StaffRole = 'MODERATOR') =>
  t.app.inject({ method: 'POST', url: `/api/admin/expert/${id}/decision`, payload, headers: headersOf(role) });

const auditOf = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['staff_user_id', 'action', 'detail'])
    .where('target_type', '=', 'USER')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

const statusOf = (id: number) =>
  t.db
    .selectFrom('users')
    .select(['expert_status', 'expert_reject_reason', 'expert_decided_by', 'expert_proof_url'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('a new PB or CTA member waits for an operator', () => {
  it('a PB signs up with a proof: no badge for anyone else, 심사 중 on their own detail, first in the queue; approved, the badge shows everywhere', async () => {
    const proof = upload();
    const pb = await signUp({ ...EXPERT.PB, expertProofUrl: proof });
    expect(await detail(pb.headers)).toMatchObject({
      expertType: 'PB',
      expertName: '김피비',
      officeName: '비상증권',
      officeDept: '강남WM센터',
      expertStatus: 'PENDING',
      expertProofUrl: proof,
      expertRejectReason: '',
      expertSubmittedAt: t.clock.now().toISOString(),
      expertDecidedAt: null,
    });
    const posted = await post(pb);
    for (const writer of await writersOf(posted)) expect(writer).toMatchObject({ expertType: 'NORMAL', expertName: '' });

    const waiting = (await queue()).data.find((r) => r.userIdx === pb.id);
    expect(waiting).toEqual({
      userIdx: pb.id,
      userNickname: expect.any(String),
      profileImageUrl: expect.stringMatching(/^\/uploads\//),
      expertType: 'PB',
      expertName: '김피비',
      officeName: '비상증권',
      officeDept: '강남WM센터',
      introduction: '비상장 전문 PB',
      proofUrl: proof,
      submittedAt: t.clock.now().toISOString(),
      joinedAt: expect.any(String),
      previousRejectReason: '',
    });

    const res = await decide(pb.id, { decision: 'APPROVE', proofUrl: proof });
    expect(res.statusCode, res.body).toBe(200);
    // Where others meet the member, the badge shows at once: on what they wrote before (the order book
    // just read is cached, and the approval drops it) and on what they write next.
    for (const writer of await writersOf(posted)) expect(writer).toMatchObject({ expertType: 'PB', expertName: '김피비' });
    for (const writer of await asOthersSee(pb)) expect(writer).toMatchObject({ expertType: 'PB', expertName: '김피비' });
    expect(await detail(pb.headers)).toMatchObject({ expertStatus: 'APPROVED', expertDecidedAt: t.clock.now().toISOString() });
    expect((await queue()).data.map((r) => r.userIdx)).not.toContain(pb.id);
    expect(await auditOf(pb.id)).toEqual([
      {
        staff_user_id: (staff.MODERATOR as TestMember).id,
        action: 'expert.approve',
        detail: JSON.stringify({
          expertType: 'PB',
          expertName: '김피비',
          officeName: '비상증권',
          officeDept: '강남WM센터',
          proofUrl: proof,
          reason: '',
        }),
      },
    ]);
    // Decided once: a second decision (another operator's tab) is refused and writes nothing.
    await expectError(
      t.app,
      {
        method: 'POST',
        url: `/api/admin/expert/${pb.id}/decision`,
        payload: { decision: 'REJECT', reason: '중복' },
        headers: headersOf('ADMIN'),
      },
      409,
      messages.expertNotWaiting,
    );
    expect(await auditOf(pb.id)).toHaveLength(1);
    // Approved experts have nothing more to send.
    await expectError(
      t.app,
      { method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl: upload() }, headers: pb.headers },
      409,
      messages.expertAlreadyApproved,
    );
  });

  it('a CTA without a proof waits outside the queue; rejected with a reason, they read it, send a new proof and wait again', async () => {
    const cta = await signUp(EXPERT.CTA);
    expect(await detail(cta.headers)).toMatchObject({
      expertType: 'CTA',
      expertStatus: 'PENDING',
      expertProofUrl: '',
      expertSubmittedAt: null,
    });
    expect((await queue()).data.map((r) => r.userIdx)).not.toContain(cta.id);
    // Nothing to judge yet: an approval needs a proof (a rejection does not).
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/expert/${cta.id}/decision`, payload: { decision: 'APPROVE' }, headers: headersOf('MODERATOR') },
      409,
      messages.expertNoProof,
    );

    const first = upload();
    const sent = await t.app.inject({ method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl: first }, headers: cta.headers });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((sent.json() as { result: UserDetail }).result).toMatchObject({ expertStatus: 'PENDING', expertProofUrl: first });
    expect(sent.headers['cache-control']).toBe('no-store');
    expect((await queue()).data.map((r) => r.userIdx)).toContain(cta.id);

    // A rejection must say why; the reason is what the member reads.
    for (const reason of [undefined, '', '   ']) {
      const body = await expectError(
        t.app,
        {
          method: 'POST',
          url: `/api/admin/expert/${cta.id}/decision`,
          payload: { decision: 'REJECT', ...(reason === undefined ? {} : { reason }) },
          headers: headersOf('MODERATOR'),
        },
        400,
        messages.expertRejectReasonRequired,
      );
      expect(body.fields).toEqual({ 'body.reason': messages.expertRejectReasonRequired });
    }
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/expert/${cta.id}/decision`, payload: { decision: 'MAYBE' }, headers: headersOf('MODERATOR') },
      400,
      messages.adminExpertDecision,
    );
    expect((await statusOf(cta.id)).expert_status).toBe('PENDING');

    const reason = '명함의 사무소명이 입력한 사무소와 다릅니다.';
    const rejected = await decide(cta.id, { decision: 'REJECT', reason: `  ${reason} `, proofUrl: first }, 'ADMIN');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await detail(cta.headers)).toMatchObject({
      expertStatus: 'REJECTED',
      expertRejectReason: reason,
      expertDecidedAt: t.clock.now().toISOString(),
    });
    for (const writer of await asOthersSee(cta)) expect(writer).toMatchObject({ expertType: 'NORMAL', expertName: '' });
    expect((await queue()).data.map((r) => r.userIdx)).not.toContain(cta.id);
    expect(await auditOf(cta.id)).toEqual([
      expect.objectContaining({
        staff_user_id: (staff.ADMIN as TestMember).id,
        action: 'expert.reject',
        detail: expect.stringContaining(reason),
      }),
    ]);

    // A new proof puts them back at the end of the queue, with the earlier reason for the operator.
    t.clock.advance(60_000);
    const second = upload();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/user/expert/proof',
      payload: { proofUrl: second },
      headers: cta.headers,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await detail(cta.headers)).toMatchObject({ expertStatus: 'PENDING', expertRejectReason: '', expertProofUrl: second });
    const row = (await queue()).data.find((r) => r.userIdx === cta.id);
    expect(row).toMatchObject({ proofUrl: second, previousRejectReason: reason, submittedAt: t.clock.now().toISOString() });
    // The operator judges the proof they saw: one replaced meanwhile is not approved blind.
    await expectError(
      t.app,
      {
        method: 'POST',
        url: `/api/admin/expert/${cta.id}/decision`,
        payload: { decision: 'APPROVE', proofUrl: first },
        headers: headersOf('MODERATOR'),
      },
      409,
      messages.expertProofChanged,
    );
    expect((await statusOf(cta.id)).expert_status).toBe('PENDING');
    expect((await decide(cta.id, { decision: 'APPROVE', proofUrl: second })).statusCode).toBe(200);
    for (const writer of await asOthersSee(cta)) expect(writer).toMatchObject({ expertType: 'CTA', expertName: '이세무' });
  });

  it('the queue is oldest first, says when its oldest arrived, and every look at it is in the access log', async () => {
    const a = await signUp({ ...EXPERT.PB, expertProofUrl: upload() });
    t.clock.advance(1_000);
    const b = await signUp({ ...EXPERT.CTA, expertProofUrl: upload() });
    const before = await t.db
      .selectFrom('staff_access_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('action', '=', 'experts.queue')
      .executeTakeFirstOrThrow();
    const q = await queue();
    const ids = q.data.map((r) => r.userIdx);
    expect(ids.indexOf(a.id)).toBeLessThan(ids.indexOf(b.id));
    expect(q.oldestWaitingSince).toBe(q.data[0]?.submittedAt);
    const after = await t.db.selectFrom('staff_access_log').select(['staff_user_id', 'ip']).where('action', '=', 'experts.queue').execute();
    expect(after).toHaveLength(before.n + 1);
    expect(after.at(-1)?.staff_user_id).toBe((staff.MODERATOR as TestMember).id);
  });
});

describe('who decides, and what a member cannot do', () => {
  it('visitors get 401, members and editors 403; nothing changes and nothing is audited', async () => {
    const pb = await signUp({ ...EXPERT.PB, expertProofUrl: upload() });
    const callers: Array<[string, Record<string, string>, number]> = [
      ['visitor', {}, 401],
      ['member', other.headers, 403],
      ['the expert themselves', pb.headers, 403],
      ['editor', headersOf('EDITOR'), 403],
    ];
    for (const [who, headers, status] of callers) {
      for (const request of [
        { url: '/api/admin/experts' },
        { method: 'POST' as const, url: `/api/admin/expert/${pb.id}/decision`, payload: { decision: 'APPROVE' } },
      ]) {
        const res = await t.app.inject({ ...request, headers });
        expect(res.statusCode, `${who}: ${request.url} ${res.body}`).toBe(status);
        if (status === 403) expect(res.json()).toMatchObject({ code: 'STAFF_ONLY', message: messages.staffOnly });
      }
    }
    expect(await statusOf(pb.id)).toMatchObject({ expert_status: 'PENDING', expert_decided_by: null });
    expect(await auditOf(pb.id)).toEqual([]);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/expert/999999/decision', payload: { decision: 'APPROVE' }, headers: headersOf('MODERATOR') },
      404,
      messages.memberNotFound,
    );
  });

  it('no body sets a status: not the sign-up, not the proof, not the profile', async () => {
    const sneaky = await signUp({ ...EXPERT.PB, expertStatus: 'APPROVED', expert_status: 'APPROVED', expertProofUrl: upload() });
    expect((await detail(sneaky.headers)).expertStatus).toBe('PENDING');
    for (const payload of [
      { proofUrl: upload(), expertStatus: 'APPROVED' },
      { proofUrl: upload(), status: 'APPROVED' },
    ]) {
      await expectError(t.app, { method: 'POST', url: '/api/user/expert/proof', payload, headers: sneaky.headers }, 400);
    }
    for (const payload of [{ expertStatus: 'APPROVED' }, { expert_status: 'APPROVED' }]) {
      await expectError(t.app, { method: 'PUT', url: '/api/user/myPage', payload, headers: sneaky.headers }, 400);
    }
    expect((await statusOf(sneaky.id)).expert_status).toBe('PENDING');
    for (const writer of await asOthersSee(sneaky)) expect(writer).toMatchObject({ expertType: 'NORMAL' });
  });

  it('a proof is one of our uploads, sent by an expert: Korean 4xx otherwise; a normal member has no expert status', async () => {
    const cta = await signUp(EXPERT.CTA);
    for (const proofUrl of ['https://evil.example/card.png', 'javascript:alert(1)', '/uploads/card.png']) {
      const body = await expectError(
        t.app,
        { method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl }, headers: cta.headers },
        400,
        messages.expertProofInvalid,
      );
      expect(body.fields).toEqual({ proofUrl: messages.expertProofInvalid });
    }
    await expectError(
      t.app,
      { method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl: '' }, headers: cta.headers },
      400,
      messages.expertProofRequired,
    );
    await expectError(t.app, { method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl: upload() } }, 401);
    expect((await statusOf(cta.id)).expert_proof_url).toBeNull();

    // At sign-up too: a foreign proof creates nobody.
    const phone = newPhone();
    const ticket = await verifiedTicket(t.app, phone);
    const refused = await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/auth/sms/sign-up',
        payload: {
          userId: `${phone}@example.com`,
          userName: '외부증빙',
          phoneNumber: phone,
          profileUrl: upload(),
          ...EXPERT.PB,
          expertProofUrl: 'https://evil.example/a.png',
        },
        headers: { 'x-verification-ticket': ticket },
      },
      400,
      messages.expertProofInvalid,
    );
    expect(refused.fields).toEqual({ expertProofUrl: messages.expertProofInvalid });
    expect(await t.db.selectFrom('users').select('id').where('email', '=', `${phone}@example.com`).execute()).toEqual([]);

    // A normal member: no status, no proof kept, nothing to send.
    const normal = await signUp({ expertProofUrl: upload() });
    expect(await detail(normal.headers)).toMatchObject({ expertType: 'NORMAL', expertStatus: null, expertProofUrl: '' });
    await expectError(
      t.app,
      { method: 'POST', url: '/api/user/expert/proof', payload: { proofUrl: upload() }, headers: normal.headers },
      403,
      messages.expertOnly,
    );
  });

  it('a member who leaves takes their proof with them and leaves the queue', async () => {
    const pb = await signUp({ ...EXPERT.PB, expertProofUrl: upload() });
    expect((await queue()).data.map((r) => r.userIdx)).toContain(pb.id);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${pb.id}`, headers: pb.headers });
    expect(res.statusCode, res.body).toBe(204);
    expect((await queue()).data.map((r) => r.userIdx)).not.toContain(pb.id);
    expect((await statusOf(pb.id)).expert_proof_url).toBeNull();
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/expert/${pb.id}/decision`, payload: { decision: 'APPROVE' }, headers: headersOf('MODERATOR') },
      404,
      messages.memberNotFound,
    );
  });
});

describe('the migration', () => {
  let h: DatabaseHandle;
  afterAll(async () => {
    await h?.close();
  });

  it("approves the demo's experts, puts every other expert in review without a proof, and leaves normal members alone", async () => {
    h = await openDatabase({});
    await migrateToLatest(h.db);
    await expertMigration.down(h.db as never);
    const insert = (login: string, expert: number, name: string | null) =>
      sql`insert into users (nickname, login_id, expert_type, expert_name) values (${login.slice(0, 8)}, ${login}, ${expert}, ${name}) returning id`.execute(
        h.db,
      );
    await insert('member1@demo.beesang.invalid', 1, '김하늘');
    await insert('someone@example.com', 2, '박세무');
    await insert('plain@example.com', 0, null);
    await expertMigration.up(h.db as never);
    const { rows } = await sql<{
      login_id: string;
      expert_status: string | null;
      public_expert_type: number;
      public_expert_name: string | null;
    }>`select login_id, expert_status, public_expert_type, public_expert_name from users order by id`.execute(h.db);
    expect(rows).toEqual([
      { login_id: 'member1@demo.beesang.invalid', expert_status: 'APPROVED', public_expert_type: 1, public_expert_name: '김하늘' },
      { login_id: 'someone@example.com', expert_status: 'PENDING', public_expert_type: 0, public_expert_name: null },
      { login_id: 'plain@example.com', expert_status: null, public_expert_type: 0, public_expert_name: null },
    ]);
  });
});

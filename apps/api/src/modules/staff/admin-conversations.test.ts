import {
  type AdminCautions,
  type AdminConversation,
  type AdminReportGroup,
  dealMessages,
  messages,
  ReportReason,
  SanctionState,
  type StaffRole,
} from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 22 §4: a reported conversation in the operators' queue, read in the console, each reading audited. */
let t: TestApp;
let moderator: TestMember;
let editor: TestMember;
let company: number;

async function asStaff(role: StaffRole) {
  const m = await createMember(t, { nickname: `운영${role}` });
  await t.db.updateTable('users').set({ staff_role: role }).where('id', '=', m.id).execute();
  return m;
}

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  moderator = await asStaff('MODERATOR');
  editor = await asStaff('EDITOR');
  company = await insertCompany(t.db, { name: '대화전자', currentPrice: 10_000, previousClose: 10_000 });
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(who: TestMember | null, method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}

/** A seller's listing, a buyer's offer that opens the conversation, and `texts` from the buyer after it. */
async function conversation(texts: string[] = []) {
  const seller = await createMember(t, { nickname: '매도인' });
  const buyer = await createMember(t, { nickname: '매수인' });
  const { tradeIdx } = await call<{ tradeIdx: number }>(seller, 'POST', '/api/trade/sell', {
    companyIdx: company,
    stockCount: 100,
    stockPerPrice: 10_000,
    stockCountNegotiationFlag: true,
    stockPriceNegotiationFlag: true,
  });
  const { conversationId } = await call<{ conversationId: number }>(buyer, 'POST', '/api/deals', {
    tradeIdx,
    stockCount: 10,
    stockPerPrice: 9_900,
    message: '10주 9,900원에 가능할까요?',
  });
  for (const text of texts) await call(buyer, 'POST', `/api/conversations/${conversationId}/messages`, { text });
  return { seller, buyer, tradeIdx, conversationId };
}

const report = (who: TestMember, id: number, detail = '외부 연락을 요구해요') =>
  call(who, 'POST', `/api/conversations/${id}/report`, { reason: ReportReason.PERSONAL_INFORMATION_LEAK, detail });

const readings = (id: number) =>
  t.db
    .selectFrom('audit_log')
    .select(['staff_user_id', 'action', 'target_type', 'target_id', 'detail'])
    .where('action', '=', 'conversation.read')
    .where('target_id', '=', String(id))
    .orderBy('id')
    .execute();

describe('a reported conversation in the report queue', () => {
  it('shows the listing and its length as content, and the member reported as the author', async () => {
    const { seller, buyer, tradeIdx, conversationId } = await conversation(['입금 먼저 해주세요']);
    // The seller reports: the buyer is who the report is about.
    await report(seller, conversationId);
    const queue = await call<{ data: AdminReportGroup[] }>(moderator, 'GET', '/api/admin/reports?type=CONVERSATION&size=100');
    const group = queue.data.find((g) => g.targetId === conversationId);
    expect(group).toMatchObject({
      targetType: 'CONVERSATION',
      count: 1,
      reasons: { [String(ReportReason.PERSONAL_INFORMATION_LEAK)]: 1 },
      details: ['외부 연락을 요구해요'],
      content: `대화 · 대화전자 매도 매물 ${tradeIdx}번 · 메시지 2개`,
      author: { userIdx: buyer.id, userNickname: '매수인' },
      visible: true,
      status: 0,
    });
    // The messages themselves are never in the queue: reading them is a separate, audited step.
    expect(JSON.stringify(group)).not.toContain('입금 먼저');
    // The other kinds' filters leave it out.
    const opinions = await call<{ data: AdminReportGroup[] }>(moderator, 'GET', '/api/admin/reports?type=OPINION&size=100');
    expect(opinions.data.map((g) => g.targetId)).not.toContain(conversationId);
    // The buyer reports back later: the author stays the member the first report was about.
    await report(buyer, conversationId, '판매자가 욕설을 해요');
    const again = await call<{ data: AdminReportGroup[] }>(moderator, 'GET', '/api/admin/reports?type=CONVERSATION&size=100');
    expect(again.data.find((g) => g.targetId === conversationId)).toMatchObject({ count: 2, author: { userIdx: buyer.id } });
  });

  it('upholding it with a sanction sanctions the member reported, and the group moves to the resolved list', async () => {
    const { seller, buyer, conversationId } = await conversation();
    await report(buyer, conversationId);
    await call(moderator, 'POST', `/api/admin/reports/CONVERSATION/${conversationId}/resolve`, {
      action: 'HIDE',
      sanction: { state: SanctionState.WARN, reason: '선입금 요구' },
    });
    const user = await t.db.selectFrom('users').select('sanction_state').where('id', '=', seller.id).executeTakeFirstOrThrow();
    expect(user.sanction_state).toBe(SanctionState.WARN);
    const resolved = await call<{ data: AdminReportGroup[] }>(
      moderator,
      'GET',
      '/api/admin/reports?status=RESOLVED&type=CONVERSATION&size=100',
    );
    expect(resolved.data.find((g) => g.targetId === conversationId)).toMatchObject({ status: 2, author: { userIdx: seller.id } });
  });
});

describe('reading a reported conversation (GET /api/admin/conversations/{id})', () => {
  it('returns both members, the listing and every message in order with its cautions; each reading is one audit entry', async () => {
    const { seller, buyer, tradeIdx, conversationId } = await conversation(['연락 주세요 010-1234-5678', '감사합니다']);
    await call(seller, 'POST', `/api/conversations/${conversationId}/messages`, { text: '사이트에서만 거래할게요' });
    await report(seller, conversationId);

    const first = await call<AdminConversation>(moderator, 'GET', `/api/admin/conversations/${conversationId}`);
    expect(first).toMatchObject({
      conversationId,
      listing: { tradeIdx, companyIdx: company, companyName: '대화전자', stockCount: 100, ownerIdx: seller.id },
      owner: { userIdx: seller.id, userNickname: '매도인', deleted: false },
      member: { userIdx: buyer.id, userNickname: '매수인', deleted: false },
      messageCount: 4,
      reportCount: 1,
      reportedBy: [seller.id],
    });
    expect(first.messages.map((m) => [m.kind, m.sender?.userIdx, m.text, m.cautions])).toEqual([
      ['OFFER', buyer.id, '10주 9,900원에 가능할까요?', []],
      ['TEXT', buyer.id, '연락 주세요 010-1234-5678', ['PHONE']],
      ['TEXT', buyer.id, '감사합니다', []],
      ['TEXT', seller.id, '사이트에서만 거래할게요', []],
    ]);

    await call(moderator, 'GET', `/api/admin/conversations/${conversationId}`);
    const entries = await readings(conversationId);
    expect(entries).toHaveLength(2);
    for (const e of entries) {
      expect(e).toMatchObject({ staff_user_id: moderator.id, action: 'conversation.read', target_type: 'CONVERSATION' });
      expect(JSON.parse(e.detail)).toEqual({ owner: seller.id, member: buyer.id, messages: 4, reports: 1 });
    }
    // The audit page finds them by target, and names who read.
    const admin = await asStaff('ADMIN');
    const audit = await call<{ data: Array<{ action: string; staffUserIdx: number }> }>(
      admin,
      'GET',
      `/api/admin/audit?target=CONVERSATION:${conversationId}`,
    );
    expect(audit.data.map((e) => [e.action, e.staffUserIdx])).toEqual([
      ['conversation.read', moderator.id],
      ['conversation.read', moderator.id],
    ]);
    // A look at both members' data: in the access log once for each, per reading.
    const looks = await t.db
      .selectFrom('staff_access_log')
      .select(['target_user_id'])
      .where('action', '=', 'conversation.read')
      .where('staff_user_id', '=', moderator.id)
      .where('target_user_id', 'in', [seller.id, buyer.id])
      .execute();
    expect(looks.map((l) => l.target_user_id).sort()).toEqual([seller.id, seller.id, buyer.id, buyer.id].sort());
  });

  it('an EDITOR and a plain member get 403, a visitor 401, and no reading is recorded', async () => {
    const { buyer, conversationId } = await conversation();
    await report(buyer, conversationId);
    const url = `/api/admin/conversations/${conversationId}`;
    await expectError(t.app, { url, headers: editor.headers }, 403, messages.staffOnly);
    await expectError(t.app, { url, headers: buyer.headers }, 403, messages.staffOnly);
    const plain = await createMember(t);
    await expectError(t.app, { url, headers: plain.headers }, 403, messages.staffOnly);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    expect(await readings(conversationId)).toHaveLength(0);
  });

  it('a conversation nobody reported stays private: 403, no audit entry; a missing one is 404', async () => {
    const { conversationId } = await conversation(['비공개 대화']);
    await expectError(
      t.app,
      { url: `/api/admin/conversations/${conversationId}`, headers: moderator.headers },
      403,
      messages.adminConversationNotReported,
    );
    expect(await readings(conversationId)).toHaveLength(0);
    // A report on a conversation that is not there (reports name their target by id only).
    const reporter = await createMember(t);
    await t.db
      .insertInto('reports')
      .values({
        reporter_id: reporter.id,
        target_type: 'conversation',
        target_id: 99_999_999,
        reason: 1,
        detail: '',
        created_at: t.clock.now(),
      })
      .execute();
    await expectError(
      t.app,
      { url: '/api/admin/conversations/99999999', headers: moderator.headers },
      404,
      dealMessages.conversationNotFound,
    );
    expect(await readings(99_999_999)).toHaveLength(0);
  });

  it('names a member who left as 탈퇴한 회원, in the participants and on their messages', async () => {
    const { seller, buyer, conversationId } = await conversation(['안녕하세요']);
    await report(seller, conversationId);
    await t.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('id', '=', buyer.id).execute();
    const read = await call<AdminConversation>(moderator, 'GET', `/api/admin/conversations/${conversationId}`);
    expect(read.member).toMatchObject({ userIdx: buyer.id, userNickname: dealMessages.deletedMember, deleted: true });
    expect(read.messages.map((m) => m.sender?.userNickname)).toEqual([dealMessages.deletedMember, dealMessages.deletedMember]);
  });
});

describe('messages with cautions, counted for operators (GET /api/admin/cautions)', () => {
  it('counts the last 7 days’ messages with cautions and names who sent the most', async () => {
    const before = await call<AdminCautions>(moderator, 'GET', '/api/admin/cautions');
    const { buyer, seller } = await conversation([
      '전화 주세요 010-1234-5678',
      '계좌 알려드릴게요',
      '오픈채팅 open.kakao.com/o/abcd 로 와요',
    ]);
    const after = await call<AdminCautions>(moderator, 'GET', '/api/admin/cautions');
    expect(after.total7d - before.total7d).toBe(2);
    expect(after.since).toBe(new Date(t.clock.now().getTime() - 7 * 86_400_000).toISOString());
    expect(after.topSenders).toContainEqual({ userIdx: buyer.id, userNickname: '매수인', count: 2 });
    expect(after.topSenders.map((s) => s.userIdx)).not.toContain(seller.id);

    // A week on, they have left the window (the moderator signs in again: tokens last minutes).
    t.clock.advance(7 * 86_400_000 + 1);
    const later = await call<AdminCautions>({ ...moderator, headers: await freshHeaders(t, moderator.id) }, 'GET', '/api/admin/cautions');
    expect(later.topSenders.map((s) => s.userIdx)).not.toContain(buyer.id);
    expect(later.total7d).toBeLessThan(after.total7d);
  });

  it('is for moderators: an EDITOR and a member get 403, a visitor 401', async () => {
    await expectError(t.app, { url: '/api/admin/cautions', headers: await freshHeaders(t, editor.id) }, 403, messages.staffOnly);
    const member = await createMember(t);
    await expectError(t.app, { url: '/api/admin/cautions', headers: member.headers }, 403, messages.staffOnly);
    expect((await t.app.inject({ url: '/api/admin/cautions' })).statusCode).toBe(401);
  });
});

import {
  ABUSE_LIMITS,
  type ConversationDetail,
  type ConversationSummary,
  dealMessages,
  type Message,
  messages,
  SanctionState,
} from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../../test/factories.ts';
import { expectError } from '../../../test/http.ts';
import { createMember, expiredToken, type TestMember } from '../../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../../test/test-app.ts';

/** Issue 22 §1 and §4: conversations, read receipts, cautions, blocks, reports, limits and who may see what. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: { rules: LISTINGS_UNLIMITED } });
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(who: TestMember, method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({ method, url, headers: who.headers, ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}

/** A sale by `owner` and `member`'s offer on it: their conversation. */
async function talk(owner: TestMember, member: TestMember, first = '안녕하세요, 거래 가능할까요?') {
  const company = await insertCompany(t.db, { currentPrice: 10_000, previousClose: 10_000 });
  const trade = await call<{ tradeIdx: number }>(owner, 'POST', '/api/trade/sell', {
    companyIdx: company,
    stockCount: 100,
    stockPerPrice: 10_000,
    stockCountNegotiationFlag: true,
    stockPriceNegotiationFlag: true,
  });
  return call<{ dealId: number; conversationId: number }>(member, 'POST', '/api/deals', {
    tradeIdx: trade.tradeIdx,
    stockCount: 10,
    stockPerPrice: 10_000,
    message: first,
  });
}

const send = (who: TestMember, id: number, text: string) =>
  t.app.inject({ method: 'POST', url: `/api/conversations/${id}/messages`, headers: who.headers, payload: { text } });
const thread = (who: TestMember, id: number, after = 0) =>
  call<{ data: Message[] }>(who, 'GET', `/api/conversations/${id}/messages?after=${after}`);

describe('a conversation', () => {
  it('lists newest first with unread counts; reading marks them and the other side sees 읽음', async () => {
    const owner = await createMember(t, { nickname: '판매자' });
    const buyer = await createMember(t, { nickname: '구매자' });
    const { conversationId } = await talk(owner, buyer);
    expect((await send(owner, conversationId, '네 가능합니다')).statusCode).toBe(200);
    expect((await send(owner, conversationId, '언제 거래하실까요?')).statusCode).toBe(200);

    const list = await call<{ data: ConversationSummary[]; unreadCount: number }>(buyer, 'GET', '/api/conversations');
    expect(list.unreadCount).toBe(2);
    expect(list.data[0]).toMatchObject({
      conversationId,
      counterpart: { userIdx: owner.id, userNickname: '판매자', deleted: false },
      unreadCount: 2,
      lastMessage: { kind: 'TEXT', text: '언제 거래하실까요?', mine: false },
      liveDeal: { status: 'OFFERED' },
    });
    expect((await call<{ unreadCount: number }>(owner, 'GET', '/api/conversations/unread')).unreadCount).toBe(0);

    const messagesSeen = await thread(buyer, conversationId);
    expect(messagesSeen.data.map((m) => m.text)).toEqual(['안녕하세요, 거래 가능할까요?', '네 가능합니다', '언제 거래하실까요?']);
    const last = messagesSeen.data.at(-1) as Message;
    await call(buyer, 'POST', `/api/conversations/${conversationId}/read`, { messageId: last.messageId });
    expect((await call<{ unreadCount: number }>(buyer, 'GET', '/api/conversations/unread')).unreadCount).toBe(0);
    const ownerView = await call<ConversationDetail>(owner, 'GET', `/api/conversations/${conversationId}`);
    expect(ownerView.counterpartReadMessageId).toBe(last.messageId);
    // A read mark never goes back, nor past the newest message.
    await call(buyer, 'POST', `/api/conversations/${conversationId}/read`, { messageId: 1 });
    await call(buyer, 'POST', `/api/conversations/${conversationId}/read`, { messageId: 2_000_000_000 });
    expect((await call<ConversationDetail>(owner, 'GET', `/api/conversations/${conversationId}`)).counterpartReadMessageId).toBe(
      last.messageId,
    );
    // after= reads only what is newer.
    expect((await thread(buyer, conversationId, last.messageId - 1)).data.map((m) => m.messageId)).toEqual([last.messageId]);
  });

  it('is only its two members’: another member 404, a visitor 401, an expired token 401', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const stranger = await createMember(t);
    const { conversationId, dealId } = await talk(owner, buyer);
    for (const [method, url, payload] of [
      ['GET', `/api/conversations/${conversationId}`],
      ['GET', `/api/conversations/${conversationId}/messages`],
      ['POST', `/api/conversations/${conversationId}/messages`, { text: '끼어들기' }],
      ['POST', `/api/conversations/${conversationId}/read`, {}],
      ['POST', `/api/conversations/${conversationId}/block`],
      ['POST', `/api/conversations/${conversationId}/report`, { reason: 2, detail: '' }],
      ['POST', `/api/deals/${dealId}/accept`],
      ['POST', `/api/deals/${dealId}/decline`, { reason: '아니요' }],
    ] as const) {
      const request = { method, url, ...(payload && { payload }) } as InjectOptions;
      const res = await t.app.inject({ ...request, headers: stranger.headers });
      expect(res.statusCode, `${method} ${url} as a stranger`).toBe(404);
      expect((await t.app.inject(request)).statusCode, `${method} ${url} as a visitor`).toBe(401);
      expect((await t.app.inject({ ...request, headers: await expiredToken(t, buyer.id) })).statusCode, `${method} ${url} expired`).toBe(
        401,
      );
    }
    expect((await thread(buyer, conversationId)).data).toHaveLength(1);
  });

  it('a message with a phone number, an open-chat link or an account number carries its cautions; 1,000 characters at most, no control characters', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const { conversationId } = await talk(owner, buyer);
    const cautions = async (text: string) => ((await send(owner, conversationId, text)).json() as { result: Message }).result.cautions;
    expect(await cautions('010-1234-5678로 전화주세요')).toEqual(['PHONE']);
    expect(await cautions('https://open.kakao.com/o/abc123 으로 오세요')).toEqual(['OPEN_CHAT']);
    expect(await cautions('국민은행 123456-01-123456 으로 선입금 부탁해요')).toEqual(['ACCOUNT']);
    expect(await cautions('원금 보장됩니다')).toEqual(['PHRASE']);
    expect(await cautions('내일 오후 2시 어떠세요?')).toEqual([]);
    await expectError(
      t.app,
      {
        method: 'POST',
        url: `/api/conversations/${conversationId}/messages`,
        headers: owner.headers,
        payload: { text: '가'.repeat(1001) },
      },
      400,
      dealMessages.messageTooLong,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: owner.headers, payload: { text: '   ' } },
      400,
      dealMessages.messageRequired,
    );
    expect((await send(owner, conversationId, 'a\u0000b')).statusCode).toBe(400);
    expect((await send(owner, conversationId, '가'.repeat(1000))).statusCode).toBe(200);
  });

  it('blocked either way: no messages or offers, but an agreed deal can still be confirmed', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const { conversationId, dealId } = await talk(owner, buyer);
    await call(owner, 'POST', `/api/deals/${dealId}/accept`);
    await call(buyer, 'POST', `/api/conversations/${conversationId}/block`);
    const detail = await call<ConversationDetail>(buyer, 'GET', `/api/conversations/${conversationId}`);
    expect(detail).toMatchObject({ blockedByMe: true, blockedMe: false });
    expect((await call<ConversationDetail>(owner, 'GET', `/api/conversations/${conversationId}`)).blockedMe).toBe(true);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: owner.headers, payload: { text: '왜요?' } },
      403,
      dealMessages.blocked,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: buyer.headers, payload: { text: '안녕' } },
      403,
      dealMessages.blocked,
    );
    expect((await call<{ status: string }>(owner, 'POST', `/api/deals/${dealId}/confirm`)).status).toBe('AGREED');
    expect((await call<{ status: string }>(buyer, 'POST', `/api/deals/${dealId}/confirm`)).status).toBe('CONFIRMED');
    const trade = detail.listing.tradeIdx;
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/deals',
        headers: buyer.headers,
        payload: { tradeIdx: trade, stockCount: 10, stockPerPrice: 10_000, message: '또' },
      },
      403,
      dealMessages.blocked,
    );
    await call(buyer, 'DELETE', `/api/conversations/${conversationId}/block`);
    expect((await send(owner, conversationId, '이제 되나요?')).statusCode).toBe(200);
  });

  it('sanctions: STOP_TRADE cannot offer, accept or confirm but can talk; SUSPEND cannot do anything', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const { conversationId, dealId } = await talk(owner, buyer);
    await t.db.updateTable('users').set({ sanction_state: SanctionState.STOP_TRADE }).where('id', '=', owner.id).execute();
    await expectError(t.app, { method: 'POST', url: `/api/deals/${dealId}/accept`, headers: owner.headers }, 403, dealMessages.stopTrade);
    expect((await send(owner, conversationId, '잠시만요')).statusCode).toBe(200);
    await t.db.updateTable('users').set({ sanction_state: SanctionState.SUSPEND }).where('id', '=', owner.id).execute();
    await expectError(
      t.app,
      { method: 'POST', url: `/api/conversations/${conversationId}/messages`, headers: owner.headers, payload: { text: '안녕' } },
      403,
      messages.suspended,
    );
  });

  it('a member who deletes their account shows as 탈퇴한 회원 to the other side', async () => {
    const owner = await createMember(t, { nickname: '떠날회원' });
    const buyer = await createMember(t);
    const { conversationId } = await talk(owner, buyer);
    await send(owner, conversationId, '나중에 연락드릴게요');
    await t.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('id', '=', owner.id).execute();
    const seen = await thread(buyer, conversationId);
    const theirs = seen.data.find((m) => m.sender?.userIdx === owner.id);
    expect(theirs?.sender).toEqual({ userIdx: owner.id, userNickname: dealMessages.deletedMember, profileImageUrl: '', deleted: true });
    const list = await call<{ data: ConversationSummary[] }>(buyer, 'GET', '/api/conversations');
    expect(list.data.find((c) => c.conversationId === conversationId)?.counterpart.userNickname).toBe(dealMessages.deletedMember);
    expect(JSON.stringify(seen)).not.toContain('떠날회원');
  });

  it('a report goes to the operators’ queue once per member; reporting oneself is impossible', async () => {
    const owner = await createMember(t);
    const buyer = await createMember(t);
    const { conversationId } = await talk(owner, buyer);
    await call(buyer, 'POST', `/api/conversations/${conversationId}/report`, { reason: 10, detail: '선입금 요구' });
    await expectError(
      t.app,
      { method: 'POST', url: `/api/conversations/${conversationId}/report`, headers: buyer.headers, payload: { reason: 10, detail: '' } },
      409,
    );
    expect((await call<ConversationDetail>(buyer, 'GET', `/api/conversations/${conversationId}`)).reportedByMe).toBe(true);
    const row = await t.db
      .selectFrom('reports')
      .select(['reporter_id', 'target_type'])
      .where('target_id', '=', conversationId)
      .where('target_type', '=', 'conversation')
      .execute();
    expect(row).toEqual([{ reporter_id: buyer.id, target_type: 'conversation' }]);
  });
});

describe('limits (429 with Retry-After)', () => {
  it('30 messages a minute per member; 20 new conversations a day, while continuing one is free', async () => {
    const tight = await createTestApp({
      seed: false,
      limits: {
        rules: { ...LISTINGS_UNLIMITED, messages: { max: 3, windowMs: 60_000 }, conversationsPerDay: { max: 2, windowMs: 86_400_000 } },
      },
    });
    try {
      expect(ABUSE_LIMITS.messages).toEqual({ max: 30, windowMs: 60_000 });
      expect(ABUSE_LIMITS.conversationsPerDay).toEqual({ max: 20, windowMs: 86_400_000 });
      const owner = await createMember(tight);
      const buyer = await createMember(tight);
      const listing = async () => {
        const company = await insertCompany(tight.db);
        const res = await tight.app.inject({
          method: 'POST',
          url: '/api/trade/sell',
          headers: owner.headers,
          payload: {
            companyIdx: company,
            stockCount: 10,
            stockPerPrice: 10_000,
            stockCountNegotiationFlag: true,
            stockPriceNegotiationFlag: true,
          },
        });
        return (res.json() as { result: { tradeIdx: number } }).result.tradeIdx;
      };
      const offer = async (tradeIdx: number) =>
        tight.app.inject({
          method: 'POST',
          url: '/api/deals',
          headers: buyer.headers,
          payload: { tradeIdx, stockCount: 1, stockPerPrice: 10_000, message: '제안' },
        });
      const a = await listing();
      const b = await listing();
      const c = await listing();
      const first = await offer(a);
      expect(first.statusCode).toBe(200);
      expect((await offer(b)).statusCode).toBe(200);
      const third = await offer(c);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toMatchObject({ message: dealMessages.limitConversations });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);

      const { conversationId } = (first.json() as { result: { conversationId: number } }).result;
      tight.clock.advance(61_000);
      const sends = [];
      for (let i = 0; i < 4; i++)
        sends.push(
          await tight.app.inject({
            method: 'POST',
            url: `/api/conversations/${conversationId}/messages`,
            headers: owner.headers,
            payload: { text: `메시지 ${i}` },
          }),
        );
      expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200, 429]);
      expect(sends[3]?.json()).toMatchObject({ message: dealMessages.limitMessages });
    } finally {
      await tight.close();
    }
  });
});

import { dealMessages, type MemberPage, REVIEW_TAGS, type Trade } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../../test/factories.ts';
import { expectError } from '../../../test/http.ts';
import { createMember, type TestMember } from '../../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../../test/test-app.ts';

/** Issue 22 §3: one review per side of a confirmed deal, the member page and the trust line. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, limits: { rules: LISTINGS_UNLIMITED } });
});
afterAll(async () => {
  await t?.close();
});

async function call<T>(who: TestMember | null, method: InjectOptions['method'], url: string, payload?: object): Promise<T> {
  const res = await t.app.inject({ method, url, ...(who && { headers: who.headers }), ...(payload && { payload }) });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return (res.json() as { result: T }).result;
}

async function listing(owner: TestMember, count = 100) {
  const company = await insertCompany(t.db);
  return call<Trade>(owner, 'POST', '/api/trade/sell', {
    companyIdx: company,
    stockCount: count,
    stockPerPrice: 10_000,
    stockCountNegotiationFlag: true,
    stockPriceNegotiationFlag: true,
  });
}

async function deal(owner: TestMember, buyer: TestMember, confirm = true) {
  const trade = await listing(owner);
  const { dealId } = await call<{ dealId: number }>(buyer, 'POST', '/api/deals', {
    tradeIdx: trade.tradeIdx,
    stockCount: 10,
    stockPerPrice: 10_000,
    message: '제안',
  });
  await call(owner, 'POST', `/api/deals/${dealId}/accept`);
  if (confirm) {
    await call(owner, 'POST', `/api/deals/${dealId}/confirm`);
    await call(buyer, 'POST', `/api/deals/${dealId}/confirm`);
  }
  return dealId;
}

describe('reviews and the member page', () => {
  it('each side reviews the other once; the page and every listing’s trust line sum them up', async () => {
    const seller = await createMember(t, { nickname: '믿음판매' });
    const buyer = await createMember(t, { nickname: '믿음구매' });
    const dealId = await deal(seller, buyer);
    const good = REVIEW_TAGS.good[0] as string;
    await call(buyer, 'POST', `/api/deals/${dealId}/review`, { good: true, tags: [good], text: '약속 시간에 딱 맞춰 오셨어요' });
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${dealId}/review`, headers: buyer.headers, payload: { good: true } },
      409,
      dealMessages.reviewTwice,
    );
    await call(seller, 'POST', `/api/deals/${dealId}/review`, { good: false, tags: [REVIEW_TAGS.bad[1]], text: '' });

    const page = await call<MemberPage>(null, 'GET', `/api/members/${seller.id}`);
    expect(page).toMatchObject({
      userIdx: seller.id,
      userNickname: '믿음판매',
      identityVerified: true,
      confirmedTrades: 1,
      goodReviews: 1,
      badReviews: 0,
      tags: [{ tag: good, count: 1, good: true }],
      deleted: false,
    });
    expect(page.reviews).toEqual([
      expect.objectContaining({
        good: true,
        text: '약속 시간에 딱 맞춰 오셨어요',
        reviewer: expect.objectContaining({ userIdx: buyer.id, userNickname: '믿음구매' }),
      }),
    ]);
    expect(page.listings.map((l) => l.writer.userIdx)).toEqual([seller.id]);
    expect((await call<MemberPage>(null, 'GET', `/api/members/${buyer.id}`)).badReviews).toBe(1);

    const next = await listing(seller);
    const seen = await call<Trade>(null, 'GET', `/api/v2/trade/${next.tradeIdx}`);
    expect(seen.writerTrust).toMatchObject({ confirmedTrades: 1, goodReviews: 1, badReviews: 0 });
    expect(seen.writer.userIdx).toBe(seller.id);
  });

  it('only after both confirmed, only by its two members, with tags that fit the choice', async () => {
    const seller = await createMember(t);
    const buyer = await createMember(t);
    const stranger = await createMember(t);
    const agreed = await deal(seller, buyer, false);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${agreed}/review`, headers: buyer.headers, payload: { good: true } },
      409,
      dealMessages.reviewNotAllowed,
    );
    const done = await deal(seller, buyer);
    await expectError(t.app, { method: 'POST', url: `/api/deals/${done}/review`, headers: stranger.headers, payload: { good: true } }, 404);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${done}/review`, headers: buyer.headers, payload: { good: true, tags: ['아무 태그'] } },
      400,
      dealMessages.reviewTagInvalid,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${done}/review`, headers: buyer.headers, payload: { good: true, tags: [REVIEW_TAGS.bad[0]] } },
      400,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${done}/review`, headers: buyer.headers, payload: { good: true, text: '가'.repeat(201) } },
      400,
      dealMessages.reviewTextTooLong,
    );
    await expectError(
      t.app,
      { method: 'POST', url: `/api/deals/${done}/review`, headers: buyer.headers, payload: { tags: [] } },
      400,
      dealMessages.reviewGoodRequired,
    );
    const reviewer = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${done}/review`,
      headers: buyer.headers,
      payload: { good: true, revieweeId: buyer.id },
    });
    expect(reviewer.statusCode).toBe(400);
  });

  it('a departed member’s page says so and shows nothing of theirs; an unknown member is 404', async () => {
    const gone = await createMember(t, { nickname: '떠난사람' });
    await listing(gone);
    await t.db.updateTable('users').set({ deleted_at: t.clock.now() }).where('id', '=', gone.id).execute();
    const page = await call<MemberPage>(null, 'GET', `/api/members/${gone.id}`);
    expect(page).toMatchObject({ deleted: true, userNickname: dealMessages.deletedMember, profileImageUrl: '', listings: [] });
    await expectError(t.app, '/api/members/99999999', 404, dealMessages.dealMemberNotFound);
    await expectError(t.app, '/api/members/abc', 400);
  });
});

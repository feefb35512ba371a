import { ExpertType, type Opinion } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** Issue 10 §6: scam signals a member can see, and what operators find queued without a report. */
let t: TestApp;
let company: number;

beforeAll(async () => {
  t = await createTestApp({ companies: 2 });
  company = await insertCompany(t.db);
});
afterAll(async () => {
  await t?.close();
});

const queue = (userId: number) =>
  t.db
    .selectFrom('review_queue')
    .select(['kind', 'target_type', 'target_id', 'reasons'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

async function write(m: TestMember, content: string): Promise<Opinion> {
  const res = await t.app.inject({ method: 'POST', url: '/api/opinion', payload: { companyIdx: company, content }, headers: m.headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Opinion }).result;
}

describe('opinions with scam signals', () => {
  it.each([
    ['an FSS phrase', '상장 임박 종목, 원금 보장 해드려요', 'PHRASE:상장임박'],
    ['a phone number', '자세한 건 010-2345-6789 로 문자 주세요', 'PHONE:010-2345-6789'],
    ['an open-chat link', '정보방 https://open.kakao.com/o/sAbCdEf 입장하세요', 'OPEN_CHAT:open.kakao.com'],
  ])('%s: the answer and the list carry the caution, and the opinion is queued once', async (_name, content, reason) => {
    const m = await createMember(t);
    const opinion = await write(m, content);
    expect(opinion.scamCaution).toBe(true);
    const listed = await t.app.inject({ url: `/api/v2/opinion/all/company/${company}?size=50` });
    const mine = (listed.json() as { result: { data: Opinion[] } }).result.data.find((o) => o.opinionIdx === opinion.opinionIdx);
    expect(mine?.scamCaution).toBe(true);
    const items = await queue(m.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'SCAM_TEXT', target_type: 'OPINION', target_id: expect.anything() });
    expect(Number(items[0]?.target_id)).toBe(opinion.opinionIdx);
    expect(items[0]?.reasons).toContain(reason);
  });

  it('an ordinary opinion has no caution and queues nothing; each scam opinion is its own item', async () => {
    const m = await createMember(t);
    const plain = await write(m, '올해 실적 발표가 기대되네요. 현재가 12,500원은 적정해 보입니다.');
    expect(plain.scamCaution).toBe(false);
    expect(await queue(m.id)).toEqual([]);
    await write(m, '확정 수익 보장');
    await write(m, '무조건 수익, 텔레그램 문의');
    expect((await queue(m.id)).map((i) => i.kind)).toEqual(['SCAM_TEXT', 'SCAM_TEXT']);
  });
});

describe('expert introductions', () => {
  it('an office or introduction with signals queues the expert; an ordinary one does not', async () => {
    const expert = await createMember(t, { expertType: ExpertType.CTA });
    const update = (payload: object): InjectOptions => ({ method: 'PUT', url: '/api/user/myPage', payload, headers: expert.headers });
    let res = await t.app.inject(update({ officeName: '비상세무회계', introduction: '비상장 주식 세무 상담 10년 차 세무사입니다.' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(await queue(expert.id)).toEqual([]);
    res = await t.app.inject(update({ introduction: '상담은 카톡 아이디 bs_tax 로, 원금 보장 절세 상품 안내' }));
    expect(res.statusCode, res.body).toBe(200);
    const items = await queue(expert.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'SCAM_TEXT', target_type: 'USER' });
    expect(items[0]?.reasons).toEqual(expect.arrayContaining(['PHRASE:원금보장', expect.stringMatching(/^OPEN_CHAT:/)]));
  });
});

describe('the broker pattern', () => {
  const listOn = (m: TestMember, companyIdx: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      payload: { companyIdx, stockCount: 10, stockPerPrice: 10_000, stockCountNegotiationFlag: false, stockPriceNegotiationFlag: true },
      headers: m.headers,
    });
  let companies: number[] = [];
  beforeAll(async () => {
    companies = await Promise.all(Array.from({ length: 6 }, () => insertCompany(t.db)));
  });

  it('listings on 5 companies within 10 minutes queue the member once; 4 do not', async () => {
    const m = await createMember(t);
    for (const c of companies.slice(0, 4)) expect((await listOn(m, c)).statusCode).toBe(200);
    // Several listings on one company are not a spread.
    expect((await listOn(m, companies[0] as number)).statusCode).toBe(200);
    expect(await queue(m.id)).toEqual([]);
    expect((await listOn(m, companies[4] as number)).statusCode).toBe(200);
    expect((await listOn(m, companies[5] as number)).statusCode).toBe(200);
    const items = await queue(m.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'BROKER_PATTERN', target_type: 'USER', reasons: ['COMPANIES:5', 'WINDOW_MINUTES:10'] });
  });

  it('the same companies spread over more than 10 minutes are an ordinary member', async () => {
    const m = await createMember(t);
    const start = t.clock.now();
    try {
      for (const c of companies.slice(0, 5)) {
        expect((await listOn(m, c)).statusCode).toBe(200);
        t.clock.advance(3 * 60_000);
      }
    } finally {
      t.clock.set(start);
    }
    expect(await queue(m.id)).toEqual([]);
  });
});

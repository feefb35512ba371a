import { type Opinion, SanctionState, tradeMessages, UserLevel } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/http.ts';
import { createMember, expiredToken, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let writer: TestMember;
let reader: TestMember;
const crossUser = { tried: 0, succeeded: 0 };

beforeAll(async () => {
  t = await createTestApp({ companies: 5 });
  writer = await createMember(t, { level: UserLevel.COMMON });
  reader = await createMember(t);
});

afterAll(async () => {
  console.log(`cross-user writes tried / succeeded: ${crossUser.tried} / ${crossUser.succeeded}`);
  await t?.close();
});

async function write(m: TestMember, content: unknown, companyIdx = 2) {
  return t.app.inject({ method: 'POST', url: '/api/opinion', payload: { companyIdx, content }, headers: m.headers });
}

async function list(companyIdx = 2, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/v2/opinion/all/company/${companyIdx}?size=50`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: { data: Opinion[]; total: number } }).result;
}

describe('discussion', () => {
  it('any member writes (verified or not); everyone reads, newest first, as plain text', async () => {
    const first = await write(writer, '  실적 발표가 기대됩니다.  ');
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json() as { result: Opinion }).result).toMatchObject({ content: '실적 발표가 기대됩니다.', isMine: true });
    const html = '<img src=x onerror=alert(1)>\n두 번째 줄';
    await write(reader, html);
    const all = await list();
    expect(all.data.map((o) => o.content)).toEqual([html, '실적 발표가 기대됩니다.']);
    expect(all.data.every((o) => !o.isMine)).toBe(true);
    expect((await list(2, writer.headers)).data.find((o) => o.content.startsWith('실적'))?.isMine).toBe(true);
    await expectError(t.app, '/api/v2/opinion/all/company/999999', 404, '종목을 찾을 수 없습니다.');
  });

  it('checks the text and the writer', async () => {
    await expectError(
      t.app,
      { method: 'POST', url: '/api/opinion', payload: { companyIdx: 2, content: '   ' }, headers: writer.headers },
      400,
      tradeMessages.opinionRequired,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/opinion', payload: { companyIdx: 2, content: '가'.repeat(1001) }, headers: writer.headers },
      400,
      tradeMessages.opinionTooLong,
    );
    expect((await write(writer, '가'.repeat(1000))).statusCode).toBe(200);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/opinion', payload: { companyIdx: 2, content: 'x', userIdx: 9 }, headers: writer.headers },
      400,
      tradeMessages.unknownField,
    );
    await expectError(t.app, { method: 'POST', url: '/api/opinion', payload: { companyIdx: 2, content: 'x' } }, 401);
    for (const sanction of [SanctionState.STOP_DEBATE, SanctionState.STOP_TRADE]) {
      const barred = await createMember(t, { sanction });
      await expectError(
        t.app,
        { method: 'POST', url: '/api/opinion', payload: { companyIdx: 2, content: '의견' }, headers: barred.headers },
        403,
        tradeMessages.sanctionStopDebate,
      );
    }
    const warned = await createMember(t, { sanction: SanctionState.WARN });
    expect((await write(warned, '경고만 받은 회원도 쓸 수 있습니다.')).statusCode).toBe(200);
  });

  it('deletes only one’s own opinion (authorization matrix)', async () => {
    const mine = ((await write(writer, '지울 의견')).json() as { result: Opinion }).result;
    const del = (headers: Record<string, string>) => t.app.inject({ method: 'DELETE', url: `/api/opinion/${mine.opinionIdx}`, headers });
    const expired = await expiredToken(t, writer.id);
    for (const [headers, status] of [
      [reader.headers, 403],
      [{}, 401],
      [expired, 401],
    ] as const) {
      crossUser.tried++;
      const res = await del(headers);
      if (res.statusCode < 300) crossUser.succeeded++;
      expect(res.statusCode).toBe(status);
    }
    expect((await list()).data.some((o) => o.opinionIdx === mine.opinionIdx)).toBe(true);
    expect((await del(writer.headers)).json()).toEqual({ result: true });
    expect((await list()).data.some((o) => o.opinionIdx === mine.opinionIdx)).toBe(false);
    expect((await del(writer.headers)).statusCode).toBe(404);
  });

  it('takes one report per member, never of one’s own opinion; reported opinions stay visible', async () => {
    const o = ((await write(writer, '신고될 의견')).json() as { result: Opinion }).result;
    const report = (m: TestMember, payload: object = { reason: 1 }) =>
      t.app.inject({
        method: 'POST',
        url: `/api/accuse/opinion/${o.opinionIdx}`,
        payload,
        headers: { ...m.headers, 'idempotency-key': `r-${m.id}` },
      });
    expect((await report(writer)).json()).toMatchObject({ message: tradeMessages.reportSelf });
    const first = await report(reader);
    expect(first.statusCode, first.body).toBe(200);
    // The same request retried replays the answer; a new request is a duplicate.
    expect((await report(reader)).json()).toEqual(first.json());
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/accuse/opinion/${o.opinionIdx}`,
      payload: { reason: 2 },
      headers: reader.headers,
    });
    expect(again.json()).toMatchObject({ message: tradeMessages.reportDuplicate });
    expect((await list(2, reader.headers)).data.find((x) => x.opinionIdx === o.opinionIdx)?.isReported).toBe(true);
    expect(
      await t.db.selectFrom('reports').select('id').where('target_type', '=', 'opinion').where('target_id', '=', o.opinionIdx).execute(),
    ).toHaveLength(1);
  });
});

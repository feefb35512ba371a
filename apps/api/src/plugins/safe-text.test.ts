import { messages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../test/factories.ts';
import { expectError } from '../test/http.ts';
import { createMember, type TestMember } from '../test/members.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

/** Issue 10 §5: NUL and unpaired surrogates answer 400 with a clear message on every route, and nothing is stored. */
let t: TestApp;
let member: TestMember;
let company: number;

beforeAll(async () => {
  t = await createTestApp({ companies: 2 });
  member = await createMember(t);
  company = await insertCompany(t.db);
});
afterAll(async () => {
  await t?.close();
});

const BAD = ['a\u0000b', '\u0000', 'x\ud800', '\udfffy', '🚀'.slice(0, 1)];
const count = async (table: 'opinions' | 'reports' | 'users') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function refused(request: InjectOptions, field: string) {
  const body = await expectError(t.app, request, 400, messages.unsafeText);
  expect(body.code).toBe('BAD_TEXT');
  expect(body.fields).toEqual({ [field]: messages.unsafeText });
}

describe('bad characters in a request', () => {
  it('an opinion, a report detail, an expert office and introduction, and a sign-in id: 400, nothing stored', async () => {
    const owner = await createMember(t);
    const opinion = await t.app.inject({
      method: 'POST',
      url: '/api/opinion',
      payload: { companyIdx: company, content: '멀쩡한 의견' },
      headers: owner.headers,
    });
    expect(opinion.statusCode, opinion.body).toBe(200);
    const opinionIdx = (opinion.json() as { result: { opinionIdx: number } }).result.opinionIdx;
    const before = { opinions: await count('opinions'), reports: await count('reports') };
    const profile = await t.db
      .selectFrom('users')
      .select(['office_name', 'introduction'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();

    for (const bad of BAD) {
      await refused(
        { method: 'POST', url: '/api/opinion', payload: { companyIdx: company, content: `의견 ${bad}` }, headers: member.headers },
        'body.content',
      );
      await refused(
        { method: 'POST', url: `/api/accuse/opinion/${opinionIdx}`, payload: { reason: 2, detail: bad }, headers: member.headers },
        'body.detail',
      );
      await refused(
        { method: 'PUT', url: '/api/user/myPage', payload: { officeName: `사무소${bad}` }, headers: member.headers },
        'body.officeName',
      );
      await refused(
        { method: 'PUT', url: '/api/user/myPage', payload: { introduction: bad }, headers: member.headers },
        'body.introduction',
      );
      await refused(
        {
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: {
            socialType: 1,
            userId: `me${bad}@example.com`,
            userPassword: 'password!',
            deviceType: 3,
            userDeviceId: '',
            fcmDeviceToken: '',
          },
        },
        'body.userId',
      );
    }
    expect(await count('opinions')).toBe(before.opinions);
    expect(await count('reports')).toBe(before.reports);
    expect(
      await t.db.selectFrom('users').select(['office_name', 'introduction']).where('id', '=', member.id).executeTakeFirstOrThrow(),
    ).toEqual(profile);
  });

  it('in a path parameter or a query string, percent-encoded', async () => {
    await refused({ url: '/api/user/userId/a%00b%40example.com' }, 'params.id');
    await refused({ url: '/api/v2/stock/search/%EB%B9%84%00' }, 'params.keyword');
    await refused({ url: `/api/v2/trade/all/company/${company}?page=1%00` }, 'querystring.page');
  });

  it('bytes that are not UTF-8 in a JSON body: 400 like NUL, never stored as U+FFFD (issue 21)', async () => {
    const before = await count('opinions');
    const json = (bytes: number[]) =>
      Buffer.concat([Buffer.from(`{"companyIdx":${company},"content":"의견 `), Buffer.from(bytes), Buffer.from('"}')]);
    // C3 28 FF (the probe's), an overlong '/', an encoded surrogate, a cut-off 가, past U+10FFFF, a lone continuation byte.
    for (const bytes of [[0xc3, 0x28, 0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xea, 0xb0], [0xf4, 0x90, 0x80, 0x80], [0x80]]) {
      await refused(
        { method: 'POST', url: '/api/opinion', payload: json(bytes), headers: { ...member.headers, 'content-type': 'application/json' } },
        'body',
      );
    }
    // As plain text too, on a route that ignores its body.
    await refused(
      { method: 'POST', url: '/api/auth/logout', payload: Buffer.from([0xff]), headers: { 'content-type': 'text/plain' } },
      'body',
    );
    expect(await count('opinions')).toBe(before);
    // The same text well encoded is stored as sent.
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/opinion',
      payload: Buffer.from(JSON.stringify({ companyIdx: company, content: '의견 é(ÿ' })),
      headers: { ...member.headers, 'content-type': 'application/json; charset=utf-8' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((ok.json() as { result: { content: string } }).result.content).toBe('의견 é(ÿ');
  });

  it('%-escapes that do not decode to UTF-8 in a query string or a form body: 400 naming the field', async () => {
    await refused({ url: '/api/v2/stock/list?sector=%C3%28' }, 'querystring.sector');
    await refused({ url: '/api/v2/notice/list?page=1&q=%ED%A0%80' }, 'querystring.q');
    await refused({ url: '/api/v2/notice/list?%FF=1' }, 'querystring');
    // A page's address is not an API call: an old link's EUC-KR escapes still reach the page (here: no web build).
    expect((await t.app.inject('/search?q=%B0%A1')).json()).not.toMatchObject({ code: 'BAD_TEXT' });
    const form = (payload: string | Buffer) => ({
      method: 'POST' as const,
      url: '/api/auth/social/apple/callback',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload,
    });
    await refused(form('code=abc&state=%C3%28'), 'body.state');
    await refused(form(Buffer.from([0x63, 0x6f, 0x64, 0x65, 0x3d, 0xc3, 0x28, 0xff])), 'body');
    // Well-formed escapes still mean what they say.
    const search = await t.app.inject({ url: `/api/v2/stock/list?sector=${encodeURIComponent('비상')}` });
    expect(search.statusCode).toBe(400); // not a sector, but refused by the route's own rule
    expect(search.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect((await t.app.inject(form('code=abc&state=%EB%B9%84'))).statusCode).toBe(303);
  });

  it('a key of a body object counts too; well-formed emoji and Korean pass', async () => {
    await refused(
      { method: 'POST', url: '/api/opinion', payload: { companyIdx: company, content: '의견', 'x\u0000': 1 }, headers: member.headers },
      'body.x\u0000',
    );
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/opinion',
      payload: { companyIdx: company, content: '🚀 가즈아 📈' },
      headers: member.headers,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

import {
  type AdminCompanyRow,
  type AdminReviewItem,
  type ImportReport,
  messages,
  SanctionState,
  type StockProfile,
} from '@beesang/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError, getResult, multipartPost } from '../../test/http.ts';
import { createMember, freshHeaders, type TestMember } from '../../test/members.ts';
import { createTestApp, TEST_NOW, type TestApp } from '../../test/test-app.ts';

/** Issue 11 §2–§3: what the console's 종목, 상단 고정 and 콘텐츠 sections call, with real data. */
let t: TestApp;
let editor: TestMember;
let moderator: TestMember;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
  editor = await createMember(t, { nickname: '편집자' });
  moderator = await createMember(t, { nickname: '관리자' });
  await t.db.updateTable('users').set({ staff_role: 'EDITOR' }).where('id', '=', editor.id).execute();
  await t.db.updateTable('users').set({ staff_role: 'MODERATOR' }).where('id', '=', moderator.id).execute();
});
afterAll(async () => {
  await t?.close();
});

const auditRows = (action: string) =>
  t.db.selectFrom('audit_log').select(['target_id', 'detail', 'staff_user_id']).where('action', '=', action).execute();
const count = async (table: 'companies' | 'price_bars' | 'company_financials') =>
  Number((await t.db.selectFrom(table).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);

describe('종목: the list and editing a company', () => {
  it('pages every company by name, or the search matches by name, code and 초성', async () => {
    const ids = [
      await insertCompany(t.db, { name: '가람로보틱스', code: 'GR0001' }),
      await insertCompany(t.db, { name: '나래바이오', code: 'NR0001' }),
      await insertCompany(t.db, { name: '다온소프트', code: 'DO0001' }),
    ];
    const page1 = await getAs<{ data: AdminCompanyRow[]; total: number }>(editor, '/api/admin/companies?size=2');
    expect(page1.total).toBeGreaterThanOrEqual(3);
    expect(page1.data).toHaveLength(2);
    expect(page1.data.map((c) => c.companyName)).toEqual(
      [...page1.data.map((c) => c.companyName)].sort((a, b) => a.localeCompare(b, 'ko')),
    );
    const page2 = await getAs<{ data: AdminCompanyRow[] }>(editor, '/api/admin/companies?size=2&page=2');
    expect(page2.data.map((c) => c.companyIdx)).not.toContain(page1.data[0]?.companyIdx);

    const byInitials = await getAs<{ data: AdminCompanyRow[]; total: number }>(
      editor,
      `/api/admin/companies?query=${encodeURIComponent('ㄴㄹㅂ')}`,
    );
    expect(byInitials.data.map((c) => c.companyIdx)).toEqual([ids[1]]);
    const byCode = await getAs<{ data: AdminCompanyRow[] }>(editor, '/api/admin/companies?query=DO0001');
    expect(byCode.data[0]).toMatchObject({ companyIdx: ids[2], beesangCode: 'DO0001', sector: 'SOFTWARE', isDemo: false });
  });

  it('an edit changes what members see at once, is audited with the fields, and refuses bad values in Korean', async () => {
    const id = await insertCompany(t.db, { name: '수정전기업' });
    await t.app.inject({ url: `/api/v2/stock/profile/${id}` }); // warm the caches an edit must drop
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/company/${id}`,
      headers: editor.headers,
      payload: { companyName: '수정후기업', sector: 'BIO', stockLabelType: ['KOTC', 'UNISSUED'], foundedOn: '2019-04-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { result: AdminCompanyRow }).result).toMatchObject({
      companyName: '수정후기업',
      sector: 'BIO',
      stockLabelType: ['KOTC', 'UNISSUED'],
      foundedOn: '2019-04-01',
    });
    expect(await getResult<StockProfile>(t.app, `/api/v2/stock/profile/${id}`)).toMatchObject({
      companyName: '수정후기업',
      stockLabelType: ['KOTC', 'UNISSUED'],
    });
    const search = await getResult<Array<{ companyIdx: number }>>(t.app, `/api/v2/stock/search/${encodeURIComponent('수정후')}`);
    expect(search.map((s) => s.companyIdx)).toContain(id);
    const [entry] = (await auditRows('company.edit')).filter((a) => a.target_id === String(id));
    expect(entry).toMatchObject({ staff_user_id: editor.id });
    expect(JSON.parse(entry?.detail ?? '{}')).toEqual({ fields: ['companyName', 'sector', 'stockLabelType', 'foundedOn'] });

    const patch = (payload: object) => ({ method: 'PATCH' as const, url: `/api/admin/company/${id}`, headers: editor.headers, payload });
    await expectError(t.app, patch({ sector: 'SPACE' }), 400, messages.adminCompanySector);
    await expectError(t.app, patch({ stockLabelType: [] }), 400, messages.adminCompanyLabels);
    await expectError(t.app, patch({ foundedOn: '2019-02-30' }), 400, messages.adminCompanyFounded);
    await expectError(t.app, patch({ homepageUrl: 'javascript:alert(1)' }), 400, messages.adminCompanyHomepage);
    await expectError(t.app, patch({ companyLogoUrl: 'https://evil.example/logo.png' }), 400, messages.adminCompanyLogo);
    await expectError(t.app, patch({}), 400, messages.adminCompanyNothing);
    await expectError(t.app, patch({ currentPrice: 1 }), 400);
    await expectError(t.app, { ...patch({ companyName: '없는기업' }), url: '/api/admin/company/99999999' }, 404, messages.companyNotFound);
    // Refused edits change nothing and leave no audit entry.
    expect((await auditRows('company.edit')).filter((a) => a.target_id === String(id))).toHaveLength(1);
  });

  it('a date that cannot exist is a 400 naming its field (foundedOn, from, endsAt), for an ADMIN too, never a 500 (issue 21)', async () => {
    const id = await insertCompany(t.db, { name: '날짜검사기업' });
    const foundedOn = () => t.db.selectFrom('companies').select('founded_on').where('id', '=', id).executeTakeFirstOrThrow();
    const before = await foundedOn();
    const admin = await createMember(t, { nickname: '최고관리자' });
    await t.db.updateTable('users').set({ staff_role: 'ADMIN' }).where('id', '=', admin.id).execute();
    for (const value of ['2024-13-45', '2023-02-29', '0000-00-00', '0000-01-01', '2024-1-5']) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/company/${id}`,
        headers: admin.headers,
        payload: { foundedOn: value },
      });
      expect(res.statusCode, `${value}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ code: 'BAD_REQUEST', fields: { 'body.foundedOn': messages.adminCompanyFounded } });
    }
    expect(await foundedOn()).toEqual(before);

    // Every date and time the console sends follows the same rule, each with its field's message.
    const audit = await t.app.inject({ url: '/api/admin/audit?from=2023-02-29T24:61:00Z', headers: admin.headers });
    expect(audit.statusCode, audit.body).toBe(400);
    expect(audit.json()).toMatchObject({ fields: { 'querystring.from': messages.adminAuditFromInvalid } });
    const sanction = await t.app.inject({
      method: 'POST',
      url: `/api/admin/member/${moderator.id}/sanction`,
      headers: admin.headers,
      payload: { state: SanctionState.WARN, reason: '날짜 검사', endsAt: '9999-12-31T23:59:59-14:00' },
    });
    expect(sanction.statusCode, sanction.body).toBe(400);
    expect(sanction.json()).toMatchObject({ fields: { 'body.endsAt': messages.adminEndsAtInvalid } });
  });
});

const COMPANIES = `code,name,sector,labels,shares_outstanding,ceo_name,founded_on,address,homepage_url,business_summary
IMP001,임포트바이오,BIO,KOTC,1000000,김대표,2018-01-02,서울,https://example.com,"신약, 개발"
IMP002,임포트로봇,ROBOT,UNISSUED,500000,,,,,
`;
const PRICES = `code,date,open,high,low,close,volume
IMP001,2026-11-18,10000,10500,9900,10200,120
IMP001,2026-11-19,10200,10300,9800,9900,80
`;
const FINANCIALS = `code,year,revenue,operating_profit,net_income,operating_margin,debt_ratio,roe
IMP001,2025,12000000000,-300000000,-250000000,-2.5,80.1,-3.2
`;
const csv = (field: string, text: string) => ({ field, filename: `${field}.csv`, type: 'text/csv', bytes: Buffer.from(text, 'utf8') });
const importRequest = (dryRun: boolean, files: Record<string, string>, who: TestMember = editor) =>
  multipartPost(
    `/api/admin/company/import?dryRun=${dryRun}`,
    Object.entries(files).map(([f, text]) => csv(f, text)),
    { headers: who.headers },
  );

describe('종목: the CSV import with its dry run', () => {
  it('a dry run with two bad lines in two files reports both and writes nothing; the real run refuses; fixed files import once', async () => {
    const bad = {
      companies: COMPANIES.replace('IMP002,임포트로봇,ROBOT', 'IMP002,임포트로봇,SPACE'),
      prices: PRICES.replace('10200,120', 'abc,120'),
      financials: FINANCIALS,
    };
    const before = {
      companies: await count('companies'),
      bars: await count('price_bars'),
      audits: (await auditRows('company.import')).length,
    };
    const dry = await t.app.inject(importRequest(true, bad));
    expect(dry.statusCode, dry.body).toBe(200);
    const report = (dry.json() as { result: ImportReport }).result;
    expect(report.problems, JSON.stringify(report.problems)).toHaveLength(2);
    expect(report).toMatchObject({ dryRun: true, written: false, problemCount: 2 });
    expect(report.problems.map((p) => [p.file, p.line, p.column, p.value])).toEqual([
      ['companies.csv', 3, 'sector', 'SPACE'],
      ['prices.csv', 2, 'close', 'abc'],
    ]);
    expect(report.problems.every((p) => /[가-힣]/.test(p.message))).toBe(true);

    await expectError(t.app, importRequest(false, bad), 400, messages.adminImportInvalid);
    expect(await count('companies')).toBe(before.companies);
    expect(await count('price_bars')).toBe(before.bars);
    expect(await auditRows('company.import')).toHaveLength(before.audits);

    const good = { companies: COMPANIES, prices: PRICES, financials: FINANCIALS };
    const cleanDry = (await t.app.inject(importRequest(true, good))).json() as { result: ImportReport };
    expect(cleanDry.result).toMatchObject({
      dryRun: true,
      written: false,
      problemCount: 0,
      counts: { companies: 2, prices: 2, financials: 1 },
    });
    expect(await count('companies')).toBe(before.companies);

    const real = await t.app.inject(importRequest(false, good));
    expect(real.statusCode, real.body).toBe(200);
    expect((real.json() as { result: ImportReport }).result).toMatchObject({
      written: true,
      counts: { companies: 2, prices: 2, financials: 1 },
    });
    expect(await count('companies')).toBe(before.companies + 2);
    const audits = await auditRows('company.import');
    expect(audits).toHaveLength(before.audits + 1);
    expect(JSON.parse(audits.at(-1)?.detail ?? '{}')).toMatchObject({ counts: { companies: 2, prices: 2, financials: 1 } });
    // Members see the imported company and its IMPORT price at once.
    const [found] = await getResult<Array<{ companyIdx: number; companyStockCurrentPrice: number; priceSource: string }>>(
      t.app,
      `/api/v2/stock/search/${encodeURIComponent('임포트바이오')}`,
    );
    expect(found).toMatchObject({ companyStockCurrentPrice: 9900, priceSource: 'IMPORT' });
  });

  it('reports duplicates, unknown codes, NUL bytes, missing columns and unclosed quotes as problems, never a 5xx', async () => {
    const report = async (files: Record<string, string>) => {
      const res = await t.app.inject(importRequest(true, files));
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { result: ImportReport }).result.problems.map((p) => `${p.file}:${p.line}:${p.column}:${p.message}`);
    };
    expect(await report({ companies: `${COMPANIES}IMP001,다시,BIO,KOTC,1,,,,,\n` })).toEqual([
      'companies.csv:4:code:종목코드가 파일 안에서 중복됩니다 (2행과 같음)',
    ]);
    expect(await report({ prices: 'code,date,open,high,low,close,volume\nNOPE01,2026-11-19,1,1,1,1,1\n' })).toEqual([
      'prices.csv:2:code:등록되지 않은 종목코드입니다',
    ]);
    expect(await report({ companies: COMPANIES, financials: `${FINANCIALS.trim()}\nIMP001,2024,1,1,\u0000,1,1,1\n` })).toEqual([
      'financials.csv:3:net_income:쓸 수 없는 문자(NUL)가 들어 있습니다',
    ]);
    expect(await report({ companies: 'code,name\nA1,x\n' })).toEqual([
      'companies.csv:1::필수 열이 없습니다: sector, labels, shares_outstanding, ceo_name, founded_on, address, homepage_url, business_summary',
    ]);
    // A quoted value over two lines keeps the following line numbers right.
    const multiline = COMPANIES.replace('"신약, 개발"', '"신약,\n개발"').replace('IMP002,임포트로봇,ROBOT', 'IMP002,임포트로봇,SPACE');
    expect(await report({ companies: multiline })).toEqual([
      'companies.csv:4:sector:업종은 A_B, AI, BIO, COSMETIC, SEMICONDUCTOR, MOBILITY, FINTECH, PLATFORM, GAME, CONTENT, ENERGY, ROBOT, COMMERCE, FOOD, SOFTWARE, MATERIAL 중 하나여야 합니다',
    ]);
    expect(await report({ prices: 'code,date,open,high,low,close,volume\n"IMP001,2026-11-19,1,1,1,1,1\n' })).toEqual([
      'prices.csv:2::닫히지 않은 따옴표가 있습니다',
    ]); // Dates that look right but cannot exist, and years no date column holds (issue 21).
    const prices = ['2024-13-45', '2023-02-29', '0000-01-01', '2026/11/19'].map((d) => `IMP001,${d},1,1,1,1,1`).join('\n');
    expect(await report({ companies: COMPANIES, prices: `code,date,open,high,low,close,volume\n${prices}\n` })).toEqual([
      'prices.csv:2:date:날짜이(가) 없는 날짜입니다',
      'prices.csv:3:date:날짜이(가) 없는 날짜입니다',
      'prices.csv:4:date:날짜이(가) 없는 날짜입니다',
      'prices.csv:5:date:날짜은(는) YYYY-MM-DD 형식이어야 합니다',
    ]);
  });

  it('refuses a request without files, with a field of another name, or too large, in Korean', async () => {
    await expectError(
      t.app,
      multipartPost('/api/admin/company/import?dryRun=true', [], { headers: editor.headers }),
      400,
      messages.adminImportNoFile,
    );
    await expectError(t.app, importRequest(true, { stocks: COMPANIES }), 400, messages.adminImportField);
    // Saved as CP949 (가 is B0 A1 there): refused whole with what to do, not imported as U+FFFD (issue 21).
    const cp949 = Buffer.concat([Buffer.from(COMPANIES.split('\n')[0] as string), Buffer.from('\nIMP009,'), Buffer.from([0xb0, 0xa1])]);
    const notUtf8 = await expectError(
      t.app,
      multipartPost(
        '/api/admin/company/import?dryRun=true',
        [{ field: 'companies', filename: 'companies.csv', type: 'text/csv', bytes: cp949 }],
        {
          headers: editor.headers,
        },
      ),
      400,
      messages.adminImportNotUtf8,
    );
    expect(notUtf8).toMatchObject({ code: 'BAD_TEXT', fields: { companies: messages.adminImportNotUtf8 } });
    // A body that is not multipart at all behind the header: 400, not a 500 (found by the fuzz suite).
    await expectError(
      t.app,
      {
        method: 'POST',
        url: '/api/admin/company/import?dryRun=true',
        payload: 'hello',
        headers: { ...editor.headers, 'content-type': 'multipart/form-data; boundary=B' },
      },
      400,
      messages.multipartMalformed,
    );
    const huge = `${COMPANIES}${'x'.repeat(10 * 1024 * 1024)}`;
    await expectError(t.app, importRequest(true, { companies: huge }), 413, messages.adminImportTooLarge);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/company/import?dryRun=true', headers: editor.headers, payload: { companies: COMPANIES } },
      415,
    );
    await expectError(t.app, { ...importRequest(true, { companies: COMPANIES }), url: '/api/admin/company/import?dryRun=maybe' }, 400);
  });
});

describe('상단 고정: the pinned listings', () => {
  it('lists what is pinned now, soonest end first, until each pin ends; a finished listing cannot be pinned', async () => {
    const company = await insertCompany(t.db);
    const owner = await createMember(t);
    const listing = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trade/sell',
        headers: owner.headers,
        payload: {
          companyIdx: company,
          stockCount: 10,
          stockPerPrice: 10_000,
          stockCountNegotiationFlag: false,
          stockPriceNegotiationFlag: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { result: { tradeIdx: number } }).result.tradeIdx;
    };
    const [a, b, done] = [await listing(), await listing(), await listing()];
    const inHours = (h: number) => new Date(t.clock.now().getTime() + h * 3_600_000).toISOString();
    const pin = (id: number, endsAt: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/trade/${id}/top-fix`, headers: moderator.headers, payload: { endsAt } });
    expect((await pin(a, inHours(5))).statusCode).toBe(200);
    expect((await pin(b, inHours(1))).statusCode).toBe(200);
    const pinned = await getAs<{ data: Array<{ tradeIdx: number; pinEndsAt: string; ownerIdx: number }>; total: number }>(
      moderator,
      '/api/admin/top-fix',
    );
    const ours = pinned.data.filter((p) => [a, b].includes(p.tradeIdx));
    expect(ours.map((p) => [p.tradeIdx, p.pinEndsAt, p.ownerIdx])).toEqual([
      [b, inHours(1), owner.id],
      [a, inHours(5), owner.id],
    ]);

    t.clock.advance(2 * 3_600_000);
    // Two hours on, the members sign in again (access tokens last 15 minutes).
    const [mod, own] = [await freshHeaders(t, moderator.id), await freshHeaders(t, owner.id)];
    const later = await getAs<{ data: Array<{ tradeIdx: number }> }>(moderator, '/api/admin/top-fix');
    expect(later.data.map((p) => p.tradeIdx)).toContain(a);
    expect(later.data.map((p) => p.tradeIdx)).not.toContain(b);

    const fin = await t.app.inject({ method: 'POST', url: `/api/trade/finish/${done}`, headers: own, payload: { finishedPrice: 10_000 } });
    expect(fin.statusCode, fin.body).toBe(200);
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/trade/${done}/top-fix`, headers: mod, payload: { endsAt: inHours(3) } },
      409,
      messages.adminPinNotOpen,
    );
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/trade/99999999/top-fix', headers: mod, payload: { endsAt: inHours(3) } },
      404,
    );
    t.clock.set(TEST_NOW);
  });
});

describe('콘텐츠: the editor’s preview', () => {
  it('renders Markdown exactly as members will read it, sanitised, and stores nothing', async () => {
    const before = Number((await t.db.selectFrom('contents').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/content/preview',
      headers: editor.headers,
      payload: {
        body: '## 점검 안내\n\n**새벽 2시**부터 [공지](https://example.com)\n\n<script>alert(1)</script><img src=x onerror=alert(1)>',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const html = (res.json() as { result: { bodyHtml: string } }).result.bodyHtml;
    expect(html).toContain('<h2>점검 안내</h2>');
    expect(html).toContain('<strong>새벽 2시</strong>');
    expect(html).toMatch(/<a href="https:\/\/example\.com"[^>]*rel="noopener nofollow ugc"/);
    expect(html).not.toMatch(/<script|onerror|<img/);
    expect(Number((await t.db.selectFrom('contents').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n)).toBe(before);
    await expectError(
      t.app,
      { method: 'POST', url: '/api/admin/content/preview', headers: moderator.headers, payload: { body: 'x' } },
      403,
    );
  });
});

describe('검토 대기: what operators review without a report', () => {
  it('lists a scam opinion and the broker pattern, oldest first; uphold hides and sanctions at once; dismiss closes; twice is a 409', async () => {
    const company = await insertCompany(t.db);
    const author = await createMember(t, { nickname: '리딩방장' });
    const opinion = await t.app.inject({
      method: 'POST',
      url: '/api/opinion',
      headers: author.headers,
      payload: { companyIdx: company, content: '상장 임박! 원금 보장, 카톡 아이디 lead77 로 연락주세요' },
    });
    expect(opinion.statusCode, opinion.body).toBe(200);
    const opinionIdx = (opinion.json() as { result: { opinionIdx: number } }).result.opinionIdx;
    // A broker: listings on five companies within ten minutes.
    const broker = await createMember(t, { nickname: '물량중개' });
    for (let i = 0; i < 5; i++) {
      const c = await insertCompany(t.db);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trade/sell',
        headers: broker.headers,
        payload: {
          companyIdx: c,
          stockCount: 10,
          stockPerPrice: 10_000,
          stockCountNegotiationFlag: false,
          stockPriceNegotiationFlag: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const queue = await getAs<{ data: AdminReviewItem[]; total: number; oldestWaitingSince: string | null }>(
      moderator,
      '/api/admin/review?size=100',
    );
    const scam = queue.data.find((i) => i.targetType === 'OPINION' && i.targetId === opinionIdx);
    const pattern = queue.data.find((i) => i.kind === 'BROKER_PATTERN' && i.author.userIdx === broker.id);
    expect(scam).toMatchObject({ kind: 'SCAM_TEXT', author: { userIdx: author.id, userNickname: '리딩방장' }, visible: true });
    expect(scam?.content).toContain('원금 보장');
    expect(scam?.reasons).toEqual(expect.arrayContaining(['PHRASE:상장임박', 'PHRASE:원금보장']));
    expect(pattern).toMatchObject({ targetType: 'USER', targetId: broker.id, content: '', reasons: ['COMPANIES:5', 'WINDOW_MINUTES:10'] });
    expect(queue.oldestWaitingSince).not.toBeNull();

    const resolve = (id: number, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/admin/review/${id}/resolve`, headers: moderator.headers, payload });
    // A member item cannot be upheld without a sanction: nothing to hide.
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/review/${pattern?.id}/resolve`, headers: moderator.headers, payload: { action: 'UPHOLD' } },
      400,
      messages.adminReviewNeedsSanction,
    );
    const upheld = await resolve(scam?.id as number, {
      action: 'UPHOLD',
      sanction: { state: SanctionState.STOP_DEBATE, reason: '리딩방 홍보' },
    });
    expect(upheld.statusCode, upheld.body).toBe(200);
    // At once: the opinion is gone for members, the author cannot write another, the audit has it.
    const list = await getResult<{ data: Array<{ opinionIdx: number }> }>(t.app, `/api/v2/opinion/all/company/${company}`);
    expect(list.data.map((o) => o.opinionIdx)).not.toContain(opinionIdx);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/opinion',
      headers: await freshHeaders(t, author.id),
      payload: { companyIdx: company, content: '다시 씁니다' },
    });
    expect(again.statusCode).toBe(403);
    expect((await auditRows('review.uphold')).map((a) => a.target_id)).toContain(String(scam?.id));
    await expectError(
      t.app,
      { method: 'POST', url: `/api/admin/review/${scam?.id}/resolve`, headers: moderator.headers, payload: { action: 'DISMISS' } },
      409,
      messages.reviewNotOpen,
    );

    expect((await resolve(pattern?.id as number, { action: 'DISMISS' })).statusCode).toBe(200);
    const after = await getAs<{ data: AdminReviewItem[] }>(moderator, '/api/admin/review?size=100');
    expect(after.data.map((i) => i.id)).not.toEqual(expect.arrayContaining([scam?.id]));
    expect(after.data.map((i) => i.id)).not.toContain(pattern?.id);
  });
});

describe('신고: a reported listing as operators read it', () => {
  it('names the company, the side and the amounts with thousands separators', async () => {
    const company = await insertCompany(t.db, { name: '표기확인기업' });
    const owner = await createMember(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/trade/sell',
      headers: await freshHeaders(t, owner.id),
      payload: {
        companyIdx: company,
        stockCount: 1200,
        stockPerPrice: 15_500,
        stockCountNegotiationFlag: false,
        stockPriceNegotiationFlag: true,
      },
    });
    const tradeIdx = (res.json() as { result: { tradeIdx: number } }).result.tradeIdx;
    const reporter = await createMember(t);
    const report = await t.app.inject({
      method: 'POST',
      url: `/api/accuse/trade/${tradeIdx}`,
      headers: await freshHeaders(t, reporter.id),
      payload: { reason: 10, detail: '' },
    });
    expect(report.statusCode, report.body).toBe(200);
    const queue = await getAs<{ data: Array<{ targetId: number; content: string }> }>(
      moderator,
      '/api/admin/reports?status=OPEN&type=TRADE&size=100',
    );
    expect(queue.data.find((g) => g.targetId === tradeIdx)?.content).toBe('표기확인기업 · 매도 1,200주 × 15,500원');
  });
});

describe('the console’s writes keep the site’s origin check', () => {
  it('a cookie-authenticated change from another site is refused and writes nothing; from our own origin it goes through', async () => {
    const id = await insertCompany(t.db, { name: '출처확인기업' });
    const cookies = { ACCESS_TOKEN: (await freshHeaders(t, editor.id)).authorization.slice('Bearer '.length) };
    const request = (origin: string) => ({
      method: 'PATCH' as const,
      url: `/api/admin/company/${id}`,
      cookies,
      headers: { origin },
      payload: { businessSummary: `${origin}에서 바꿈` },
    });
    await expectError(t.app, request('https://evil.example'), 403, messages.forbiddenOrigin);
    const row = await t.db.selectFrom('companies').select('business_summary').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.business_summary).toBe('테스트용 기업입니다.');
    expect((await t.app.inject(request('http://localhost:3000'))).statusCode).toBe(200);
  });

  it('a cookie-authenticated write that names no origin, or comes from another site of ours, is refused; the app with a bearer token is not', async () => {
    const id = await insertCompany(t.db, { name: '출처없는기업' });
    const token = (await freshHeaders(t, editor.id)).authorization.slice('Bearer '.length);
    const patch = (headers: Record<string, string>, cookies?: Record<string, string>) => ({
      method: 'PATCH' as const,
      url: `/api/admin/company/${id}`,
      ...(cookies && { cookies }),
      headers,
      payload: { businessSummary: '바뀌면 안 됨' },
    });
    await expectError(t.app, patch({}, { ACCESS_TOKEN: token }), 403, messages.forbiddenOrigin);
    await expectError(t.app, patch({ 'sec-fetch-site': 'same-origin' }, { ACCESS_TOKEN: token }), 403, messages.forbiddenOrigin);
    await expectError(
      t.app,
      patch({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-site' }, { ACCESS_TOKEN: token }),
      403,
      messages.forbiddenOrigin,
    );
    const row = await t.db.selectFrom('companies').select('business_summary').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.business_summary).toBe('테스트용 기업입니다.');
    const app = await t.app.inject(patch({ authorization: `Bearer ${token}` }));
    expect(app.statusCode, app.body).toBe(200);
    const browser = await t.app.inject(
      patch({ origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }, { ACCESS_TOKEN: token }),
    );
    expect(browser.statusCode, browser.body).toBe(200);
  });
});

describe('who before what (issue 21): the caller is checked before the body', () => {
  it('a visitor gets 401 and a member 403 from a console write, whatever its body holds', async () => {
    const member = await createMember(t);
    for (const payload of [{ foundedOn: '2024-13-45' }, { nothing: true }, '{not json']) {
      const request = { method: 'PATCH' as const, url: '/api/admin/company/1', payload, headers: { 'content-type': 'application/json' } };
      await expectError(t.app, request, 401, messages.sessionExpired);
      await expectError(t.app, { ...request, headers: { ...request.headers, ...member.headers } }, 403, messages.staffOnly);
    }
    await expectError(t.app, { method: 'POST', url: '/api/trade/sell', payload: { companyIdx: 'x' } }, 401, messages.sessionExpired);
    await expectError(t.app, { method: 'POST', url: '/api/stock/update/favorite/stock/order', payload: {} }, 401, messages.sessionExpired);
  });
});

describe('the movable clock of local test runs', () => {
  it('does not exist unless DEV_CLOCK started it', async () => {
    expect((await t.app.inject({ url: '/api/dev/clock' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/dev/clock', payload: { offsetMs: 1 } })).statusCode).toBe(404);
  });
});

async function getAs<T>(who: TestMember, url: string): Promise<T> {
  const res = await t.app.inject({ url, headers: await freshHeaders(t, who.id) });
  expect(res.statusCode, `${url} → ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return (res.json() as { result: T }).result;
}

import {
  type CompanySearchResult,
  messages,
  normalizeSearchText,
  SEARCH_KEYWORD_MAX,
  SEARCH_RESULT_LIMIT,
  toChoseong,
} from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let companies: Array<{ id: number; name: string; code: string; labels: string[]; views: number; price: number; priceAt: Date }>;

const search = (keyword: string, query = '') =>
  getResult<CompanySearchResult[]>(t.app, `/api/v2/stock/search/${encodeURIComponent(keyword)}${query}`);
const names = (results: CompanySearchResult[]) => results.map((r) => r.companyName);
const viewsOf = (id: number) => companies.find((c) => c.id === id)!.views;

beforeAll(async () => {
  t = await createTestApp();
  // One company per match kind for "가나"; views run opposite to the kind order, so only the kind can explain the ranking.
  await insertCompany(t.db, { name: '가나', viewCount: 0 });
  await insertCompany(t.db, { name: '가나다', viewCount: 10 });
  await insertCompany(t.db, { name: '다가나', viewCount: 100 });
  await insertCompany(t.db, { name: '가난', viewCount: 1_000 });
  await insertCompany(t.db, { name: '다가난', viewCount: 10_000 });
  // ㅂㅅ in the middle of the name, more viewed than any seeded company.
  await insertCompany(t.db, { name: '한빛소재', viewCount: 99_999 });
  await insertCompany(t.db, { name: 'Beesang Labs', code: 'BSL001', labels: ['UNISSUED'] });
  t.app.services.stocks.searchIndex.invalidate();
  const rows = await t.db
    .selectFrom('companies')
    .select(['id', 'name', 'code', 'labels', 'view_count', 'current_price', 'price_updated_at'])
    .execute();
  companies = rows.map((r) => ({
    ...r,
    views: Number(r.view_count),
    price: Number(r.current_price),
    priceAt: new Date(r.price_updated_at),
  }));
});
afterAll(() => t?.close());

describe('GET /api/v2/stock/search/{keyword}', () => {
  it('finds names by substring and returns the search result shape', async () => {
    const results = await search('테크');
    const expected = companies.filter((c) => c.name.includes('테크'));
    expect(expected.length).toBeGreaterThan(0);
    expect(names(results)).toEqual(expect.arrayContaining(expected.map((c) => c.name)));
    for (const r of results) {
      const row = companies.find((c) => c.id === r.companyIdx)!;
      expect(r).toEqual({
        companyIdx: row.id,
        companyName: row.name,
        companyLogoUrl: `/media/logos/${row.code}.svg`,
        beesangCode: row.code,
        companyStockCurrentPrice: row.price,
        isFavorite: false,
        priceSource: 'DEMO',
        priceAt: row.priceAt.toISOString(),
        priceTradeCount: 0,
      });
    }
  });

  it('finds codes by prefix, and an exact code first', async () => {
    const target = companies.find((c) => c.id === 1)!;
    const prefix = target.code.slice(0, 5);
    const results = await search(prefix);
    const expected = companies.filter((c) => c.code.startsWith(prefix)).map((c) => c.id);
    expect(results.map((r) => r.companyIdx).sort()).toEqual(expected.sort());

    const exact = await search(target.code);
    expect(exact[0]?.companyIdx).toBe(1);
    // A code matches by prefix only, never in the middle.
    expect(await search(target.code.slice(2))).not.toContainEqual(expect.objectContaining({ companyIdx: 1 }));
  });

  it('matches Korean initials, with 비상테크 first for ㅂㅅ and mid-name matches after those from the start', async () => {
    const results = await search('ㅂㅅ');
    expect(results[0]?.companyName).toBe('비상테크');
    const expected = companies.filter((c) => toChoseong(normalizeSearchText(c.name)).includes('ㅂㅅ')).map((c) => c.name);
    expect(names(results).sort()).toEqual(expected.sort());
    const fromStart = names(results).filter((n) => toChoseong(n).startsWith('ㅂㅅ'));
    expect(fromStart.length).toBeGreaterThan(1);
    // 한빛소재 has the most views but matches in the middle: it comes after every match from the start.
    expect(names(results).slice(0, fromStart.length)).toEqual(fromStart);
    expect(names(results).indexOf('한빛소재')).toBe(fromStart.length);
    // Within one kind, the more viewed first.
    const views = results.slice(0, fromStart.length).map((r) => viewsOf(r.companyIdx));
    expect(views).toEqual([...views].sort((a, b) => b - a));
  });

  it('matches mixed syllables and initials (비ㅅ) and a syllable still in composition (빗)', async () => {
    const bisang = companies.filter((c) => c.name.startsWith('비상')).map((c) => c.name);
    expect(bisang.length).toBeGreaterThan(1);
    for (const keyword of ['비ㅅ', '빗', '비사']) {
      const results = await search(keyword);
      expect(names(results), keyword).toEqual(expect.arrayContaining(bisang));
      expect(results[0]?.companyName, keyword).toBe('비상테크');
    }
    expect(names(await search('비ㅎ'))).not.toContain('비상테크');
  });

  it('ignores case and spaces', async () => {
    for (const keyword of ['beesang labs', 'BEESANGLABS', ' bEe SaNg ', 'Labs', 'bsl0']) {
      expect(names(await search(keyword)), keyword).toContain('Beesang Labs');
    }
    expect(names(await search('비상 테크'))[0]).toBe('비상테크');
  });

  it('ranks exact > prefix > substring > initials, whatever the views', async () => {
    const results = await search('가나');
    expect(names(results).slice(0, 5)).toEqual(['가나', '가나다', '다가나', '가난', '다가난']);
  });

  it(`returns at most ${SEARCH_RESULT_LIMIT} results, the most viewed first`, async () => {
    const all = companies.filter((c) => c.code.startsWith('9'));
    expect(all.length).toBeGreaterThan(SEARCH_RESULT_LIMIT);
    const results = await search('9');
    expect(results).toHaveLength(SEARCH_RESULT_LIMIT);
    const top = [...all].sort((a, b) => b.views - a.views || a.id - b.id).slice(0, SEARCH_RESULT_LIMIT);
    expect(results.map((r) => r.companyIdx)).toEqual(top.map((c) => c.id));
  });

  it('returns only UNISSUED companies with isUnissuedStock=true', async () => {
    const unissued = companies.filter((c) => c.labels.includes('UNISSUED') && c.code.startsWith('9'));
    expect(unissued.length).toBeGreaterThan(0);
    const results = await search('9', '?isUnissuedStock=true');
    expect(results.map((r) => r.companyIdx).sort()).toEqual(unissued.map((c) => c.id).sort());
    expect(await search('9', '?isUnissuedStock=1')).toEqual(results);
    expect(await search('9', '?isUnissuedStock=false')).toEqual(await search('9'));
    expect(names(await search('beesang', '?isUnissuedStock=true'))).toEqual(['Beesang Labs']);
    expect(names(await search('비상테크', '?isUnissuedStock=true'))).not.toContain('비상테크');
  });

  it('returns an empty list when nothing matches', async () => {
    expect(await search('ㅋㅋㅋㅋㅋ')).toEqual([]);
    expect(await search("'; drop table companies; --")).toEqual([]);
  });

  it(`accepts ${SEARCH_KEYWORD_MAX} characters and rejects longer or blank keywords in Korean`, async () => {
    expect(await search('가'.repeat(SEARCH_KEYWORD_MAX))).toEqual([]);
    for (const keyword of ['a'.repeat(SEARCH_KEYWORD_MAX + 1), '가'.repeat(SEARCH_KEYWORD_MAX + 1), '   ']) {
      await expectError(t.app, `/api/v2/stock/search/${encodeURIComponent(keyword)}`, 400, messages.invalidKeyword);
    }
    // Long keywords still reach the route (router parameter limit raised) and get the same message.
    await expectError(t.app, `/api/v2/stock/search/${'a'.repeat(500)}`, 400, messages.invalidKeyword);
  });

  it('rejects a malformed isUnissuedStock and a malformed URL escape', async () => {
    await expectError(t.app, '/api/v2/stock/search/abc?isUnissuedStock=yes', 400, messages.invalidBoolean);
    const body = await expectError(t.app, '/api/v2/stock/search/%E0%A4%A', 400, messages.invalidInput);
    expect(JSON.stringify(body)).not.toContain('%E0');
  });
});

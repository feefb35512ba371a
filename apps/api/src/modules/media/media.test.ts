import { messages, type StockProfile } from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let companies: Array<{ id: number; code: string; name: string }>;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

beforeAll(async () => {
  t = await createTestApp();
  companies = await t.db.selectFrom('companies').select(['id', 'code', 'name']).orderBy('id').execute();
});
afterAll(() => t?.close());

describe('GET /media/logos/{code}.svg', () => {
  it("draws every company's logo with the first letter of its name", async () => {
    for (const c of companies) {
      const res = await t.app.inject(`/media/logos/${c.code}.svg`);
      expect(res.statusCode, c.code).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['content-security-policy']).toContain("default-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(res.body).toContain(`>${Array.from(c.name)[0]}</text>`);
    }
  });

  it('is the logo URL the API hands out', async () => {
    const profile = await getResult<StockProfile>(t.app, '/api/v2/stock/profile/1');
    const res = await t.app.inject(profile.companyLogoUrl);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg');
  });

  it('answers 404 for an unknown code and 4xx for anything that is not a code', async () => {
    // A prefix of a real code is not that company's logo.
    await expectError(t.app, `/media/logos/${companies[0]!.code.slice(0, 4)}.svg`, 404, messages.companyNotFound);
    await expectError(t.app, '/media/logos/ZZZZZZ.svg', 404, messages.companyNotFound);
    for (const bad of ['900004.png', '900004', '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E.svg', `${'9'.repeat(13)}.svg`]) {
      const res = await t.app.inject(`/media/logos/${bad}`);
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
    await expectError(t.app, '/media/logos/900004.png', 400);
  });
});

describe('GET /media/og/stock/{id}.png', () => {
  it('renders a PNG share image', async () => {
    const res = await t.app.inject('/media/og/stock/1.png');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 8)]).toEqual(PNG_MAGIC);
    // IHDR: 1200 × 630, the Open Graph size.
    expect(bytes.readUInt32BE(16)).toBe(1200);
    expect(bytes.readUInt32BE(20)).toBe(630);
  });

  it('answers 404 for an unknown company and 400 for a malformed id', async () => {
    await expectError(t.app, '/media/og/stock/987654.png', 404, messages.companyNotFound);
    await expectError(t.app, '/media/og/stock/0.png', 400, messages.invalidId);
    for (const bad of ['1', '1.jpg', 'abc.png', '-1.png', '1234567890.png']) await expectError(t.app, `/media/og/stock/${bad}`, 400);
  });
});

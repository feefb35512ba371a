import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { prepareDatabase } from '../prepare.ts';
import { businessDays, generateCompanies } from './demo-companies.ts';
import { generateHistory } from './demo-history.ts';
import { isNewDataDir } from './first-start.ts';
import { createRandom } from './random.ts';
import { backfillDemoBars, isDemoDataLoaded, seedDemoData } from './seed.ts';

const options = { companies: 12, years: 2, today: new Date('2026-11-20T05:00:00.000Z') };
const handles: DatabaseHandle[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const h of handles) await h.close();
  for (const f of folders) rmSync(f, { recursive: true, force: true });
});

async function fresh(): Promise<DatabaseHandle> {
  const h = await openDatabase({});
  handles.push(h);
  await migrateToLatest(h.db);
  return h;
}

/** Every bar of the demo companies, by code, as one digest (ids may differ between databases). */
async function barsDigest(h: DatabaseHandle) {
  const { rows } = await sql<{ code: string; day: string; open: string; high: string; low: string; close: string; volume: string }>`
    select c.code, b.day, b.open, b.high, b.low, b.close, b.volume
    from price_bars b join companies c on c.id = b.company_id order by c.code, b.day`.execute(h.db);
  return { count: rows.length, digest: createHash('sha256').update(JSON.stringify(rows)).digest('hex') };
}

const owed = async (h: DatabaseHandle) =>
  (await h.db.selectFrom('app_meta').select('key').where('key', '=', 'demo_bars_pending').executeTakeFirst()) !== undefined;

describe('demo data', () => {
  it("every company's ratios agree with the statements beside them (issue 14 §3)", async () => {
    // From the balance sheet the ratios are drawn from: ROE = net income / equity and so on.
    const random = createRandom(7);
    const companies = generateCompanies(random, 40, options.today);
    const history = generateHistory(random, companies, businessDays(options.today, 1), options.today);
    expect(history.financials.length).toBe(160);
    for (const f of history.financials) {
      expect(f.equity).toBeGreaterThan(0);
      expect(f.roe).toBeCloseTo((f.net_income / f.equity) * 100, 2);
      expect(f.debt_ratio).toBeCloseTo((f.liabilities / f.equity) * 100, 2);
      expect(f.operating_margin).toBeCloseTo((f.operating_profit / f.revenue) * 100, 2);
    }
    expect(history.financials.some((f) => f.net_income < 0)).toBe(true);

    // And in the database, where only the ratios are stored: a net loss never shows a positive ROE.
    const h = await fresh();
    await seedDemoData(h.db, options);
    const rows = await h.db.selectFrom('company_financials').selectAll().execute();
    expect(rows.length).toBe(options.companies * 4);
    for (const r of rows) {
      const [revenue, op, net, roe] = [Number(r.revenue), Number(r.operating_profit), Number(r.net_income), Number(r.roe)];
      expect(Number(r.operating_margin)).toBeCloseTo((op / revenue) * 100, 2);
      expect(Math.sign(roe)).toBe(Math.sign(net));
      expect(Number(r.debt_ratio)).toBeGreaterThanOrEqual(0);
    }
  });

  it('writes the latest three months at once when deferred, and the background fill completes the same bars', async () => {
    const whole = await fresh();
    const all = await seedDemoData(whole.db, options);
    expect(all.deferredBars).toBe(0);
    const expected = await barsDigest(whole);
    expect(expected.count).toBe(all.bars);

    for (const copy of [true, false]) {
      const h = await fresh();
      const first = await seedDemoData(h.db, { ...options, deferOlderBars: true });
      expect(first.bars).toBe(all.bars);
      expect(first.deferredBars).toBeGreaterThan(0);
      const { count } = await barsDigest(h);
      expect(count).toBe(first.bars - first.deferredBars);
      // What a visitor sees first is complete: three months of every company, up to today.
      const { rows } = await sql<{ first: string; last: string; n: number }>`
        select min(day)::text as first, max(day)::text as last, count(distinct company_id)::int as n from price_bars`.execute(h.db);
      expect(rows[0]).toEqual({ first: expect.stringMatching(/^2026-08-2/), last: '2026-11-20', n: options.companies });
      expect(await owed(h)).toBe(true);
      expect(await isDemoDataLoaded(h.db)).toBe(true);

      const written = await backfillDemoBars(h.db, { copy: copy ? h.copyCsv : undefined, chunk: 700 });
      expect(written).toBe(first.deferredBars);
      expect(await barsDigest(h)).toEqual(expected);
      expect(await owed(h)).toBe(false);
      expect(await backfillDemoBars(h.db, {})).toBe(0);
    }
  });

  it("the demo's PB and CTA members are approved experts, so their badges show (decision 0016)", async () => {
    const h = await fresh();
    await seedDemoData(h.db, { ...options, years: 1 });
    const experts = await h.db
      .selectFrom('users')
      .select(['expert_type', 'expert_status', 'public_expert_type', 'public_expert_name', 'expert_name'])
      .where('expert_type', '<>', 0)
      .execute();
    expect(new Set(experts.map((x) => x.expert_type))).toEqual(new Set([1, 2]));
    for (const x of experts)
      expect(x).toMatchObject({ expert_status: 'APPROVED', public_expert_type: x.expert_type, public_expert_name: x.expert_name });
  });

  it('starts over after an interrupted fill, and a new seed forgets what an old one owed', async () => {
    const whole = await fresh();
    await seedDemoData(whole.db, options);
    const expected = await barsDigest(whole);

    const h = await fresh();
    await seedDemoData(h.db, { ...options, deferOlderBars: true });
    const stop = new AbortController();
    let chunks = 0;
    const copy = async (table: string, columns: string[], csv: string) => {
      await h.copyCsv?.(table, columns, csv);
      if (++chunks === 2) stop.abort();
    };
    const partial = await backfillDemoBars(h.db, { copy, signal: stop.signal, chunk: 500 });
    expect(partial).toBe(1000);
    expect(await owed(h)).toBe(true);
    await backfillDemoBars(h.db, { copy: h.copyCsv });
    expect(await barsDigest(h)).toEqual(expected);

    await seedDemoData(h.db, { ...options, deferOlderBars: true });
    expect(await owed(h)).toBe(true);
    await seedDemoData(h.db, options);
    expect(await owed(h)).toBe(false);
    expect(await barsDigest(h)).toEqual(expected);
  });

  it('a first start on an empty data folder answers with demo data, then fills the rest', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'beesang-first-')), 'data');
    folders.push(join(dir, '..'));
    expect(isNewDataDir(dir)).toBe(true);
    const log: string[] = [];
    const h = await prepareDatabase({ dataDir: dir, seedDemoData: true, log: (m) => log.push(m) });
    handles.push(h);
    expect(isNewDataDir(dir)).toBe(false);
    expect(await isDemoDataLoaded(h.db)).toBe(true);
    expect(await owed(h)).toBe(true);
    await h.finishSeeding((m) => log.push(m));
    expect(await owed(h)).toBe(false);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from price_bars`.execute(h.db);
    expect(rows[0]?.n).toBeGreaterThan(300 * 1200);
    expect(log.join('\n')).toContain('older demo bars written');
  }, 120_000);
});

import { seoulDay } from '@beesang/contract';
import type { Db } from '../database.ts';
import { barChunks, type CopyCsv, copyBarChunk, insertBarChunk } from './bulk-bars.ts';
import { businessDays, type DemoCompany, generateCompanies } from './demo-companies.ts';
import { type DemoHistory, generateHistory } from './demo-history.ts';
import { DEMO_MEMBER_DOMAIN } from './demo-market.ts';
import { insertDemoContentAndMarket } from './demo-market-writes.ts';
import { createRandom } from './random.ts';

export interface SeedOptions {
  companies?: number;
  years?: number;
  today?: Date;
  seed?: number;
  /**
   * Write only the last three months of bars now (every page and the 1M/3M charts are complete)
   * and leave the older ones to `backfillDemoBars`, which the server runs once it answers
   * (decision 0013). Without it every bar is written before this returns.
   */
  deferOlderBars?: boolean;
}

const DEFAULT_SEED = 20261121;
/** What a deferred seed still owes: the options to draw the same data again. */
const PENDING_KEY = 'demo_bars_pending';
/** Calendar days of bars written at once by a deferred seed: the 3-month chart's range. */
const RECENT_DAYS = 92;
const BAR_CHUNK = 20_000;

export async function isDemoDataLoaded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'demo_data').executeTakeFirst();
  return row?.value === 'true';
}

export async function hasCompanies(db: Db): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A drawn company's row, its price, views and logo from the drawn history (the benchmark's extra companies too). */
export function companyRow(c: DemoCompany, price: DemoHistory['prices'][number]) {
  return {
    code: c.code,
    name: c.name,
    logo_url: `/media/logos/${c.code}.svg`,
    sector: c.sector,
    labels: c.labels,
    shares_outstanding: c.sharesOutstanding,
    ceo_name: c.ceoName,
    founded_on: c.foundedOn,
    address: c.address,
    homepage_url: c.homepageUrl,
    business_summary: c.businessSummary,
    listed_at: c.listedAt,
    current_price: price.current,
    previous_close: price.previous,
    price_updated_at: price.updatedAt,
    view_count: price.views,
  };
}

/** The demo data for these options, drawn in one deterministic order. */
function draw(options: SeedOptions) {
  const seed = options.seed ?? DEFAULT_SEED;
  const today = options.today ?? new Date();
  const random = createRandom(seed);
  const companies = generateCompanies(random, options.companies ?? 300, today);
  const days = businessDays(today, options.years ?? 5);
  const history = generateHistory(random, companies, days, today);
  const cutoff = seoulDay(new Date(today.getTime() - RECENT_DAYS * 86_400_000));
  const recentFrom = Math.max(
    0,
    days.findIndex((d) => d >= cutoff),
  );
  return { seed, today, random, companies, history, recentFrom };
}

/**
 * Deterministic demo data: companies across every label and sector, daily bars, yearly
 * financials, views and content. Replaces earlier demo rows; real (imported) rows stay.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<{ companies: number; bars: number; deferredBars: number }> {
  const { seed, today, random, companies, history, recentFrom } = draw(options);
  const firstBar = options.deferOlderBars ? recentFrom : 0;
  const barsPerCompany = history.days.length;

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contents').where('is_demo', '=', true).execute();
    const demoCompanies = trx.selectFrom('companies').select('id').where('is_demo', '=', true);
    await trx.deleteFrom('trades').where('company_id', 'in', demoCompanies).execute();
    await trx.deleteFrom('opinions').where('company_id', 'in', demoCompanies).execute();
    await trx.deleteFrom('users').where('login_id', 'like', `%@${DEMO_MEMBER_DOMAIN}`).execute();
    await trx.deleteFrom('companies').where('is_demo', '=', true).execute();
    await trx.deleteFrom('app_meta').where('key', '=', PENDING_KEY).execute();

    // Prices, views and the logo come from the drawn history: one insert, no update per company.
    const inserted = await trx
      .insertInto('companies')
      .values(
        companies.map((c, i) => ({
          ...companyRow(c, history.prices[i] as DemoHistory['prices'][number]),
          is_demo: true,
          price_source: 'DEMO' as const,
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
    const companyIds = companies.map((c) => idByCode.get(c.code) as number);

    for (const chunk of barChunks(history, companyIds, firstBar, barsPerCompany, BAR_CHUNK)) await insertBarChunk(trx, history, chunk);
    if (history.views.length > 0)
      await trx
        .insertInto('company_daily_views')
        .values(history.views.map((v) => ({ company_id: companyIds[v.companyIndex] as number, day: v.day, views: v.views })))
        .execute();
    if (history.financials.length > 0)
      await trx
        .insertInto('company_financials')
        .values(
          history.financials.map(({ companyIndex, equity: _e, liabilities: _l, ...f }) => ({
            company_id: companyIds[companyIndex] as number,
            ...f,
          })) as never,
        )
        .execute();

    await insertDemoContentAndMarket(trx, {
      random,
      seed,
      companies,
      companyIds,
      prices: history.prices.map((p) => p.current),
      today,
    });

    await trx
      .insertInto('app_meta')
      .values({ key: 'demo_data', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
    if (firstBar > 0) {
      const plan = { seed, today: today.toISOString(), years: options.years ?? 5, companies: companies.length };
      await trx
        .insertInto('app_meta')
        .values({ key: PENDING_KEY, value: JSON.stringify(plan) })
        .execute();
    }
  });
  return { companies: companies.length, bars: companies.length * barsPerCompany, deferredBars: companies.length * firstBar };
}

/**
 * Writes the bars a deferred seed left (the same draw again), in chunks with the event loop free
 * in between, while the site already answers. Safe to run again after an interruption: it starts
 * over. Returns the number of bars written (0 when nothing was owed or `signal` stopped it).
 */
export async function backfillDemoBars(
  db: Db,
  options: { copy?: CopyCsv | undefined; signal?: AbortSignal; chunk?: number } = {},
): Promise<number> {
  const owed = await db.selectFrom('app_meta').select('value').where('key', '=', PENDING_KEY).executeTakeFirst();
  if (!owed) return 0;
  const plan = JSON.parse(owed.value) as { seed: number; today: string; years: number; companies: number };
  const { companies, history, recentFrom } = draw({ ...plan, today: new Date(plan.today) });
  const rows = await db.selectFrom('companies').select(['id', 'code']).where('is_demo', '=', true).execute();
  const idByCode = new Map(rows.map((r) => [r.code, r.id]));
  const companyIds = companies.map((c) => idByCode.get(c.code));
  const done = () => db.deleteFrom('app_meta').where('key', '=', PENDING_KEY).where('value', '=', owed.value).execute();
  // The demo data was replaced or removed since (a re-seed, an operator): nothing is owed any more.
  if (companyIds.some((id) => id === undefined) || recentFrom === 0) {
    await done();
    return 0;
  }
  const ids = companyIds as number[];
  await db
    .deleteFrom('price_bars')
    .where('company_id', 'in', ids)
    .where('day', '<', history.days[recentFrom] as string)
    .execute();
  let written = 0;
  for (const chunk of barChunks(history, ids, 0, recentFrom, options.chunk ?? 5000)) {
    if (options.signal?.aborted) return written;
    if (options.copy) await copyBarChunk(options.copy, history, chunk);
    else await insertBarChunk(db, history, chunk);
    written += chunk.at.length;
    await new Promise((resolve) => setImmediate(resolve));
  }
  await done();
  return written;
}

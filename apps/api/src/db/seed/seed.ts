import { seoulDay } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../database.ts';
import { businessDays, generateCompanies, roundToTick } from './demo-companies.ts';
import { generateContents } from './demo-contents.ts';
import { DEMO_MEMBER_DOMAIN, DEMO_MEMBER_LEVEL, generateMarket } from './demo-market.ts';
import { createRandom } from './random.ts';

export interface SeedOptions {
  companies?: number;
  years?: number;
  today?: Date;
  seed?: number;
}

const CHUNK = 2000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

export async function isDemoDataLoaded(db: Db): Promise<boolean> {
  const row = await db.selectFrom('app_meta').select('value').where('key', '=', 'demo_data').executeTakeFirst();
  return row?.value === 'true';
}

export async function hasCompanies(db: Db): Promise<boolean> {
  const row = await db.selectFrom('companies').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Deterministic demo data: companies across every label and sector, daily bars, yearly
 * financials, views and content. Replaces earlier demo rows; real (imported) rows stay.
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<{ companies: number; bars: number }> {
  const count = options.companies ?? 300;
  const years = options.years ?? 5;
  const today = options.today ?? new Date();
  const random = createRandom(options.seed ?? 20261121);
  const companies = generateCompanies(random, count, today);
  const days = businessDays(today, years);
  const todayDay = seoulDay(today);
  let bars = 0;

  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('contents').where('is_demo', '=', true).execute();
    const demoCompanies = trx.selectFrom('companies').select('id').where('is_demo', '=', true);
    await trx.deleteFrom('trades').where('company_id', 'in', demoCompanies).execute();
    await trx.deleteFrom('opinions').where('company_id', 'in', demoCompanies).execute();
    await trx.deleteFrom('users').where('login_id', 'like', `%@${DEMO_MEMBER_DOMAIN}`).execute();
    await trx.deleteFrom('companies').where('is_demo', '=', true).execute();

    const inserted = await trx
      .insertInto('companies')
      .values(
        companies.map((c) => ({
          code: c.code,
          name: c.name,
          logo_url: '',
          sector: c.sector,
          labels: c.labels,
          shares_outstanding: c.sharesOutstanding,
          ceo_name: c.ceoName,
          founded_on: c.foundedOn,
          address: c.address,
          homepage_url: c.homepageUrl,
          business_summary: c.businessSummary,
          listed_at: c.listedAt,
          current_price: 0,
          previous_close: 0,
          is_demo: true,
          price_source: 'DEMO',
        })),
      )
      .returning(['id', 'code'])
      .execute();
    const idByCode = new Map(inserted.map((r) => [r.code, r.id]));
    await trx
      .updateTable('companies')
      .set({ logo_url: sql<string>`'/media/logos/' || code || '.svg'` })
      .where('is_demo', '=', true)
      .execute();

    const barRows: Array<{ company_id: number; day: string; open: number; high: number; low: number; close: number; volume: number }> = [];
    const viewRows: Array<{ company_id: number; day: string; views: number }> = [];
    const finRows: Array<Record<string, number | string>> = [];
    const priceUpdates: Array<{ id: number; current: number; previous: number; updatedAt: Date; views: number }> = [];

    for (const c of companies) {
      const id = idByCode.get(c.code) as number;
      let price = c.basePrice;
      let previous = price;
      let lastTradeDay = days[0] as string;
      for (const day of days) {
        const trades = random.chance(c.liquidity);
        const open = price;
        if (trades) {
          previous = price;
          price = roundToTick(price * Math.exp(c.volatility * random.normal() + 0.0002));
          lastTradeDay = day;
        } else {
          previous = price;
        }
        const high = trades ? roundToTick(Math.max(open, price) * (1 + random.next() * c.volatility * 0.5)) : price;
        const low = trades ? roundToTick(Math.min(open, price) * (1 - random.next() * c.volatility * 0.5)) : price;
        const volume = trades ? random.int(1, 400) * 10 : 0;
        barRows.push({
          company_id: id,
          day,
          open,
          high: Math.max(high, open, price),
          low: Math.min(low, open, price),
          close: price,
          volume,
        });
      }
      let totalViews = 0;
      for (let d = 0; d < 7; d++) {
        const views = random.int(0, 120);
        totalViews += views;
        viewRows.push({ company_id: id, day: seoulDay(new Date(today.getTime() - d * 86_400_000)), views });
      }
      // A trade today is stamped at a time today before now; older ones at the end of that day.
      const updatedAt =
        lastTradeDay === todayDay ? new Date(today.getTime() - random.int(1, 8 * 60) * 60_000) : new Date(`${lastTradeDay}T06:30:00Z`);
      priceUpdates.push({ id, current: price, previous, updatedAt, views: totalViews + random.int(0, 5000) });

      let revenue = random.int(5, 3000) * 100_000_000;
      const lastYear = Number(todayDay.slice(0, 4)) - 1;
      for (let year = lastYear - 3; year <= lastYear; year++) {
        revenue = Math.round(revenue * (0.85 + random.next() * 0.6));
        const margin = Math.round((random.next() * 0.5 - 0.2) * 10_000) / 100;
        const operatingProfit = Math.round((revenue * margin) / 100);
        const netIncome = Math.round(operatingProfit * (0.6 + random.next() * 0.3));
        finRows.push({
          company_id: id,
          year,
          revenue,
          operating_profit: operatingProfit,
          net_income: netIncome,
          operating_margin: margin,
          debt_ratio: Math.round(random.next() * 30_000) / 100,
          roe: Math.round((random.next() * 0.6 - 0.2) * 10_000) / 100,
        });
      }
    }
    bars = barRows.length;
    await insertChunks(barRows, (chunk) => trx.insertInto('price_bars').values(chunk).execute());
    await insertChunks(viewRows, (chunk) => trx.insertInto('company_daily_views').values(chunk).execute());
    await insertChunks(finRows, (chunk) =>
      trx
        .insertInto('company_financials')
        .values(chunk as never)
        .execute(),
    );
    for (const p of priceUpdates) {
      await trx
        .updateTable('companies')
        .set({ current_price: p.current, previous_close: p.previous, price_updated_at: p.updatedAt, view_count: p.views })
        .where('id', '=', p.id)
        .execute();
    }

    const contents = generateContents(
      random,
      companies.map((c) => c.name),
      today,
    );
    await trx
      .insertInto('contents')
      .values(
        contents.map((c) => ({
          kind: c.kind,
          title: c.title,
          summary: c.summary,
          body: c.body,
          source: c.source,
          thumbnail_url: '',
          pinned: c.pinned,
          published_at: c.publishedAt,
          event_starts_at: c.eventStartsAt,
          event_ends_at: c.eventEndsAt,
          is_demo: true,
        })),
      )
      .execute();

    // Members, listings and opinions, from their own random stream so the rest stays as it was.
    const market = generateMarket(
      createRandom((options.seed ?? 20261121) + 1),
      priceUpdates.map((p) => p.current),
      today,
    );
    const memberIds = (
      await trx
        .insertInto('users')
        .values(
          market.members.map((m, i) => ({
            nickname: m.nickname,
            login_id: `member${i + 1}@${DEMO_MEMBER_DOMAIN}`,
            user_level: DEMO_MEMBER_LEVEL,
            expert_type: m.expert,
            expert_name: m.expertName ?? null,
            office_name: m.office ?? null,
            office_dept: m.dept ?? null,
            social_subject: null,
            password_hash: null,
            phone_hash: null,
            email: null,
            real_name: null,
            introduction: null,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
    const companyIdAt = (i: number) => priceUpdates[i]?.id as number;
    await insertChunks(market.trades, (chunk) =>
      trx
        .insertInto('trades')
        .values(
          chunk.map((t) => ({
            company_id: companyIdAt(t.companyIndex),
            user_id: memberIds[t.memberIndex] as number,
            trade_type: t.tradeType,
            stock_count: t.count,
            stock_per_price: t.price,
            count_negotiable: t.countNegotiable,
            price_negotiable: t.priceNegotiable,
            created_at: t.createdAt,
            updated_at: t.createdAt,
            expires_at: t.expiresAt,
          })),
        )
        .execute(),
    );
    await insertChunks(market.opinions, (chunk) =>
      trx
        .insertInto('opinions')
        .values(
          chunk.map((o) => ({
            company_id: companyIdAt(o.companyIndex),
            user_id: memberIds[o.memberIndex] as number,
            body: o.body,
            created_at: o.createdAt,
          })),
        )
        .execute(),
    );

    await trx
      .insertInto('app_meta')
      .values({ key: 'demo_data', value: 'true' })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: 'true' }))
      .execute();
  });
  return { companies: companies.length, bars };
}

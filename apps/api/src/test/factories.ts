import type { MarketLabel, Sector } from '@beesang/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Test data factories: plausible Korean rows with overrides, inserted straight into the database. */

export interface CompanyOverrides {
  name?: string;
  code?: string;
  sector?: Sector;
  labels?: MarketLabel[];
  sharesOutstanding?: number;
  currentPrice?: number;
  previousClose?: number;
  viewCount?: number;
  listedAt?: Date;
  priceUpdatedAt?: Date;
}

let sequence = 0;

export async function insertCompany(db: Db, overrides: CompanyOverrides = {}): Promise<number> {
  sequence += 1;
  const code = overrides.code ?? `T${String(sequence).padStart(5, '0')}`;
  const row = await db
    .insertInto('companies')
    .values({
      code,
      name: overrides.name ?? `테스트기업${sequence}`,
      logo_url: `/media/logos/${code}.svg`,
      sector: overrides.sector ?? 'SOFTWARE',
      labels: overrides.labels ?? ['KOTC'],
      shares_outstanding: overrides.sharesOutstanding ?? 1_000_000,
      ceo_name: '홍길동',
      address: '서울특별시 중구 세종대로 110',
      homepage_url: '',
      business_summary: '테스트용 기업입니다.',
      current_price: overrides.currentPrice ?? 10_000,
      previous_close: overrides.previousClose ?? 10_000,
      view_count: overrides.viewCount ?? 0,
      ...(overrides.listedAt ? { listed_at: overrides.listedAt } : {}),
      ...(overrides.priceUpdatedAt ? { price_updated_at: overrides.priceUpdatedAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A member and an open (status 11) sell listing for `companyId`: what the HIGH_VOLUME ranking counts first. */
export async function insertOpenListing(db: Db, companyId: number, now: Date): Promise<void> {
  sequence += 1;
  // The users table belongs to the accounts module, which has no Kysely types yet.
  const user = await sql<{ id: number }>`insert into users (nickname) values (${`매도자${sequence}`}) returning id`.execute(db);
  await db
    .insertInto('trades')
    .values({
      company_id: companyId,
      user_id: user.rows[0]!.id,
      trade_type: 2,
      stock_count: 100,
      stock_per_price: 10_000,
      count_negotiable: false,
      price_negotiable: false,
      expires_at: new Date(now.getTime() + 30 * 86_400_000),
    })
    .execute();
}

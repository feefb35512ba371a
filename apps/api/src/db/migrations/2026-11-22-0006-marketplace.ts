import { type Kysely, sql } from 'kysely';

/**
 * Marketplace: idempotency keys remember what the first request said (a reused key with another
 * body is refused), the expiry job finds open listings by end date, favourites keep their order.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table idempotency_keys add column request_hash varchar(64) not null default ''`.execute(db);
  await sql`create index trades_open_expiry_idx on trades (expires_at) where status = 11`.execute(db);
  await sql`create index trades_company_side_idx on trades (company_id, trade_type, status, stock_per_price)`.execute(db);
  await sql`create index favorites_user_order_idx on favorites (user_id, sort_order)`.execute(db);
  await sql`create index reports_target_idx on reports (target_type, target_id)`.execute(db);
  await sql`create index opinions_company_live_idx on opinions (company_id, id desc) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists opinions_company_live_idx`.execute(db);
  await sql`drop index if exists reports_target_idx`.execute(db);
  await sql`drop index if exists favorites_user_order_idx`.execute(db);
  await sql`drop index if exists trades_company_side_idx`.execute(db);
  await sql`drop index if exists trades_open_expiry_idx`.execute(db);
  await sql`alter table idempotency_keys drop column if exists request_hash`.execute(db);
}

import type { Transaction } from 'kysely';
import type { Database } from '../schema.ts';
import { generateContents } from './demo-contents.ts';
import { DEMO_MEMBER_DOMAIN, DEMO_MEMBER_LEVEL, generateMarket } from './demo-market.ts';
import { createRandom, type Random } from './random.ts';

const CHUNK = 2000;

async function insertChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/** Demo news, notices and events; demo members with their listings and opinions. */
export async function insertDemoContentAndMarket(
  trx: Transaction<Database>,
  input: { random: Random; seed: number; companies: Array<{ name: string }>; companyIds: number[]; prices: number[]; today: Date },
): Promise<void> {
  const { random, seed, companies, companyIds, prices, today } = input;
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
  const market = generateMarket(createRandom(seed + 1), prices, today);
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
          // The demo's experts are shown approved (decision 0016), so that their badges show.
          expert_status: m.expert ? 'APPROVED' : null,
          expert_decided_at: m.expert ? today : null,
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
  const companyIdAt = (i: number) => companyIds[i] as number;
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
}

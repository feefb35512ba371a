import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';

/** The only writer of campaigns and campaign_holds (issue 23 §3). */
export function createCampaignsRepository() {
  return {
    async insert(tx: Db, c: { title: string; body: string; url: string; by: number; at: Date }): Promise<number> {
      const row = await tx
        .insertInto('campaigns')
        .values({ title: c.title, body: c.body, url: c.url, created_by: c.by, created_at: c.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async get(exec: Db, id: number) {
      return exec.selectFrom('campaigns').select(['id', 'title', 'body', 'url']).where('id', '=', id).executeTakeFirst();
    },

    /** Keeps the members a campaign may not reach at night until `releaseAt` (never dropped). */
    async hold(tx: Db, campaignId: number, userIds: number[], releaseAt: Date): Promise<void> {
      if (userIds.length === 0) return;
      await sql`
        insert into campaign_holds (campaign_id, user_id, release_at)
        select ${campaignId}, u, ${releaseAt} from unnest(${sql.val(userIds)}::int[]) as u
        on conflict do nothing`.execute(tx);
    },

    /** Holds due by `now`, taken (deleted) in the caller's transaction, by campaign. */
    async takeDue(tx: Db, now: Date, limit: number): Promise<Map<number, number[]>> {
      const { rows } = await sql<{ campaign_id: string; user_id: number }>`
        delete from campaign_holds where (campaign_id, user_id) in (
          select campaign_id, user_id from campaign_holds where release_at <= ${now} order by release_at limit ${limit} for update skip locked
        ) returning campaign_id, user_id`.execute(tx);
      const due = new Map<number, number[]>();
      for (const r of rows) due.set(Number(r.campaign_id), [...(due.get(Number(r.campaign_id)) ?? []), r.user_id]);
      return due;
    },
  };
}
export type CampaignsRepository = ReturnType<typeof createCampaignsRepository>;

import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface OpinionRow {
  id: number | string;
  company_id: number;
  user_id: number;
  body: string;
  created_at: Date;
  writer_nickname: string;
  writer_image: string;
  writer_expert_type: number;
  writer_expert_name: string | null;
}

export function createOpinionRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('opinions as o')
      .innerJoin('users as u', 'u.id', 'o.user_id')
      .where('o.deleted_at', 'is', null)
      .where('u.deleted_at', 'is', null);
  const columns = [
    'o.id',
    'o.company_id',
    'o.user_id',
    'o.body',
    'o.created_at',
    'u.nickname as writer_nickname',
    'u.profile_image_url as writer_image',
    // An expert's badge and name only once an operator approved them (decision 0016).
    'u.public_expert_type as writer_expert_type',
    'u.public_expert_name as writer_expert_name',
  ] as const;

  return {
    async list(companyId: number, page: number, size: number): Promise<{ rows: OpinionRow[]; total: number }> {
      const q = base().where('o.company_id', '=', companyId);
      const [rows, count] = await Promise.all([
        q
          .select(columns)
          .orderBy('o.id', 'desc')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    async find(id: number): Promise<OpinionRow | undefined> {
      return base().select(columns).where('o.id', '=', id).executeTakeFirst();
    },

    async insert(o: { companyId: number; userId: number; body: string; at: Date }, tx: Db = db): Promise<number> {
      const row = await tx
        .insertInto('opinions')
        .values({ company_id: o.companyId, user_id: o.userId, body: o.body, created_at: o.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** An operator hides an opinion (a report upheld): gone for readers, kept with its status for the record. */
    async hideByOperator(tx: Db, id: number, at: Date) {
      return tx.updateTable('opinions').set({ deleted_at: at, status: 102 }).where('id', '=', id).returning('user_id').executeTakeFirst();
    },

    async softDelete(id: number, userId: number, at: Date): Promise<boolean> {
      const r = await db
        .updateTable('opinions')
        .set({ deleted_at: at })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    },
  };
}

export type OpinionRepository = ReturnType<typeof createOpinionRepository>;

import type { Db } from '../../db/database.ts';

export function createIdentityRepository(
  db: Db,
  /** Told after a member's row changes (their verified name and level): the session view drops them (issue 24). */
  changed: (tx: Db, userId: number) => void = () => {},
) {
  return {
    async create(row: { tokenHash: string; userId: number | null; at: Date; expiresAt: Date }) {
      await db
        .insertInto('identity_requests')
        .values({ token_hash: row.tokenHash, user_id: row.userId, created_at: row.at, expires_at: row.expiresAt })
        .execute();
    },
    async find(tokenHash: string) {
      return db
        .selectFrom('identity_requests')
        .select(['user_id', 'ci_enc', 'di_hash', 'verified_name', 'expires_at', 'completed_at', 'used_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async complete(tokenHash: string, result: { ciEnc: string; diHash: string; name: string; at: Date }): Promise<boolean> {
      const res = await db
        .updateTable('identity_requests')
        .set({ ci_enc: result.ciEnc, di_hash: result.diHash, verified_name: result.name, completed_at: result.at })
        .where('token_hash', '=', tokenHash)
        .where('completed_at', 'is', null)
        .where('expires_at', '>', result.at)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async use(tokenHash: string, at: Date): Promise<boolean> {
      const res = await db
        .updateTable('identity_requests')
        .set({ used_at: at })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async userWithDi(diHash: string) {
      return db
        .selectFrom('users')
        .select(['id', 'login_id', 'email', 'phone_masked'])
        .where('di_hash', '=', diHash)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    async markVerified(userId: number, row: { ciEnc: string; diHash: string; name: string; at: Date }) {
      await db
        .updateTable('users')
        .set({ ci_enc: row.ciEnc, di_hash: row.diHash, real_name: row.name, user_level: 2, updated_at: row.at })
        .where('id', '=', userId)
        .execute();
      changed(db, userId);
    },
  };
}
export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

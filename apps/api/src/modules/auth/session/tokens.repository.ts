import type { Db } from '../../../db/database.ts';

export function createTokensRepository(
  db: Db,
  /** Told after a member's sessions end, in the writer's transaction (the session view drops them, issue 24). */
  changed: (tx: Db, userId: number) => void = () => {},
) {
  return {
    async insert(row: { userId: number; familyId: string; tokenHash: string; at: Date; expiresAt: Date; familyExpiresAt: Date }) {
      await db
        .insertInto('refresh_tokens')
        .values({
          user_id: row.userId,
          family_id: row.familyId,
          token_hash: row.tokenHash,
          created_at: row.at,
          expires_at: row.expiresAt,
          family_expires_at: row.familyExpiresAt,
        })
        .execute();
    },
    async find(tokenHash: string) {
      return db
        .selectFrom('refresh_tokens')
        .select(['id', 'user_id', 'family_id', 'expires_at', 'family_expires_at', 'used_at', 'revoked_at'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    /** Marks a token used; false when it was already used (a replay). */
    async markUsed(id: number | string, at: Date): Promise<boolean> {
      const res = await db
        .updateTable('refresh_tokens')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(res.numUpdatedRows) === 1;
    },
    async revokeFamily(familyId: string, at: Date) {
      const rows = await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('revoked_at', 'is', null)
        .returning('user_id')
        .execute();
      for (const id of new Set(rows.map((r) => r.user_id))) changed(db, id);
    },
    /** Ends one session of a member by its id (an access token's `sid`), if it is theirs. */
    async revokeSession(userId: number, familyId: string, at: Date) {
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('family_id', '=', familyId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      changed(db, userId);
    },
    async revokeUser(userId: number, at: Date, tx: Db = db) {
      await tx
        .updateTable('refresh_tokens')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
      changed(tx, userId);
    },
  };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;

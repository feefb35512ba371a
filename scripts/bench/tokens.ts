import { buildApp } from '../../apps/api/src/app.ts';
import type { Db } from '../../apps/api/src/db/database.ts';
import type { JobQueueDatabase } from '../../apps/api/src/lib/job-queue.ts';

/**
 * Access tokens for members already in the database, from the auth service itself and signed with
 * the AUTH_SECRET the server under test then runs with: the app is built on the database for this
 * alone (no server, no web), then closed. No path of the product is bypassed or added.
 */
export async function issueTokens(db: Db, authSecret: string, jobQueue: JobQueueDatabase, userIds: number[]): Promise<string[]> {
  const app = await buildApp({
    config: {
      env: 'test',
      publicUrl: 'http://localhost',
      webBuildDir: '/nonexistent',
      logLevel: 'silent',
      trustProxy: undefined,
      authSecret,
    },
    db,
    jobQueue,
    web: false,
    logger: false,
  });
  try {
    const auth = (app as unknown as { services: { auth: { issueFor(id: number): Promise<{ accessToken: string }> } } }).services.auth;
    const tokens: string[] = [];
    for (const id of userIds) tokens.push((await auth.issueFor(id)).accessToken);
    return tokens;
  } finally {
    await app.close();
  }
}

import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from './database.ts';
import * as initial from './migrations/2026-11-21-0001-initial.ts';
import * as auth from './migrations/2026-11-22-0002-auth.ts';
import * as uploads from './migrations/2026-11-22-0003-uploads.ts';
import * as identity from './migrations/2026-11-22-0004-identity.ts';
import * as loginThrottle from './migrations/2026-11-22-0005-login-throttle.ts';
import * as marketplace from './migrations/2026-11-22-0006-marketplace.ts';
import * as staff from './migrations/2026-11-22-0007-staff.ts';
import * as marketIntegrity from './migrations/2026-11-24-0008-market-integrity.ts';
import * as sanctionEnds from './migrations/2026-11-25-0011-sanction-ends-and-view-marks.ts';
import * as rateLimits from './migrations/2026-11-25-0012-rate-limit-counters.ts';
import * as uniqueEmail from './migrations/2026-11-25-0013-unique-live-email.ts';
import * as reviewQueue from './migrations/2026-11-25-0014-review-queue.ts';
import * as auditLog from './migrations/2026-11-25-0015-audit-log.ts';
import * as topFixEnds from './migrations/2026-11-25-0016-top-fix-ends.ts';
import * as contentPublishing from './migrations/2026-11-25-0017-content-publishing.ts';
import * as sessions from './migrations/2026-11-25-0019-sessions.ts';
import * as expertReview from './migrations/2026-11-26-0020-expert-review.ts';
import * as auditActor from './migrations/2026-11-26-0021-audit-actor.ts';
import * as priceEntries from './migrations/2026-11-26-0022-price-entries.ts';
import * as deals from './migrations/2026-11-26-0023-deals.ts';
import * as notifications from './migrations/2026-11-26-0024-notifications.ts';
import * as pushTargets from './migrations/2026-11-26-0030-push-targets.ts';
import * as renderedPages from './migrations/2026-11-27-0031-rendered-pages.ts';

/** Migrations listed explicitly: no file-system scanning, works the same from source and tests. */
const migrations: Record<string, Migration> = {
  '2026-11-21-0001-initial': initial,
  '2026-11-22-0002-auth': auth,
  '2026-11-22-0003-uploads': uploads,
  '2026-11-22-0004-identity': identity,
  '2026-11-22-0005-login-throttle': loginThrottle,
  '2026-11-22-0006-marketplace': marketplace,
  '2026-11-22-0007-staff': staff,
  '2026-11-24-0008-market-integrity': marketIntegrity,
  '2026-11-25-0011-sanction-ends-and-view-marks': sanctionEnds,
  '2026-11-25-0012-rate-limit-counters': rateLimits,
  '2026-11-25-0013-unique-live-email': uniqueEmail,
  '2026-11-25-0014-review-queue': reviewQueue,
  '2026-11-25-0015-audit-log': auditLog,
  '2026-11-25-0016-top-fix-ends': topFixEnds,
  '2026-11-25-0017-content-publishing': contentPublishing,
  '2026-11-25-0019-sessions': sessions,
  '2026-11-26-0020-expert-review': expertReview,
  '2026-11-26-0021-audit-actor': auditActor,
  '2026-11-26-0022-price-entries': priceEntries,
  '2026-11-26-0023-deals': deals,
  '2026-11-26-0024-notifications': notifications,
  '2026-11-26-0030-push-targets': pushTargets,
  '2026-11-27-0031-rendered-pages': renderedPages,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`데이터베이스 마이그레이션 실패 (migration failed): ${failed?.migrationName ?? ''} ${String(error)}`, { cause: error });
  }
}

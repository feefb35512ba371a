import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { createDeviceTokensRepository } from './device-tokens.repository.ts';

/** App installs kept per member; a sign-in on an eleventh forgets the one seen longest ago. */
export const DEVICE_TOKENS_MAX = 10;

/** deviceType of the sign-in bodies: 1 Android, 2 iOS, 3 the web (a browser's FCM token). */
export type DevicePlatform = 1 | 2 | 3;

/** FCM registration tokens are long URL-safe strings (`<instance id>:<base64url>`); anything else is not one. */
const TOKEN_SHAPE = /^[A-Za-z0-9_:\-.]{20,500}$/;

/** The apps' FCM tokens, recorded when a member signs in from an app (issue 23). */
export function createDeviceTokenService(deps: { db: Db; clock: Clock }) {
  const repo = createDeviceTokensRepository(deps.db);
  return {
    /**
     * Records the sign-in's `fcmDeviceToken` for the member: the app's push reaches them from now on.
     * An empty or malformed token is ignored (a sign-in never fails for it); false then.
     */
    async recordDeviceToken(userId: number, token: string, platform: DevicePlatform): Promise<boolean> {
      const trimmed = token.trim();
      if (!TOKEN_SHAPE.test(trimmed)) return false;
      await unitOfWork(deps.db, async (tx) => {
        await repo.upsert(tx, { userId, token: trimmed, platform, at: deps.clock.now() });
        await repo.keepNewest(tx, userId, DEVICE_TOKENS_MAX);
      });
      return true;
    },

    /** Forgets every app install of the member (account deletion): nothing is pushed to them again. */
    async forgetMember(userId: number): Promise<void> {
      await repo.removeAll(deps.db, userId);
    },
  };
}

export type DeviceTokenService = ReturnType<typeof createDeviceTokenService>;

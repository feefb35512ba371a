import type { TokenPair } from '@beesang/contract';
import type { AuthService } from '../auth.service.ts';

/** The push channels' record of an app install (notification/push device-tokens.service.ts), handed in by app.ts. */
export type RecordDeviceToken = (userId: number, token: string, platform: 1 | 2 | 3) => Promise<unknown>;

/** After a sign-in or sign-up: the body's fcmDeviceToken now reaches the member the new session belongs to. */
export type RememberDevice = (pair: TokenPair, body: { deviceType: 1 | 2 | 3; fcmDeviceToken: string }) => Promise<void>;

/**
 * The sign-in flows' one step for push (issue 23): a token sent with a sign-in is recorded for the
 * member the session was issued to. A failure to record it is logged and never fails the sign-in.
 */
export function deviceRemembering(
  auth: Pick<AuthService, 'memberFor'>,
  record: RecordDeviceToken,
  log: (message: string, error: unknown) => void,
): RememberDevice {
  return async (pair, body) => {
    if (!body.fcmDeviceToken) return;
    try {
      const member = await auth.memberFor(pair.accessToken);
      if (member) await record(member.id, body.fcmDeviceToken, body.deviceType);
    } catch (error) {
      log('device token not recorded; the sign-in goes on', error);
    }
  };
}

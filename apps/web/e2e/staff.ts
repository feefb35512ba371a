import type { StaffRole } from '@beesang/contract';
import { type BrowserContext, request } from 'playwright-core';
import { latestCode, newPhone } from './members';

/** An operator of the journeys: signs in with an id (their email) and a password, no SMS each time. */
export interface StaffAccount {
  userId: string;
  password: string;
  nickname: string;
}

const NICKNAMES: Record<StaffRole, string> = { ADMIN: '총괄운영자', MODERATOR: '신고담당', EDITOR: '편집담당' };

/**
 * One id-and-password member per staff role, signed up through the API (the phone verified with
 * the dev outbox's code); global-setup makes them operators with `npm run staff:grant`.
 */
export async function createStaffAccounts(baseURL: string): Promise<Record<StaffRole, StaffAccount>> {
  const accounts = {} as Record<StaffRole, StaffAccount>;
  for (const role of Object.keys(NICKNAMES) as StaffRole[]) {
    const phone = newPhone('0104');
    const account = {
      userId: `ops-${role.toLowerCase()}-${phone}@beesang.kr`,
      password: `E2e-${role}-pass-1234`,
      nickname: NICKNAMES[role],
    };
    const api = await request.newContext({ baseURL });
    try {
      const post = async (path: string, data: unknown) => {
        const res = await api.post(path, { data });
        if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
      };
      await post('/api/sms/send', { phone });
      await post('/api/sms/match', { phone, code: await latestCode(baseURL, phone) });
      await post('/api/auth/sign-up', {
        userId: account.userId,
        userPassword: account.password,
        userName: account.nickname,
        phoneNumber: phone,
        deviceType: 3,
        userDeviceId: '',
        fcmDeviceToken: '',
      });
    } finally {
      await api.dispose();
    }
    accounts[role] = account;
  }
  return accounts;
}

/** Signs `account` in within `context`: the session cookies land in the browser. */
export async function signInAsStaff(context: BrowserContext, baseURL: string, account: StaffAccount): Promise<void> {
  const res = await context.request.post(`${baseURL}/api/auth/sign-in`, {
    headers: { origin: baseURL },
    data: { socialType: 1, userId: account.userId, userPassword: account.password, deviceType: 3, userDeviceId: '', fcmDeviceToken: '' },
  });
  if (!res.ok()) throw new Error(`sign-in of ${account.userId} answered ${res.status()}: ${await res.text()}`);
}

/** Moves the server's clock (DEV_CLOCK) `offsetMs` from the real time; 0 puts it back. */
export async function setServerClock(baseURL: string, offsetMs: number): Promise<void> {
  const res = await fetch(`${baseURL}/api/dev/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ offsetMs }),
  });
  if (!res.ok) throw new Error(`POST /api/dev/clock answered ${res.status}: ${await res.text()}`);
}

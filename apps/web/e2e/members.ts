import type { BrowserContext } from 'playwright-core';

/** Members for the browser journeys: fresh phone numbers, their SMS codes, and signed-in sessions. */

let counter = Date.now() % 10_000_000;
/**
 * A phone number no journey has used: `series` ('0105', '0107', …) keeps each file's numbers apart,
 * and the clock keeps reruns against the same server apart.
 */
export const newPhone = (series: string) => `${series}${String(++counter).padStart(7, '0').slice(-7)}`;

/** The newest code the dev SMS outbox holds for `phone` (other than `previous`), waiting briefly for it. */
export async function latestCode(baseURL: string, phone: string, previous?: string): Promise<string> {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${baseURL}/api/dev/sms-outbox?phone=${phone}`);
    const body = (await res.json()) as { result: Array<{ text: string }> };
    const code = /\[(\d{6})\]/.exec(body.result[0]?.text ?? '')?.[1];
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS for ${phone}`);
}

/**
 * A new member signed in within `context`: the sign-up and identity calls go through the context's
 * own request client, so the session cookies land in the browser (the sign-up screens have their
 * own journeys in accounts.e2e.ts). Identity-verified through the simulated provider unless
 * `verified` is false.
 */
export async function signUpMember(
  context: BrowserContext,
  baseURL: string,
  member: { nickname: string; phone: string; verified?: boolean },
): Promise<void> {
  const { nickname, phone, verified = true } = member;
  const post = async (path: string, data?: unknown) => {
    // As a browser's fetch does: the site refuses a cookie-authenticated write that names no origin (issue 21).
    const res = await context.request.post(`${baseURL}${path}`, { data, headers: { origin: baseURL } });
    if (!res.ok()) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`);
    return res.status() === 204 ? undefined : ((await res.json()) as { result: unknown }).result;
  };
  await post('/api/sms/send', { phone });
  await post('/api/sms/match', { phone, code: await latestCode(baseURL, phone) });
  await post('/api/auth/sms/sign-up', {
    userId: `${phone}@example.com`,
    userName: nickname,
    phoneNumber: phone,
    deviceType: 3,
    userDeviceId: '',
    fcmDeviceToken: '',
  });
  if (!verified) return;
  const { requestId } = (await post('/api/identity/requests')) as { requestId: string };
  await post('/api/identity/simulated/complete', { request: requestId, name: '김비상', birth: '19900101', phone });
  await post('/api/identity/verify', { requestId });
}

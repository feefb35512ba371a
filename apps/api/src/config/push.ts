/**
 * Push settings (issue 23), read from the environment by loadConfig. Kept apart so that config.ts
 * stays readable; the checks here only say what is wrong, and never repeat a key.
 */

/** Firebase Cloud Messaging HTTP v1 for the apps: the project and a service account allowed to send to it. */
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  /** Default https://fcm.googleapis.com; tests point it at a local fake. */
  apiBase: string;
  /** Where the service account's OAuth 2.0 token comes from (default Google's); tests point it at a local fake. */
  tokenUri?: string | undefined;
}

export interface PushConfig {
  /** VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY; without them a pair generated once and kept in the database. */
  vapidKeys?: { publicKey: string; privateKey: string } | undefined;
  /** VAPID_SUBJECT (`mailto:` or `https:`): whom a push service contacts about our messages. */
  vapidSubject: string;
  /** PUSH_ENDPOINT_ALLOW: origins accepted as Web Push endpoints besides the browsers' push services. */
  allowOrigins: string[];
  /** Without it the app channel sends nothing (device tokens are still recorded). */
  fcm?: FcmConfig | undefined;
}

export interface PushEnv {
  VAPID_PUBLIC_KEY?: string | undefined;
  VAPID_PRIVATE_KEY?: string | undefined;
  VAPID_SUBJECT?: string | undefined;
  PUSH_ENDPOINT_ALLOW?: string | undefined;
  FCM_PROJECT_ID?: string | undefined;
  FCM_SERVICE_ACCOUNT?: string | undefined;
  FCM_API_BASE: string;
  FCM_TOKEN_URI?: string | undefined;
}

const base64urlBytes = (value: string) => (/^[A-Za-z0-9_-]+=*$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));

/** The service account JSON Google's console downloads; `\n` in its private key may arrive escaped once more by an env file. */
function parseServiceAccount(raw: string): { projectId?: string; clientEmail: string; privateKey: string } | string {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return 'FCM_SERVICE_ACCOUNT 는 서비스 계정 JSON 이어야 합니다 (the service account key file, as JSON)';
  }
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const clientEmail = typeof o.client_email === 'string' ? o.client_email : '';
  const privateKey = typeof o.private_key === 'string' ? o.private_key.replaceAll('\\n', '\n') : '';
  if (!clientEmail || !privateKey.includes('-----BEGIN PRIVATE KEY-----')) {
    return 'FCM_SERVICE_ACCOUNT 에 client_email 과 private_key 가 있어야 합니다 (a service account key with client_email and private_key)';
  }
  return { clientEmail, privateKey, ...(typeof o.project_id === 'string' && o.project_id ? { projectId: o.project_id } : {}) };
}

/** The push settings and every problem with them (pushed onto `problems`). */
export function loadPushConfig(e: PushEnv, publicUrl: string, problems: string[]): PushConfig {
  let vapidKeys: PushConfig['vapidKeys'];
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) {
    const pub = base64urlBytes(e.VAPID_PUBLIC_KEY ?? '');
    const priv = base64urlBytes(e.VAPID_PRIVATE_KEY ?? '');
    if (pub.length !== 65 || pub[0] !== 4) {
      problems.push('VAPID_PUBLIC_KEY 는 base64url 로 적은 P-256 공개키(65바이트)여야 합니다 (npx web-push generate-vapid-keys)');
    }
    if (priv.length !== 32) {
      problems.push('VAPID_PRIVATE_KEY 는 base64url 로 적은 P-256 개인키(32바이트)여야 합니다 (npx web-push generate-vapid-keys)');
    }
    vapidKeys = { publicKey: e.VAPID_PUBLIC_KEY ?? '', privateKey: e.VAPID_PRIVATE_KEY ?? '' };
  }
  const subject = e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : 'mailto:webpush@localhost');
  if (!/^mailto:[^\s@]+@[^\s@]+$/.test(subject) && !/^https:\/\/[^\s]+$/.test(subject)) {
    problems.push('VAPID_SUBJECT 는 mailto:주소 또는 https:// 주소여야 합니다 (mailto: or https:)');
  }

  const allowOrigins: string[] = [];
  for (const entry of (e.PUSH_ENDPOINT_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      const bare = (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username && !url.password;
      if ((url.protocol === 'https:' || url.protocol === 'http:') && bare) origin = url.origin;
    } catch {}
    if (origin) allowOrigins.push(origin);
    else
      problems.push(
        `PUSH_ENDPOINT_ALLOW: "${entry.slice(0, 80)}" 는 http(s) 출처(예: https://push.example.com)가 아닙니다 (an origin, no path)`,
      );
  }

  let fcm: FcmConfig | undefined;
  if (e.FCM_SERVICE_ACCOUNT || e.FCM_PROJECT_ID) {
    const account = e.FCM_SERVICE_ACCOUNT ? parseServiceAccount(e.FCM_SERVICE_ACCOUNT) : undefined;
    if (!e.FCM_SERVICE_ACCOUNT)
      problems.push('FCM_PROJECT_ID 에는 FCM_SERVICE_ACCOUNT(서비스 계정 JSON)가 필요합니다 (FCM_SERVICE_ACCOUNT is missing)');
    if (typeof account === 'string') problems.push(account);
    const projectId = e.FCM_PROJECT_ID ?? (typeof account === 'object' ? account.projectId : undefined);
    if (typeof account === 'object' && !projectId) {
      problems.push('FCM_PROJECT_ID 가 없고 서비스 계정 JSON 에도 project_id 가 없습니다 (set FCM_PROJECT_ID)');
    }
    if (typeof account === 'object' && projectId) {
      fcm = {
        projectId,
        clientEmail: account.clientEmail,
        privateKey: account.privateKey,
        apiBase: e.FCM_API_BASE.replace(/\/$/, ''),
        tokenUri: e.FCM_TOKEN_URI,
      };
    }
  }
  return { vapidKeys, vapidSubject: subject, allowOrigins, fcm };
}

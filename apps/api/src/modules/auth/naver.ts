/**
 * Naver Login (네이버 로그인): plain OAuth 2.0, not OpenID Connect — no ID token, no discovery, no
 * PKCE. `state` guards the redirect; the person is whoever the profile API says owns the access
 * token. Naver's `id` is unique per application, so a token another Naver app obtained names a
 * different `id` and cannot reach one of our members.
 */
export interface NaverConfig {
  clientId: string;
  clientSecret: string;
  /** https://nid.naver.com (authorize and token endpoints). */
  authBase: string;
  /** https://openapi.naver.com (profile API). */
  apiBase: string;
}

export const NAVER_AUTH_BASE = 'https://nid.naver.com';
export const NAVER_API_BASE = 'https://openapi.naver.com';

/** `unreachable`: network, timeout, 5xx or garbage; `refused`: Naver said no (bad code or token). */
export class NaverError extends Error {
  readonly kind: 'unreachable' | 'refused';
  constructor(kind: 'unreachable' | 'refused', message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface NaverProfile {
  sub: string;
  name?: string;
  nickname?: string;
  email?: string;
}

const TIMEOUT_MS = 5_000;

async function call(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as unknown;
    if (res.status >= 500 || !body || typeof body !== 'object') throw new NaverError('unreachable', `${url} answered ${res.status}`);
    return { status: res.status, body: body as Record<string, unknown> };
  } catch (error) {
    if (error instanceof NaverError) throw error;
    throw new NaverError('unreachable', `${url}: ${error instanceof Error ? error.name : 'error'}`);
  }
}

export function naverAuthorizeUrl(c: NaverConfig, redirectUri: string, state: string): string {
  const url = new URL(`${c.authBase}/oauth2.0/authorize`);
  url.search = new URLSearchParams({ response_type: 'code', client_id: c.clientId, redirect_uri: redirectUri, state }).toString();
  return url.toString();
}

/** Code → access token. Naver answers refusals with HTTP 200 and an `error` field. */
export async function naverAccessToken(c: NaverConfig, code: string, state: string): Promise<string> {
  const { status, body } = await call(`${c.authBase}/oauth2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ grant_type: 'authorization_code', client_id: c.clientId, client_secret: c.clientSecret, code, state }),
  });
  if (status !== 200 || body.error || typeof body.access_token !== 'string' || !body.access_token) {
    throw new NaverError('refused', `token endpoint: ${String(body.error ?? status).slice(0, 40)}`);
  }
  return body.access_token;
}

/** Access token → the person (`resultcode` '00' only). Any other answer refuses the token. */
export async function naverProfile(c: NaverConfig, accessToken: string): Promise<NaverProfile> {
  // Not a token Naver could have issued, and not something to put in a header.
  if (!/^[\x21-\x7e]+$/.test(accessToken)) throw new NaverError('refused', 'profile: malformed access token');
  const { body } = await call(`${c.apiBase}/v1/nid/me`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
  const r = (body.response ?? {}) as Record<string, unknown>;
  if (body.resultcode !== '00' || typeof r.id !== 'string' || !r.id) {
    throw new NaverError('refused', `profile: resultcode ${String(body.resultcode).slice(0, 10)}`);
  }
  const text = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return { sub: r.id, name: text(r.name), nickname: text(r.nickname), email: text(r.email) };
}

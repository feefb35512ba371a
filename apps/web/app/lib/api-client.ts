import { API_TIMEOUT_MS, messages } from '@beesang/contract';

/** Browser-side API calls: 5-second timeout, `{ result }` unwrapped, an expired token refreshed, a lost session handed to the session. */
export class ApiError extends Error {
  readonly status: number;
  /** The API's machine-readable reason (e.g. 'RESEND_TOO_SOON'), when it sent one. */
  readonly code: string | undefined;
  /** Seconds from a Retry-After header, so cooldown messages can clear themselves on time. */
  readonly retryAfterSeconds: number | undefined;
  /** Per-field messages (e.g. `{ userId: '...' }`) for errors that belong under one input. */
  readonly fields: Record<string, string> | undefined;
  constructor(status: number, message: string, extra: { code?: string; retryAfterSeconds?: number; fields?: Record<string, string> } = {}) {
    super(message);
    this.status = status;
    this.code = extra.code;
    this.retryAfterSeconds = extra.retryAfterSeconds;
    this.fields = extra.fields;
  }
}

/** Whether an error means the session is over (already announced by the client): callers stay quiet. */
export function endsSession(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || (error.status === 403 && error.code === 'SUSPENDED'));
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export interface ApiBody<T> {
  result?: T;
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

export type ApiInit = RequestInit & {
  /** Sign-in steps answer 401 for a missing ticket; that is the form's error, not an expired session. */
  ignoreUnauthorized?: boolean;
  /** Longer than API_TIMEOUT_MS for the few calls that carry files (the console's CSV import). */
  timeoutMs?: number;
};

/** Rotates the session cookies; the REFRESH_TOKEN cookie is scoped to /api/auth, so only this call carries it. */
export const REFRESH_PATH = '/api/auth/refresh';

/** Calls under /api/auth/ are the session itself: their 401 is never answered by refreshing. */
const isAuthCall = (path: string) => path.startsWith('/api/auth/');

let refreshing: Promise<boolean> | null = null;
/**
 * Bumped when the session is refreshed or declared over. A 401 for a request sent before the
 * latest change is already answered: retry it after a refresh, stay quiet after an ending.
 */
let generation = 0;
let lastChange: 'refreshed' | 'ended' = 'ended';

/**
 * One refresh for every call that hit a 401 meanwhile: the server rotates refresh tokens and treats
 * a reused one as theft, so two parallel refreshes with the same cookie would end the session. The
 * session also resumes through it when a page arrives with a lapsed access token.
 */
export function refreshSession(): Promise<boolean> {
  // `.finally` always runs later, so the shared promise is stored before it is dropped again.
  refreshing ??= postRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function postRefresh(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  try {
    const res = await fetch(REFRESH_PATH, {
      method: 'POST',
      body: '{}',
      signal: controller.signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    if (res.ok) {
      generation++;
      lastChange = 'refreshed';
    }
    return res.ok;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

interface Reply {
  status: number;
  ok: boolean;
  headers: Headers;
  body: ApiBody<unknown>;
}

/** One request with its own 5-second timeout, body included, so a stalled body still times out. */
async function send(path: string, request: RequestInit, timeoutMs = API_TIMEOUT_MS): Promise<Reply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
  try {
    const res = await fetch(path, {
      ...request,
      signal,
      credentials: 'same-origin',
      // A FormData body sets its own multipart content type (with the boundary).
      headers: {
        accept: 'application/json',
        ...(request.body && !(request.body instanceof FormData) ? { 'content-type': 'application/json' } : {}),
        ...request.headers,
      },
    });
    const body = res.status === 204 ? {} : ((await res.json().catch(() => ({}))) as ApiBody<unknown>);
    return { status: res.status, ok: res.ok, headers: res.headers, body };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A 401 from an ordinary call means the access token expired: refresh once (shared), then retry
 * once. Only when that fails is the session over (spec §8), and only the first call to learn it
 * says so, so parallel calls do not stack warnings. Sign-in steps and other calls marked
 * `ignoreUnauthorized` keep their 401 as a plain error.
 */
async function sendWithRefresh(path: string, request: RequestInit, ignoreUnauthorized: boolean, timeoutMs?: number) {
  const sentAt = generation;
  const reply = await send(path, request, timeoutMs);
  if (reply.status !== 401 || ignoreUnauthorized) return { reply, endSession: false };
  if (isAuthCall(path) || request.signal?.aborted) return { reply, endSession: true };
  const changed = () => generation !== sentAt;
  if (!changed() && !(await refreshSession())) return { reply, endSession: claimEnding(sentAt) };
  if (lastChange === 'ended') return { reply, endSession: false };
  const retriedAt = generation;
  const retried = await send(path, request, timeoutMs);
  return { reply: retried, endSession: retried.status === 401 && claimEnding(retriedAt) };
}

/** True for the first caller to report the session over since `sentAt`. */
function claimEnding(sentAt: number): boolean {
  if (generation !== sentAt && lastChange === 'ended') return false;
  generation++;
  lastChange = 'ended';
  return true;
}

/** The whole JSON body of a successful answer; for calls whose failure details arrive with a 200. */
export async function apiRequest<T>(path: string, init: ApiInit = {}): Promise<ApiBody<T>> {
  const { ignoreUnauthorized = false, timeoutMs, ...request } = init;
  const sentAt = generation;
  const { reply: res, endSession } = await sendWithRefresh(path, request, ignoreUnauthorized, timeoutMs);
  const body = res.body as ApiBody<T>;
  if (res.status === 401 && !ignoreUnauthorized) {
    if (endSession) onUnauthorized(body.message ?? messages.sessionExpired);
    throw new ApiError(401, body.message ?? messages.sessionExpired, { code: body.code });
  }
  // A suspended member's token stops working at once (issue 10 §3): the session ends with the reason.
  if (res.status === 403 && body.code === 'SUSPENDED' && !ignoreUnauthorized) {
    if (claimEnding(sentAt)) onUnauthorized(body.message ?? messages.suspended);
    throw new ApiError(403, body.message ?? messages.suspended, { code: body.code });
  }
  if (!res.ok) {
    const retryAfter = Number(res.headers.get('retry-after'));
    throw new ApiError(res.status, body.message ?? messages.serverError, {
      code: body.code,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
      fields: body.fields,
    });
  }
  return body;
}

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const body = await apiRequest<T>(path, init);
  return body.result as T;
}

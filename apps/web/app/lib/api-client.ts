import { API_TIMEOUT_MS, messages } from '@beesang/contract';

/** Browser-side API calls: 5-second timeout, `{ result }` unwrapped, 401 handed to the session. */
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
};

/** The whole JSON body of a successful answer; for calls whose failure details arrive with a 200. */
export async function apiRequest<T>(path: string, init: ApiInit = {}): Promise<ApiBody<T>> {
  const { ignoreUnauthorized, ...request } = init;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  const signal = request.signal ? AbortSignal.any([request.signal, controller.signal]) : controller.signal;
  try {
    const res = await fetch(path, {
      ...request,
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    });
    if (res.status === 204) return {};
    const body = (await res.json().catch(() => ({}))) as ApiBody<T>;
    if (res.status === 401 && !ignoreUnauthorized) {
      onUnauthorized(body.message ?? messages.sessionExpired);
      throw new ApiError(401, body.message ?? messages.sessionExpired, { code: body.code });
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
  } finally {
    clearTimeout(timer);
  }
}

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const body = await apiRequest<T>(path, init);
  return body.result as T;
}

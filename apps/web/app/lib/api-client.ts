import { API_TIMEOUT_MS, messages } from '@beesang/contract';

/** Browser-side API calls: 5-second timeout, `{ result }` unwrapped, 401 handed to the session. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

type UnauthorizedHandler = (message: string) => void;
let onUnauthorized: UnauthorizedHandler = () => {};
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), API_TIMEOUT_MS);
  const signal = init.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal;
  try {
    const res = await fetch(path, {
      ...init,
      signal,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });
    if (res.status === 204) return undefined as T;
    const body = (await res.json().catch(() => ({}))) as { result?: T; message?: string };
    if (res.status === 401) {
      onUnauthorized(body.message ?? messages.sessionExpired);
      throw new ApiError(401, body.message ?? messages.sessionExpired);
    }
    if (!res.ok) throw new ApiError(res.status, body.message ?? messages.serverError);
    return body.result as T;
  } finally {
    clearTimeout(timer);
  }
}

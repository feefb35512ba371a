import { apiFetch } from '../../../lib/api-client';

/** JSON writes of the console: every one goes through the session's client, 401/403 included. */
export const postJson = <T>(path: string, body?: unknown) =>
  apiFetch<T>(path, { method: 'POST', body: body === undefined ? '{}' : JSON.stringify(body) });

export const patchJson = <T>(path: string, body: unknown) => apiFetch<T>(path, { method: 'PATCH', body: JSON.stringify(body) });

export const deleteJson = <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' });

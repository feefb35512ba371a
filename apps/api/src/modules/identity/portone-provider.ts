import { createHash } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import type { IdentityProvider, VerifiedPerson } from './identity.service.ts';
import { PORTONE_PAGE_PATH, portOneHandoffPage } from './portone-page.ts';

export interface PortOneOptions {
  /** V2 API secret: sent only as `Authorization: PortOne …` to the API, never logged or shown. */
  apiSecret: string;
  storeId: string;
  channelKey: string;
  /** Default https://api.portone.io; tests point it at a local fake. */
  apiBase?: string;
  /** Whole-request limit in milliseconds (default 5000). */
  timeoutMs?: number;
  /** One line per failed lookup: the outcome only, never the secret, the CI or the person. */
  log?: (message: string) => void;
}

/**
 * PortOne's id for one of our requests. Derived from the request token (a hash, so the id seen by
 * PortOne and in its console cannot be turned back into the token that finishes the request), and
 * fixed per request, so one PortOne verification can only ever complete the request that started it.
 */
export function portOneVerificationId(requestToken: string): string {
  return `beesang-${createHash('sha256').update(`portone:${requestToken}`).digest('hex').slice(0, 32)}`;
}

interface PortOneAnswer {
  status?: unknown;
  id?: unknown;
  verifiedCustomer?: { name?: unknown; ci?: unknown };
}

/**
 * 본인확인 through PortOne V2. The browser runs PortOne's window from our hand-off page; afterwards
 * our server asks PortOne itself (`GET /identity-verifications/{id}`) who was verified and trusts
 * nothing the browser says. Not reachable, slow (5 s), refused or not VERIFIED → an error, never a
 * pass (SECURITY.md 22).
 */
export function createPortOneProvider(options: PortOneOptions): IdentityProvider {
  const apiBase = (options.apiBase ?? 'https://api.portone.io').replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 5_000;
  const log = options.log ?? (() => {});
  const down = (reason: string): never => {
    log(`PortOne identity lookup failed: ${reason}`);
    throw new AppError(502, 'identityProviderDown', 'IDENTITY_PROVIDER_ERROR');
  };

  return {
    name: 'portone',
    startUrl: (token) => `${PORTONE_PAGE_PATH}?request=${encodeURIComponent(token)}`,
    page: (token) =>
      portOneHandoffPage({
        storeId: options.storeId,
        channelKey: options.channelKey,
        request: token ?? null,
        identityVerificationId: token ? portOneVerificationId(token) : null,
      }),

    async fetchResult(token): Promise<VerifiedPerson> {
      const id = portOneVerificationId(token);
      const url = `${apiBase}/identity-verifications/${encodeURIComponent(id)}?storeId=${encodeURIComponent(options.storeId)}`;
      let res: Response;
      let body: PortOneAnswer | undefined;
      try {
        res = await fetch(url, {
          headers: { authorization: `PortOne ${options.apiSecret}`, accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = (await res.json().catch((error: unknown) => {
          if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) throw error;
          return undefined;
        })) as PortOneAnswer | undefined;
      } catch (error) {
        const name = error instanceof Error ? error.name : 'Error';
        return down(name === 'TimeoutError' || name === 'AbortError' ? `timeout after ${timeoutMs} ms` : `network error (${name})`);
      }
      // The person never reached PortOne's window, or has not finished it.
      if (res.status === 404) throw new AppError(409, 'identityNotFinished', 'IDENTITY_NOT_FINISHED');
      if (!res.ok || !body || typeof body !== 'object') return down(`HTTP ${res.status}`);
      if (body.id !== id) return down('answer for another verification');
      if (body.status === 'READY') throw new AppError(409, 'identityNotFinished', 'IDENTITY_NOT_FINISHED');
      if (body.status === 'FAILED') throw new AppError(400, 'identityFailed', 'IDENTITY_FAILED');
      if (body.status !== 'VERIFIED') return down(`status ${String(body.status).slice(0, 20)}`);
      const { name, ci } = body.verifiedCustomer ?? {};
      // Some channels leave CI out unless contracted: without it there is no identity to keep.
      if (typeof ci !== 'string' || !ci || typeof name !== 'string' || !name.trim()) return down('VERIFIED without CI or name');
      return { name: name.trim(), ci };
    },
  };
}

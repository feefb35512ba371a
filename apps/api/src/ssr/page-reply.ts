import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../modules/auth/session-cookies.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../plugins/auth.ts';
import { type CachedPage, cachedPage, type Encoding } from './page-cache.ts';

/**
 * A member's request: one whose page may differ from a visitor's (the header shows them, a page
 * holds their data, or the client resumes their session from the hint). Never served from or
 * stored in the page cache.
 */
export function isMemberRequest(req: FastifyRequest): boolean {
  const cookies = req.cookies;
  return (
    req.headers.authorization !== undefined ||
    cookies[ACCESS_COOKIE] !== undefined ||
    cookies[REFRESH_COOKIE] !== undefined ||
    cookies[SESSION_HINT_COOKIE] !== undefined
  );
}

/** Brotli, else gzip, as the client accepts them (`q=0` refuses); null for neither. */
export function acceptedEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const accepted = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return null;
}

/** Headers a stored page never keeps: per-response framing, and what is set again on every reply. */
const NOT_STORED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'vary']);
const PRIVATE = /\b(private|no-store)\b/i;

/**
 * The page every visitor may be given, buffered from `response`: a 200 with a body, no cookie set
 * and not marked private or no-store by its route; null otherwise (the response is left unread).
 */
export async function storablePage(response: Response, tags: ReadonlySet<string>): Promise<CachedPage | null> {
  if (response.status !== 200 || !response.body || response.headers.has('set-cookie')) return null;
  if (PRIVATE.test(response.headers.get('cache-control') ?? '')) return null;
  const headers = [...response.headers].filter(([name]) => !NOT_STORED.has(name));
  return cachedPage(response.status, headers, Buffer.from(await response.arrayBuffer()), tags);
}

export type CacheState = 'hit' | 'miss' | 'bypass';

/**
 * What every page answer says about caching: it varies by the session cookies and the encoding; a
 * member's page is private (their route may say no-store); a visitor's is revalidated each time
 * (this server caches it, browsers and proxies ask again).
 */
function describeCaching(reply: FastifyReply, member: boolean, state: CacheState) {
  // Lower case: @fastify/compress adds accept-encoding unless it finds it so spelled.
  reply.header('vary', 'cookie, accept-encoding');
  const routeSays = reply.getHeader('cache-control');
  if (member) {
    if (!PRIVATE.test(String(routeSays ?? ''))) reply.header('cache-control', 'private, no-cache');
  } else if (routeSays === undefined) {
    reply.header('cache-control', 'no-cache');
  }
  reply.header('x-page-cache', state);
}

/** A stored page, compressed once per encoding: no Set-Cookie, ever. */
export function sendPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: CacheState) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  describeCaching(reply, false, state);
  const encoding = acceptedEncoding(req.headers['accept-encoding']);
  if (!encoding) return reply.send(page.body);
  reply.header('content-encoding', encoding);
  return reply.send(page.encoded(encoding));
}

/**
 * A rendered response as it streams (compressed on the way by @fastify/compress). One that sets a
 * cookie is private like a member's, so that no shared cache hands the cookie to someone else.
 */
export function sendRendered(reply: FastifyReply, response: Response, member: boolean, state: CacheState) {
  reply.code(response.status);
  for (const [name, value] of response.headers) if (name !== 'content-length') reply.header(name, value);
  describeCaching(reply, member || response.headers.has('set-cookie'), state);
  return reply.send(response.body);
}

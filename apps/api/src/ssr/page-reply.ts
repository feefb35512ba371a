import { brotliCompressSync, constants } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_HINT_COOKIE } from '../modules/auth/session/session-cookies.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../plugins/auth.ts';
import { withoutLinkNonces } from './nonce-splice.ts';
import { type CachedPage, cachedPage } from './page-cache.ts';

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

/** Whether the client takes `coding` (`*` counts; `q=0` refuses). */
export function accepts(header: string | undefined, coding: 'gzip' | 'br'): boolean {
  if (!header) return false;
  let named: boolean | undefined;
  let any = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (name.trim() === coding) named = accepted;
    else if (name.trim() === '*') any = accepted;
  }
  return named ?? any;
}

/**
 * Whether the client takes gzip. A stored page is sent gzip to browsers that also take brotli:
 * spliced around each response's nonce it costs no compression per response, which brotli would
 * (decision 0015).
 */
export const acceptsGzip = (header: string | undefined) => accepts(header, 'gzip');

/** Brotli for a stored page, for the rare client that takes brotli but not gzip: compressed for this answer, fast. */
const BROTLI_PER_ANSWER = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/** Headers a stored page never keeps: per-response framing, and what is set again on every reply. */
const NOT_STORED = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive', 'date', 'vary']);
const PRIVATE = /\b(private|no-store)\b/i;

/**
 * The page every visitor may be given, buffered from `response` (rendered with `nonce`): a 200 with
 * a body, no cookie set and not marked private or no-store by its route; null otherwise (the
 * response is left unread).
 */
export async function storablePage(response: Response, tags: ReadonlySet<string>, nonce: string): Promise<CachedPage | null> {
  if (response.status !== 200 || !response.body || response.headers.has('set-cookie')) return null;
  if (PRIVATE.test(response.headers.get('cache-control') ?? '')) return null;
  const headers = [...response.headers].filter(([name]) => !NOT_STORED.has(name));
  const body = withoutLinkNonces(Buffer.from(await response.arrayBuffer()), nonce);
  return cachedPage(response.status, headers, body, tags, nonce);
}

/** `store`: not in this instance's memory, from the shared page store (decision 0034). */
export type CacheState = 'hit' | 'store' | 'miss' | 'bypass';

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

/**
 * A stored page with this response's `nonce` (its policy is already set): no Set-Cookie, ever. A
 * member's copy of a shared page (`member`) is private all the same: what a cache in between keeps
 * for a member is no one else's answer.
 */
export function sendPage(req: FastifyRequest, reply: FastifyReply, page: CachedPage, state: CacheState, nonce: string, member = false) {
  reply.code(page.status);
  for (const [name, value] of page.headers) reply.header(name, value);
  describeCaching(reply, member, state);
  const gzip = acceptsGzip(req.headers['accept-encoding']);
  if (!gzip && accepts(req.headers['accept-encoding'], 'br')) {
    const { body, release } = page.lease(nonce, 'identity');
    const compressed = brotliCompressSync(body, BROTLI_PER_ANSWER);
    release();
    reply.header('content-encoding', 'br');
    return reply.send(compressed);
  }
  const { body, release } = page.lease(nonce, gzip ? 'gzip' : 'identity');
  // Sent (handed to the socket): its bytes may go to the next answer. An aborted answer keeps them.
  reply.raw.once('finish', release);
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.send(body);
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

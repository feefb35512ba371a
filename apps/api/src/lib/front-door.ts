import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import { brotliCompressSync, constants, deflateSync, gzipSync, zstdCompressSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { type AnswerCache, JSON_TYPE, type Kept, MEMBERS_ANSWER_CACHE_CONTROL, readerKey } from './answer-cache.ts';

/**
 * Kept answers sent at the server's door, before Fastify (decision 0036). A GET for an API answer
 * the answer cache holds for this very reader — the visitors' bytes for the exact URL, or the bytes
 * a route last chose for this member for that URL (`readerKey`) — is written with the headers
 * every API answer carries; anything else, and any doubt, goes on to Fastify as before.
 *
 * It only ever repeats what a route already answered to the same reader for the same URL: the URL
 * passed every check then (the same string passes them again), the member's session is checked
 * now (the session view the routes use), and the bytes are dropped by the bus as the route's own are.
 */
export interface FrontDoorDeps {
  answers: AnswerCache;
  /** The active member an access token stands for now (a valid token of a live, unsuspended session), or null. */
  readerOf(token: string): Promise<number | null>;
  /** The cookie a browser's access token travels in (the auth plugin's). */
  accessCookie: string;
  /** The headers every API answer carries (security-headers.ts), as name, value pairs. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The app's clock, ms (kept answers with a span). */
  now(): number;
  /** False once the instance drains or closes: Fastify then answers (503, Connection: close). */
  open(): boolean;
  /** Bodies of this size or more are compressed for a client that accepts it (each encoding once per kept answer). */
  compressFrom: number;
  /** Told of each answer sent here, with its route pattern and how long it took (the request histogram). */
  served?(route: string, seconds: number): void;
}

/**
 * How a kept answer is compressed for a client that accepts it: the encodings @fastify/compress
 * offers, in its order of preference and with its settings (brotli at quality 4, zlib's defaults),
 * chosen from Accept-Encoding as it chooses (`*` and `x-gzip` read as gzip). Each encoding is made
 * once per kept answer, when first asked for, and kept with it: Fastify compressed a kept answer
 * again on every request, which made a browser's read of one cost three to four times a plain one.
 */
const COMPRESSORS = {
  zstd: (body: Buffer) => zstdCompressSync(body),
  br: (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body: Buffer) => gzipSync(body),
  deflate: (body: Buffer) => deflateSync(body),
} as const;
type Encoding = keyof typeof COMPRESSORS;
const ENCODINGS = [...(Object.keys(COMPRESSORS) as Encoding[]), 'identity'];
const GZIP_ALIAS = /\*|x-gzip/gu;

/** The encoding to send `body` in for a request that says `accepted`; undefined: none of ours (Fastify answers). */
function encodingFor(accepted: string): Encoding | 'identity' | undefined {
  return negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip'), ENCODINGS) as Encoding | 'identity' | undefined;
}

/** `kept`'s bytes in `encoding`, made the first time they are asked for. */
function encoded(kept: Kept, encoding: Encoding): Buffer {
  kept.encoded ??= {};
  let bytes = kept.encoded[encoding];
  if (bytes === undefined) {
    bytes = COMPRESSORS[encoding](kept.body);
    kept.encoded[encoding] = bytes;
  }
  return bytes;
}

/** True when it answered, false (or a promise of false) when Fastify is to. */
export type FrontDoor = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

/**
 * The access token a request carries, as the auth plugin reads it (Bearer first, then the cookie
 * named `cookieName`); '' for none, undefined for what the door leaves to the routes.
 */
function tokenOf(req: IncomingMessage, cookieName: string, inCookie: RegExp): string | undefined {
  const auth = req.headers.authorization;
  if (auth !== undefined) return auth.startsWith('Bearer ') ? auth.slice(7).trim() : undefined;
  const cookie = req.headers.cookie;
  const at = cookie?.indexOf(`${cookieName}=`) ?? -1;
  if (at < 0) return '';
  // Two of them: which one the cookie parser takes is its business.
  if ((cookie as string).includes(`${cookieName}=`, at + 1)) return undefined;
  return inCookie.exec(cookie as string)?.[1];
}

export function createFrontDoor(deps: FrontDoorDeps): FrontDoor {
  const inCookie = new RegExp(`(?:^|;\\s*)${deps.accessCookie}=([^;]*)`);
  const visitors = [...deps.headers.flat(), 'content-type', JSON_TYPE];
  const members = [...visitors, 'cache-control', MEMBERS_ANSWER_CACHE_CONTROL];

  function send(req: IncomingMessage, res: ServerResponse, kept: Kept | undefined, headers: string[], startedAt: bigint): boolean {
    if (kept === undefined || !deps.open()) return false;
    let body = kept.body;
    const accepted = req.headers['accept-encoding'];
    if (body.length >= deps.compressFrom && accepted !== undefined) {
      // Compressed as Fastify would (the same encoding, the same headers), but once per kept answer.
      const encoding = encodingFor(accepted);
      if (encoding === undefined || encoding === 'identity') return false;
      body = encoded(kept, encoding);
      res.writeHead(200, [...headers, 'content-encoding', encoding, 'vary', 'accept-encoding', 'content-length', String(body.length)]);
    } else {
      res.writeHead(200, [...headers, 'content-length', String(body.length)]);
    }
    res.end(body);
    deps.served?.(kept.route, Number(process.hrtime.bigint() - startedAt) / 1e9);
    return true;
  }

  return (req, res) => {
    if (req.method !== 'GET') return false;
    const url = req.url;
    if (url === undefined || !url.startsWith('/api/') || !deps.open()) return false;
    const startedAt = process.hrtime.bigint();
    const token = tokenOf(req, deps.accessCookie, inCookie);
    // Something that is no token (another scheme, a second ACCESS_TOKEN): the routes say what it is.
    if (token === undefined) return false;
    if (token === '') return send(req, res, deps.answers.kept(url, deps.now()), visitors, startedAt);
    return deps.readerOf(token).then(
      (id) => id !== null && send(req, res, deps.answers.kept(readerKey(id, url), deps.now()), members, startedAt),
      () => false,
    );
  };
}

/** What of Fastify's options its own HTTP server is made with (lib/server.js), defaults applied. */
interface ServerSettings {
  http?: ServerOptions | null;
  keepAliveTimeout?: number;
  requestTimeout?: number;
  connectionTimeout?: number;
  maxRequestsPerSocket?: number;
}

/**
 * The HTTP server Fastify would make (Fastify's `serverFactory`), with the door in front of its
 * handler: `door()` is the front door once the app has made it; until then, and whenever the door
 * declines or fails, every request goes to Fastify.
 */
export function serverWithFrontDoor(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  settings: ServerSettings,
  door: () => FrontDoor | undefined,
): Server {
  const toFastify = (req: IncomingMessage, res: ServerResponse) => {
    if (!res.headersSent) handler(req, res);
  };
  const server = createServer(settings.http ?? {}, (req, res) => {
    let answered: boolean | Promise<boolean> = false;
    try {
      answered = door()?.(req, res) ?? false;
    } catch {}
    if (answered === true) return;
    if (answered === false) return toFastify(req, res);
    answered.then(
      (done) => done || toFastify(req, res),
      () => toFastify(req, res),
    );
  });
  if (settings.keepAliveTimeout !== undefined) server.keepAliveTimeout = settings.keepAliveTimeout;
  if (settings.requestTimeout !== undefined) server.requestTimeout = settings.requestTimeout;
  if (settings.connectionTimeout !== undefined) server.setTimeout(settings.connectionTimeout);
  if (settings.maxRequestsPerSocket !== undefined && settings.maxRequestsPerSocket > 0)
    server.maxRequestsPerSocket = settings.maxRequestsPerSocket;
  return server;
}

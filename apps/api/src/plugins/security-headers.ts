import { createHash, randomFillSync } from 'node:crypto';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/**
 * The browser's safety headers on every answer (decision 0015), through @fastify/helmet:
 * nosniff, frame-ancestors 'none' (and X-Frame-Options for old browsers), Referrer-Policy,
 * Permissions-Policy, HSTS when the site is served over https, and a Content-Security-Policy.
 *
 * Every answer gets a policy under which nothing runs (`default-src 'none'`): a JSON answer, an
 * image or a 404 opened as a document is inert. The site's pages replace it with `pagePolicy(nonce)`
 * (a fresh nonce per response, plugins/ssr.ts), the identity pages with their own.
 */

/** Features the site never uses: no page or frame of ours may ask for them. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

/** What a response that is not one of our pages may do as a document: nothing. */
const INERT_DIRECTIVES = {
  'default-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** An HTML document of ours without a policy of its own: our files, no inline script. */
export const DOCUMENT_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Random bytes for nonces, drawn 4 KB at a time (one call per 256 nonces, not one per response). */
const pool = Buffer.alloc(4096);
let drawn = pool.length;

/** 128 random bits for one response's scripts, in base64 (always 24 characters). */
export function newNonce(): string {
  if (drawn === pool.length) {
    randomFillSync(pool);
    drawn = 0;
  }
  drawn += 16;
  return pool.toString('base64', drawn - 16, drawn);
}

/** The CSP source that allows exactly this inline script or style: its SHA-256. */
export function inlineSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** `https://s3.example.com/bucket` → `https://s3.example.com`: a CSP source for images stored there. */
const originOf = (url: string) => new URL(url).origin;

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: HSTS and upgrade-insecure-requests only when it is https. */
  publicUrl: string;
  /** Where uploaded images are public besides our origin (S3_PUBLIC_URL), for img-src. */
  imagesAt?: string | undefined;
  /**
   * `npm run dev`: Vite injects the modules' CSS as inline <style> elements (the build links files),
   * so inline style elements are allowed there.
   */
  development?: boolean;
}

/** The Content-Security-Policy of a page whose scripts carry `nonce`. */
export type PagePolicy = (nonce: string) => string;

/**
 * The site's pages: scripts only from our origin or carrying this response's nonce (React Router's
 * hydration data and module loader, React's streaming scripts); styles from our files, plus the
 * `style` attributes React renders (widths, heights; see decision 0015); images from us, `data:`,
 * `blob:` (a photo's preview before upload) and the image store; calls to our API only.
 */
export function pagePolicy(options: SecurityHeadersOptions): PagePolicy {
  const https = options.publicUrl.startsWith('https://');
  const images = ["'self'", 'data:', 'blob:', ...(options.imagesAt ? [originOf(options.imagesAt)] : [])];
  // Browsers without style-src-elem/-attr (before 2022) fall back to style-src, which allows both;
  // the others allow inline style attributes, and a <style> element only with this response's nonce
  // (the dialog's scroll lock writes one, given the nonce: components/ui/modal-dialog.tsx).
  const styleElements = options.development ? "'self' 'unsafe-inline'" : "'self' 'nonce-";
  const rest = [
    "style-src-attr 'unsafe-inline'",
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // Social sign-in leaves through links to our own /api/auth/social/…/authorize, never a form.
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
  const scripts = "default-src 'self'; script-src 'self' 'nonce-";
  const styles = `'; style-src 'self' 'unsafe-inline'; style-src-elem ${styleElements}`;
  return options.development
    ? (nonce) => `${scripts}${nonce}${styles}; ${rest}`
    : (nonce) => `${scripts}${nonce}${styles}${nonce}'; ${rest}`;
}

/**
 * The headers helmet sets, asked of it once. They do not depend on the request, and
 * @fastify/helmet builds helmet's middleware anew for every request (about 15 µs, a quarter of
 * what a cached page costs); a table set on every answer gives the same headers for a fraction.
 */
async function helmetHeaders(https: boolean): Promise<Array<[string, string]>> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: INERT_DIRECTIVES },
    // Our pages open the identity popup and read its answer through window.opener: popups keep
    // their opener; other windows that open us do not get one.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true, preload: false } : false,
    xFrameOptions: { action: 'deny' },
  });
  probe.get('/', async () => '');
  const res = await probe.inject('/');
  await probe.close();
  const notHelmets = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);
  return Object.entries(res.headers).flatMap(([name, value]) => (notHelmets.has(name) ? [] : [[name, String(value)] as [string, string]]));
}

/** Registers the headers for every route; returns the pages' policy for the SSR routes and the headers of API answers. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<{ pagePolicy: PagePolicy; dataHeaders: ReadonlyArray<readonly [string, string]> }> {
  const headers: Array<[string, string]> = [
    ...(await helmetHeaders(options.publicUrl.startsWith('https://'))),
    ['permissions-policy', PERMISSIONS_POLICY],
  ];
  // An API answer is data, never a document: the headers that matter for it are nosniff, the inert
  // policy, the resource policy and HSTS; the rest (frame, referrer, permissions, opener, helmet's
  // legacy ones) only ever apply to documents, and writing them on every JSON answer cost about a
  // tenth of a cached answer's throughput (bench). The API's own HTML (/api/docs) gets them all.
  const FOR_DATA = new Set([
    'content-security-policy',
    'cross-origin-resource-policy',
    'x-content-type-options',
    'strict-transport-security',
  ]);
  const dataHeaders = headers.filter(([name]) => FOR_DATA.has(name));
  // On the raw response, as helmet does: also on a hijacked answer; a route's own header wins.
  app.addHook('onRequest', (req, reply, done) => {
    const data = req.url.startsWith('/api/') && !req.url.startsWith('/api/docs');
    for (const [name, value] of data ? dataHeaders : headers) reply.raw.setHeader(name, value);
    done();
  });
  // An HTML answer whose route names no policy of its own (the API docs' Swagger UI) may run our
  // own files and nothing inline; the route's own header, set on the reply, wins over helmet's.
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (!reply.hasHeader('content-security-policy') && String(reply.getHeader('content-type') ?? '').startsWith('text/html')) {
      reply.header('content-security-policy', DOCUMENT_POLICY);
    }
    done(null, payload);
  });
  return { pagePolicy: pagePolicy(options), dataHeaders };
}

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequest, sendResponse } from '@remix-run/node-fetch-server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from 'react-router';
import { releaseMemory } from '../db/seed/release-memory.mjs';
import type { InvalidationBus } from '../lib/invalidation.ts';
import { redactPath } from '../lib/log.ts';
import { createWebDevServer } from '../ssr/dev-server.ts';
import { type CachedPage, createPageCache, KEPT_PAGE_MS, PAGE_TAGS, STORED_PAGE_MS } from '../ssr/page-cache.ts';
import { isMemberRequest, sendPage, sendRendered, storablePage } from '../ssr/page-reply.ts';
import type { ApiSsrReads, SsrReadsFor } from '../ssr/reads.ts';
import type { PageStore } from '../ssr/store/page-store.ts';
import { createPageWarmer } from '../ssr/store/page-warmer.ts';
import { accessTokenOf } from './auth.ts';
import { newNonce, type PagePolicy } from './security-headers.ts';

/** What loaders get for one request (apps/web/app/lib/ssr-reads.ts `SsrBridge`). */
export interface ApiSsrBridge {
  reads: ApiSsrReads;
  log: { error(error: unknown, message: string): void; warn(error: unknown, message: string): void };
  demoData: () => boolean;
  publicUrl: string;
  /** INTRO_URL: where the header's 서비스 소개 goes; absent: the site's own /intro. */
  introUrl?: string | undefined;
  /** This response's Content-Security-Policy nonce, for every script the page writes. */
  nonce: string;
  /** A member's request answered with the visitors' shared page: the browser loads the member (issue 24). */
  memberPending?: boolean;
}

interface WebEntryModule {
  createLoadContext(bridge: ApiSsrBridge): RouterContextProvider;
}

export interface SsrOptions {
  webBuildDir: string;
  /** `development` (npm run dev) renders apps/web from source through Vite with hot reload; otherwise the build. */
  mode: 'development' | 'production';
  publicUrl: string;
  introUrl?: string | undefined;
  /** The pages' Content-Security-Policy for a nonce (plugins/security-headers.ts). */
  pagePolicy: PagePolicy;
  demoData: () => boolean;
  reads: SsrReadsFor;
  /** Writes announce here which visitors' pages they changed, on every instance. */
  bus: InvalidationBus;
  /** Part of every page-cache key; DEV_CLOCK runs pass the clock's offset, so a moved clock renders afresh. */
  cacheKeyPrefix?: () => string;
  /** Render time for /metrics, labelled by page kind (never the URL). */
  observeRender?: (ms: number, page: string) => void;
  /** The page cache's hits and misses for /metrics (members' pages bypass it and are not counted). */
  countCache?: (result: 'hit' | 'miss') => void;
  /** The visitors' pages every instance shares (decision 0034); none: each instance's memory only. */
  store?: PageStore;
  /** Keep these pages rendered in the store (every company's), in the background: the server's, not tests'. */
  warm?: { paths: () => Promise<string[]> };
}

/** The warmer's passes: the first soon after start, then every minute; a dropped page within 2 s. */
const WARM = { firstMs: 3_000, everyMs: 60_000, aheadMs: 2 * 60_000, jitterMs: 2_000 };

/** The first path segments the web app routes; anything else (a 404) is 'other', so labels stay few. */
const PAGE_KINDS = new Set([
  'stock',
  'favorite',
  'myPage',
  'notice',
  'event',
  'unlisted',
  'admin',
  'intro',
  'terms',
  'privacy',
  'caution',
  'auth',
]);

/** '/' → 'home', '/stock' → 'stock', '/stock/12' → 'stock/:id', '/admin/reports' → 'admin/reports', '/x' → 'other'. */
export function pageKind(url: string): string {
  const [first = '', second] = (url.split('?')[0] ?? '').split('/').filter(Boolean);
  if (!first) return 'home';
  if (!PAGE_KINDS.has(first)) return 'other';
  if (!second) return first;
  return first === 'admin' || first === 'unlisted' || first === 'myPage'
    ? `${first}/${/^[a-z-]+$/i.test(second) ? second : ':id'}`
    : `${first}/:id`;
}

/**
 * The pages a member is given as every visitor sees them, from the page cache, their member part
 * (header, stars, own listings) added by the browser after one small read (issue 24): the front page,
 * companies, content, policies, members' public pages, and the members-only pages whose lists read
 * themselves (관심 종목, 마이페이지, 내 매물). Messages, notifications and the console still render per
 * request.
 */
const SHARED_WITH_MEMBERS =
  /^\/(?:stock(?:\/\d+)?|member\/\d+|(?:notice|event|unlisted\/news|unlisted\/market)(?:\/[^/]+)?|intro|terms|privacy|caution|favorite|myPage(?:\/trades)?)?$/;

/** Whether a member's GET of `url` gets the visitors' shared page. */
export function sharedWithMembers(url: string): boolean {
  return SHARED_WITH_MEMBERS.test(url.split('?')[0] ?? '');
}

const COMPANY_TAG = PAGE_TAGS.company('');
/** The warmer's name for a page's members' copy (decision 0030): `member:` and the URL. */
const MEMBERS_COPY = 'member:';
/** The page-cache keys the shared store keeps (decision 0034): a company's page, a visitor's or a member's copy. */
const STORED_PAGE = /:(?:member:)?\/stock\/[1-9]\d{0,9}$/;

/** How long a visitor's page is kept; a write drops it sooner through the bus. */
export const PAGE_CACHE_MS = 5_000;

export function webBuildExists(webBuildDir: string): boolean {
  return existsSync(join(webBuildDir, 'server/index.js'));
}

/** Which build of React (react and react-dom/server) this process loaded: React picks it from NODE_ENV. */
export function reactBuildInUse(): 'production' | 'development' | 'mixed' | 'not loaded' {
  // Modules that ran: importing React from ESM also lists the other build's files, unexecuted.
  const ran = Object.values(createRequire(import.meta.url).cache).flatMap((m) => (m?.loaded ? [m.filename] : []));
  const builds = new Set(
    ran.map((path) => /[/\\]react(-dom)?[/\\]cjs[/\\]react(-dom-server\.node)?\.(production|development)\.js$/.exec(path)?.[3]),
  );
  builds.delete(undefined);
  if (builds.size === 0) return 'not loaded';
  if (builds.size > 1) return 'mixed';
  return builds.has('production') ? 'production' : 'development';
}

/**
 * Serves the web app: in production the build (hashed assets precompressed and immutable, other
 * GETs rendered by React Router, visitors' pages cached for a few seconds), in development the
 * source through Vite. Loaders read the services in process through `reads`, bound to the request.
 */
export async function registerSsr(app: FastifyInstance, options: SsrOptions) {
  const origin = new URL(options.publicUrl);
  const bridgeOf = (reads: ApiSsrReads, nonce: string, log: FastifyRequest['log'], url: string, memberPending = false): ApiSsrBridge => ({
    reads,
    memberPending,
    log: {
      error: (error, message) => log.error({ err: error, url: redactPath(url) }, message),
      warn: (error, message) => log.warn({ err: error, url: redactPath(url) }, message),
    },
    demoData: options.demoData,
    publicUrl: options.publicUrl,
    introUrl: options.introUrl,
    nonce,
  });
  const bridgeFor = (req: FastifyRequest, tags: Set<string>, nonce: string, memberPending = false): ApiSsrBridge =>
    // The shared page is read as a visitor's, whatever the request carries.
    bridgeOf(
      options.reads({ accessToken: memberPending ? undefined : accessTokenOf(req), ip: req.ip }, tags),
      nonce,
      req.log,
      req.url,
      memberPending,
    );
  // The canonical origin, not the Host header, is the page's URL: nothing a client sends in Host
  // can reach a rendered (and cached) page.
  const requestOf = (req: FastifyRequest, reply: FastifyReply) =>
    createRequest(req.raw, reply.raw, { host: origin.host, protocol: origin.protocol });

  if (options.mode === 'development') return registerDevelopment(app, bridgeFor, requestOf, options.pagePolicy);

  const build = (await import(pathToFileURL(join(options.webBuildDir, 'server/index.js')).href)) as ServerBuild;
  // React picks its build from NODE_ENV when first loaded; its development build costs 1.7× the CPU
  // per page. `npm start` and the deployment set NODE_ENV=production; say which one renders.
  const react = reactBuildInUse();
  if (react === 'production') app.log.info({ react }, 'web app: pages render with React production build');
  else
    app.log.warn(
      { react, nodeEnv: process.env.NODE_ENV },
      'web app: pages render with React development build (slower); set NODE_ENV=production',
    );
  const entry = build.entry.module as unknown as WebEntryModule;
  const handle = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: join(options.webBuildDir, 'client'),
    wildcard: false,
    decorateReply: false,
    // `.br` and `.gz` siblings written at build time (apps/web/precompress.ts) are sent as they are:
    // no compression per request.
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz'],
    setHeaders(res, path) {
      // The service worker is checked for a new version on every visit: no cache in between may hold an old one.
      const cache = path.includes('/assets/')
        ? 'public, max-age=31536000, immutable'
        : /\/sw\.js(\.br|\.gz)?$/.test(path)
          ? 'no-cache'
          : 'public, max-age=3600';
      res.header('cache-control', cache);
      res.header('x-content-type-options', 'nosniff');
    },
  });

  const keyPrefix = options.cacheKeyPrefix ?? (() => '');
  // The build's version is part of every key: the store outlives a deployment, its pages name their assets.
  const keyOf = (url: string, shared = false) => `${keyPrefix()}${build.assets.version}:${shared ? MEMBERS_COPY : ''}${url}`;
  let dropped: ((path: string | undefined) => void) | undefined;
  const cache = createPageCache({
    ttlMs: PAGE_CACHE_MS,
    keptMs: KEPT_PAGE_MS,
    maxEntries: 1000,
    ...(options.store && {
      store: options.store,
      storedMs: STORED_PAGE_MS,
      // A company's page at its canonical URL only: a query string or a leading zero is anyone's
      // to vary, and each would be a row.
      storable: (key: string) => STORED_PAGE.test(key),
      afterDrop: (tag: string | undefined) => {
        if (tag === undefined) return dropped?.(undefined);
        if (!tag.startsWith(COMPANY_TAG)) return;
        const path = `/stock/${tag.slice(COMPANY_TAG.length)}`;
        dropped?.(path);
        dropped?.(`${MEMBERS_COPY}${path}`);
      },
      onStoreError: (error: unknown) => app.log.warn({ err: error }, 'shared page store failed; pages render as without it'),
    }),
  });
  const stopListening = cache.listen(options.bus);
  app.addHook('onClose', async () => stopListening());

  if (options.store && options.warm) {
    const { paths } = options.warm;
    // Each company's page twice: the visitors' copy, and the members' (decision 0030: the same page
    // but for the flag that has the browser load its member), which a member's visit asks for.
    const member = (target: string) => target.startsWith(MEMBERS_COPY);
    const urlOf = (target: string) => (member(target) ? target.slice(MEMBERS_COPY.length) : target);
    const warmer = createPageWarmer({
      ...WARM,
      paths: async () => (await paths()).flatMap((path) => [path, `${MEMBERS_COPY}${path}`]),
      keyOf: (target) => keyOf(urlOf(target), member(target)),
      store: options.store,
      log: app.log,
      // A pass over hundreds of pages leaves a grown heap that an idle server would keep (decision 0013).
      afterPass: (rendered) => {
        if (rendered >= 100) releaseMemory();
      },
      fill: (target) => {
        const tags = new Set<string>();
        const nonce = newNonce();
        const url = urlOf(target);
        return cache.fill(
          keyOf(url, member(target)),
          async () => {
            // As a visitor's request, with no credentials (the members' copy too, as on the request path).
            const reads = options.reads({ accessToken: undefined, ip: '127.0.0.1' }, tags);
            const bridge = bridgeOf(reads, nonce, app.log, url, member(target));
            const response = await handle(new Request(new URL(url, origin)), entry.createLoadContext(bridge));
            return storablePage(response, tags, nonce);
          },
          (page) => page,
        );
      },
    });
    dropped = warmer.dropped;
    app.addHook('onReady', async () => warmer.start(WARM.firstMs));
    app.addHook('onClose', async () => warmer.stop());
  }

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      // Fresh for every response, a cached page's too: the page's scripts get it spliced in.
      const nonce = newNonce();
      reply.header('content-security-policy', options.pagePolicy(nonce));
      const tags = new Set<string>();
      const member = isMemberRequest(req);
      const shared = member && sharedWithMembers(req.url);
      const render = async () => {
        const started = performance.now();
        const request = shared ? withoutCredentials(requestOf(req, reply)) : requestOf(req, reply);
        const response = await handle(request, entry.createLoadContext(bridgeFor(req, tags, nonce, shared)));
        // Until the shell is ready (the stream of a member's page goes on after this).
        options.observeRender?.(performance.now() - started, pageKind(req.url));
        return response;
      };
      if (member && !shared) return sendRendered(reply, await render(), true, 'bypass');
      const result = await cache.get(
        // A member's copy differs from a visitor's by one flag (the browser loads its member).
        keyOf(req.url, shared),
        async (): Promise<{ page: CachedPage } | { response: Response }> => {
          const response = await render();
          const page = await storablePage(response, tags, nonce);
          return page ? { page } : { response };
        },
        (rendered) => ('page' in rendered ? rendered.page : null),
      );
      options.countCache?.('hit' in result ? 'hit' : 'miss');
      if ('hit' in result) return sendPage(req, reply, result.hit, result.stored ? 'store' : 'hit', nonce, member);
      const rendered = result.rendered;
      return 'page' in rendered
        ? sendPage(req, reply, rendered.page, 'miss', nonce, member)
        : sendRendered(reply, rendered.response, member, 'miss');
    },
  });
}

/** The request as a visitor's: no cookie, no Authorization (a shared page reads nothing of the member). */
function withoutCredentials(request: Request): Request {
  const headers = new Headers(request.headers);
  headers.delete('cookie');
  headers.delete('authorization');
  return new Request(request.url, { method: request.method, headers, signal: request.signal });
}

/** `npm run dev`: Vite's middlewares first (modules, HMR, public files), then React Router over the live source. */
async function registerDevelopment(
  app: FastifyInstance,
  bridgeFor: (req: FastifyRequest, tags: Set<string>, nonce: string) => ApiSsrBridge,
  requestOf: (req: FastifyRequest, reply: FastifyReply) => Request,
  pagePolicy: PagePolicy,
) {
  const vite = await createWebDevServer(app.server);
  app.addHook('onClose', async () => vite.close());
  const handle = await vite.requestHandler();
  app.log.info('web app: served from source by Vite (hot reload)');

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: (req, reply) => {
      reply.hijack();
      vite.middlewares(req.raw, reply.raw, async () => {
        try {
          const nonce = newNonce();
          // Hijacked: straight onto the raw response, over the inert default.
          reply.raw.setHeader('content-security-policy', pagePolicy(nonce));
          const entry = (await vite.build()).entry.module as unknown as WebEntryModule;
          const response = await handle(requestOf(req, reply), entry.createLoadContext(bridgeFor(req, new Set(), nonce)));
          await sendResponse(reply.raw, response);
        } catch (error) {
          vite.fixStacktrace(error);
          req.log.error({ err: error, url: redactPath(req.url) }, 'page failed');
          if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
          reply.raw.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
        }
      });
    },
  });
}

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@remix-run/node-fetch-server';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';

/** What SSR loaders may ask of the server: an in-process API call through the same routes. */
export interface SsrBridge {
  /** GET through the app's own routes; pass the visitor's cookie header to act as them. */
  api(path: string, init?: { cookie?: string }): Promise<{ status: number; body: unknown }>;
  demoData: () => boolean;
  publicUrl: string;
}

interface WebEntryModule {
  createLoadContext(bridge: SsrBridge, request: Request): unknown;
}

export function webBuildExists(webBuildDir: string): boolean {
  return existsSync(join(webBuildDir, 'server/index.js'));
}

/**
 * Serves the built web app: hashed assets with long-lived caching, other client files, and
 * every other GET through React Router's SSR handler. Loaders reach the API in process.
 */
export async function registerSsr(app: FastifyInstance, options: { webBuildDir: string; bridge: SsrBridge; mode: string }) {
  const build = (await import(pathToFileURL(join(options.webBuildDir, 'server/index.js')).href)) as ServerBuild;
  const entry = build.entry.module as unknown as WebEntryModule;
  const handle = createRequestHandler(build, options.mode);

  await app.register(fastifyStatic, {
    root: join(options.webBuildDir, 'client'),
    wildcard: false,
    decorateReply: false,
    setHeaders(res, path) {
      res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      res.header('x-content-type-options', 'nosniff');
    },
  });

  const listener = createRequestListener((request) => handle(request, entry.createLoadContext(options.bridge, request) as never));

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (req, reply) => {
      reply.hijack();
      await listener(req.raw, reply.raw);
    },
  });
}

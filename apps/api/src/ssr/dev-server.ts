import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import type { createRequestHandler, ServerBuild } from 'react-router';

/** apps/web: the React Router app that `npm run dev` serves from source. */
export const WEB_ROOT = resolve(import.meta.dirname, '../../../web');

export interface WebDevServer {
  /** The server build as it stands now (Vite reloads what changed). */
  build(): Promise<ServerBuild>;
  /**
   * React Router's request handler over `build`, from the copy of react-router that the app's code
   * runs with in development (its development build): the load context the app makes must be an
   * instance of that copy's RouterContextProvider.
   */
  requestHandler(): Promise<ReturnType<typeof createRequestHandler>>;
  /** Vite's middlewares: modules, HMR client, public files; `next` for everything else. */
  middlewares(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void;
  /** Maps a server-side stack trace back to the source files. */
  fixStacktrace(error: unknown): void;
  close(): Promise<void>;
}

/**
 * `npm run dev`: Vite in middleware mode inside the API process, so that pages are rendered from
 * apps/web's source with hot reload while loaders keep reading the services in process. Its HMR
 * WebSocket shares the API's HTTP server (and port). Vite is a development dependency, imported
 * only here.
 */
export async function createWebDevServer(httpServer: Server): Promise<WebDevServer> {
  const { createServer } = await import('vite');
  const vite = await createServer({
    root: WEB_ROOT,
    configFile: resolve(WEB_ROOT, 'vite.config.ts'),
    appType: 'custom',
    server: { middlewareMode: true, hmr: { server: httpServer } },
  });
  const build = () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
  return {
    build,
    requestHandler: async () => {
      const router = (await vite.ssrLoadModule('react-router')) as { createRequestHandler: typeof createRequestHandler };
      return router.createRequestHandler(build, 'development');
    },
    middlewares: (req, res, next) => vite.middlewares(req, res, next),
    fixStacktrace: (error) => {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
    },
    close: () => vite.close(),
  };
}

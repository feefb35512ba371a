import { PassThrough, Readable } from 'node:stream';
import { createElement as h } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, Links, Meta, Scripts, type ServerBuild, ServerRouter, useLoaderData } from 'react-router';

/**
 * The baseline page: a React Router 8 build with one route, written by hand (what `react-router
 * build` emits for a one-route app, without Vite): a loader, a document with Meta, Links and the
 * hydration Scripts, rendered by the same entry as apps/web's (renderToPipeableStream).
 */
function Root() {
  const data = useLoaderData() as { name: string; price: number };
  return h(
    'html',
    { lang: 'ko' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h(Meta),
      h(Links),
    ),
    h('body', null, h('h1', null, data.name), h('p', null, `${data.price.toLocaleString('ko-KR')}원`), h(Scripts)),
  );
}

const root = {
  default: Root,
  loader: async () => ({ name: '비상테크', price: 12_345 }),
  meta: () => [{ title: '비상테크 - 비상' }],
};

function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext): Promise<Response> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(ServerRouter, { context, url: request.url }), {
      onShellReady() {
        const body = new PassThrough();
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(Readable.toWeb(body) as ReadableStream, { headers, status }));
      },
      onShellError: reject,
    });
  });
}

const routeManifest = {
  id: 'root',
  parentId: undefined,
  path: '',
  index: undefined,
  caseSensitive: undefined,
};

export const build = {
  entry: { module: { default: handleRequest } },
  routes: { root: { ...routeManifest, module: root } },
  assets: {
    entry: { module: '/assets/entry.client.js', imports: [], css: [] },
    routes: {
      root: {
        ...routeManifest,
        hasAction: false,
        hasLoader: true,
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasDefaultExport: true,
        hasErrorBoundary: false,
        module: '/assets/root.js',
        imports: [],
        css: [],
      },
    },
    url: '/assets/manifest.js',
    version: '1',
  },
  publicPath: '/',
  assetsBuildDirectory: 'build/client',
  basename: '/',
  future: {},
  ssr: true,
  isSpaMode: false,
  prerender: [],
  routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
  allowedActionOrigins: false,
} as unknown as ServerBuild;

import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, type RouterContextProvider, ServerRouter } from 'react-router';
import { bridge } from './lib/server-context';
import type { SsrLog } from './lib/ssr-reads';

export { createLoadContext } from './lib/server-context';

export const streamTimeout = 5_000;

/**
 * Loader and render failures go to the server's structured log, with the request id. Only a server
 * that handed over no bridge (a context React Router refused) leaves the console to it.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  logOf(context).error(error, 'page failed');
};

function logOf(context: Readonly<RouterContextProvider> | undefined): Pick<SsrLog, 'error'> {
  try {
    if (context) return bridge(context).log;
  } catch {
    // no bridge in this context
  }
  return { error: (error) => console.error(error) };
}

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  // The response's Content-Security-Policy names this nonce; every script React and React Router
  // write carries it (ServerRouter hands it to <Scripts>, <ScrollRestoration> and <Links>).
  const { log, nonce } = bridge(loadContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers get the complete document; people get the shell as soon as it is ready.
    const ready = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeout: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={nonce} />, {
      nonce,
      [ready]() {
        shellRendered = true;
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timeout);
            timeout = undefined;
            callback();
          },
        });
        // The safety headers come from the server (apps/api/src/plugins/security-headers.ts).
        headers.set('Content-Type', 'text/html; charset=utf-8');
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      },
      onShellError: reject,
      onError(error: unknown) {
        status = 500;
        // Before the shell, React Router renders the error page and logs through handleError.
        if (shellRendered) log.error(error, 'page failed while streaming');
      },
    });
  });
}

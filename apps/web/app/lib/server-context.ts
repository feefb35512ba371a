import { createContext, RouterContextProvider } from 'react-router';
import type { SsrBridge, SsrReadFailure, SsrReads } from './ssr-reads';

export type { SsrBridge } from './ssr-reads';

/** What the server hands to loaders: typed in-process reads bound to the request, and its logger. */
export const bridgeContext = createContext<SsrBridge>();

export function createLoadContext(bridge: SsrBridge): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(bridgeContext, bridge);
  return context;
}

interface ContextReader {
  get<T>(key: ReturnType<typeof createContext<T>>): T;
}

export function bridge(context: ContextReader): SsrBridge {
  return context.get(bridgeContext);
}

/** The HTTP status a failed read stands for (its route's answer), or undefined for an unexpected failure. */
export function readStatus(error: unknown): number | undefined {
  const status = (error as Partial<SsrReadFailure> | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/**
 * A read a page cannot do without. A 404 becomes the route's 404 page; a 400 (a malformed id in the
 * URL) also renders as "not found" to the visitor; another refusal is the error page. An unexpected
 * failure is thrown as it is, so that it reaches the log with its stack.
 */
export async function pageRead<T>(context: ContextReader, read: (reads: SsrReads) => Promise<T>): Promise<T> {
  try {
    return await read(bridge(context).reads);
  } catch (error) {
    const status = readStatus(error);
    if (status === 404 || status === 400) throw new Response('Not Found', { status: 404 });
    if (status !== undefined) throw new Response('Server Error', { status: 500 });
    throw error;
  }
}

/**
 * A read a page can do without: null when it fails (the page shows the gap or fetches again from
 * the browser). Unexpected failures are logged; refusals (401, 403, …) are an answer, not a fault.
 */
export async function optionalRead<T>(context: ContextReader, read: (reads: SsrReads) => Promise<T>, what: string): Promise<T | null> {
  const b = bridge(context);
  try {
    return await read(b.reads);
  } catch (error) {
    if (readStatus(error) === undefined) b.log.warn(error, `${what} could not be read for the page; it loads in the browser`);
    return null;
  }
}

/** Whether the request carries cookie `name` (with exactly `value`, when given). */
export function hasCookie(request: Pick<Request, 'headers'>, name: string, value?: string): boolean {
  const pairs = (request.headers.get('cookie') ?? '').split(/;\s*/);
  return pairs.some((pair) => (value === undefined ? pair.startsWith(`${name}=`) : pair === `${name}=${value}`));
}

/**
 * A member's read for the first HTML: null for a visitor without an access token (no read at all)
 * and whenever the server cannot answer for them (an expired token, a suspension, not staff); the
 * page fetches then.
 */
export function memberRead<T>(
  context: ContextReader,
  request: Request,
  read: (reads: SsrReads) => Promise<T>,
  what: string,
): Promise<T | null> {
  if (!hasCookie(request, 'ACCESS_TOKEN')) return Promise.resolve(null);
  return optionalRead(context, read, what);
}

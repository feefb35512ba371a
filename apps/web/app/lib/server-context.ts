import { createContext, RouterContextProvider } from 'react-router';

/** What the server hands to loaders: an in-process call into the API's own routes. */
export interface SsrBridge {
  /** GET through the app's own routes; pass the visitor's cookie header to act as them. */
  api(path: string, init?: { cookie?: string }): Promise<{ status: number; body: unknown }>;
  demoData: () => boolean;
  publicUrl: string;
}

export const bridgeContext = createContext<SsrBridge>();

export function createLoadContext(bridge: SsrBridge): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(bridgeContext, bridge);
  return context;
}

interface ContextReader {
  get<T>(key: ReturnType<typeof createContext<T>>): T;
}

/**
 * GET an API path from a loader and unwrap `{ result }`. A 404 becomes the route's 404 page;
 * a 400 (a malformed id in the URL) also renders as "not found" to the visitor.
 */
export async function apiGet<T>(context: ContextReader, path: string): Promise<T> {
  const { status, body } = await context.get(bridgeContext).api(path);
  if (status === 404 || status === 400) throw new Response('Not Found', { status: 404 });
  if (status >= 300) throw new Response('Server Error', { status: 500 });
  return (body as { result: T }).result;
}

export function bridge(context: ContextReader): SsrBridge {
  return context.get(bridgeContext);
}

/** Whether the request carries cookie `name` (with exactly `value`, when given). */
export function hasCookie(request: Pick<Request, 'headers'>, name: string, value?: string): boolean {
  const pairs = (request.headers.get('cookie') ?? '').split(/;\s*/);
  return pairs.some((pair) => (value === undefined ? pair.startsWith(`${name}=`) : pair === `${name}=${value}`));
}

/**
 * GET an API path as the visitor (their cookies) and unwrap `{ result }`: what a member's page
 * shows in its first HTML. null for a visitor without an access token (no call at all) and
 * whenever the API cannot answer for them (an expired token, say); the page fetches then.
 */
export async function memberApiGet<T>(context: ContextReader, request: Request, path: string): Promise<T | null> {
  if (!hasCookie(request, 'ACCESS_TOKEN')) return null;
  try {
    const { status, body } = await bridge(context).api(path, { cookie: request.headers.get('cookie') ?? '' });
    return status === 200 ? ((body as { result?: T }).result ?? null) : null;
  } catch {
    return null;
  }
}

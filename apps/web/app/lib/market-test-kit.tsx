import type { UserDetail } from '@beesang/contract';
import { act, fireEvent, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { type Mock, vi } from 'vitest';
import { NotifyProvider } from './notify';
import { SessionProvider, useSession } from './session';
import { TEST_MEMBER } from './test-member';

/**
 * Shared by the favourites, discussion and report component tests: the app's providers around a
 * component, and the API answered by handlers keyed 'METHOD /path' (query string included). Only
 * the network is replaced; every component, hook and the api-client itself are the real ones.
 */

/** An identity-verified member (REGULAR), who may write; TEST_MEMBER itself is COMMON. */
export const REGULAR_MEMBER: UserDetail = { ...TEST_MEMBER, userLevel: 2 };

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (call: Call) => Response | Promise<Response>;
export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

export function reply(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}
export const ok = (result: unknown) => reply(200, { result });

/** Stubs fetch; an unexpected call fails the test. `calls` lists every request, in order. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: Call[] = [];
  const mock: FetchMock = vi.fn(async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => {
      headers[k.toLowerCase()] = v;
    });
    const call: Call = {
      method: init?.method ?? 'GET',
      path: String(input),
      headers,
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    if (!handler) throw new Error(`unexpected call ${call.method} ${call.path}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', mock);
  return { mock, calls, routes };
}

function SessionProbe() {
  const session = useSession();
  return (
    <p data-testid="session-probe" hidden>
      {session.loginDialogOpen ? 'login-open' : ''}
    </p>
  );
}

/** Renders `element` at `path` inside the notify and session providers of the app, in a data router. */
export function renderInApp(element: ReactNode, opts: { user?: UserDetail | null; path?: string } = {}) {
  const path = opts.path ?? '/';
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <SessionProvider initialUser={opts.user === undefined ? REGULAR_MEMBER : opts.user}>
              <SessionProbe />
              <Outlet />
            </SessionProvider>
          </NotifyProvider>
        ),
        children: [
          path === '/' ? { index: true, element } : { path: path.slice(1), element },
          { path: 'stock', element: <p>stock list</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

export const loginDialogOpened = () =>
  document.querySelector('[data-testid="session-probe"]')?.textContent?.includes('login-open') ?? false;
/** Lets the fetch promise chains (and any due timers) settle. */
export async function settle(ms = 0) {
  await act(async () => {
    if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(ms);
    else await new Promise((r) => setTimeout(r, ms));
  });
}

export function click(element: Element) {
  act(() => {
    fireEvent.click(element);
  });
}

export function key(element: Element, k: string) {
  act(() => {
    fireEvent.keyDown(element, { key: k });
  });
}

export function typeInto(element: Element, value: string) {
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
}

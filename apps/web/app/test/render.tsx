import type { UserDetail } from '@beesang/contract';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, type RouteObject, RouterProvider } from 'react-router';
import { NotifyProvider } from '../lib/notify';
import { SessionProvider, useSession } from '../lib/session';
import { click } from './dom';
import { REGULAR_MEMBER } from './members';

/** What the session holds, kept out of the page's roles and text so that no query finds it by accident. */
function SessionProbe() {
  const session = useSession();
  const gates = `login ${session.loginDialogOpen ? 'open' : 'closed'}, identity ${session.identityDialogOpen ? 'open' : 'closed'}`;
  return (
    <div hidden data-testid="session-probe" data-member={session.user?.userNickname ?? 'guest'} data-gates={gates}>
      <button type="button" onClick={session.openLoginDialog}>
        open login
      </button>
    </div>
  );
}

const probe = () => screen.getByTestId('session-probe');
/** The signed-in member's nickname, or 'guest'. */
export const member = () => probe().dataset.member;
/** Which gate dialogs the session has open: 'login open|closed, identity open|closed'. */
export const gates = () => probe().dataset.gates;
export const loginDialogOpened = () => gates()?.startsWith('login open') ?? false;
/** What every "needs login" control does. */
export const openLoginDialog = () => click(probe().querySelector('button') as HTMLButtonElement);

export interface AppOptions {
  /** The member the session starts with; null for a visitor. Default: an identity-verified member. */
  user?: UserDetail | null;
  /** Where `element` is routed, and where the test starts; a query string only sets where it starts. */
  path?: string;
  /** Rendered on every page above it, as the app's shell does (a header, the login dialog). */
  layout?: ReactNode;
  /** The server saw a session to resume (lapsed access token), as the root loader reports it. */
  resumable?: boolean;
  /** Other pages the page under test leads to, e.g. `{ path: 'messages/:id', element: <p>conversation</p> }`. */
  routes?: RouteObject[];
  /** Providers around the layout and every page, as the app's shell has them (the live channel), kept across navigations. */
  around?(children: ReactNode): ReactNode;
}

/** Renders `element` at `path` inside the app's notify and session providers, in a data router. */
export function renderInApp(element: ReactNode, opts: AppOptions = {}) {
  const start = opts.path ?? '/';
  const path = start.split('?')[0] as string;
  const pages: RouteObject[] = [
    path === '/' ? { index: true, element } : { path: path.slice(1), element },
    // Where the pages under test send the visitor.
    ...(path === '/' ? [] : [{ index: true, element: <p>home</p> }]),
    ...(path === '/stock' ? [] : [{ path: 'stock', element: <p>stock list</p> }]),
    ...(opts.routes ?? []),
  ];
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <SessionProvider initialUser={opts.user === undefined ? REGULAR_MEMBER : opts.user} resumable={opts.resumable}>
              <SessionProbe />
              {(opts.around ?? ((children: ReactNode) => children))(
                <>
                  {opts.layout}
                  <Outlet />
                </>,
              )}
            </SessionProvider>
          </NotifyProvider>
        ),
        children: pages,
      },
    ],
    { initialEntries: [start] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

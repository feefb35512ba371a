import { PRODUCT_NAME } from '@beesang/contract';
import { useState } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import './lib/fonts.client';
import { CustomerCentreModal } from './components/layout/customer-centre-modal';
import { DemoBadge } from './components/layout/demo-badge';
import { FloatingWidgets } from './components/layout/floating';
import { Footer } from './components/layout/footer';
import { Header } from './components/layout/header';
import { IdentityRequiredDialog } from './components/layout/identity-required-dialog';
import { NotFound } from './components/layout/not-found';
import { dismissedSanctionNotice, SanctionNotice } from './components/layout/sanction-notice';
import { PageFailed } from './components/ui/list-state';
import { OnDemandLoginDialog, preloadLoginDialog } from './features/auth/login-dialog-on-demand';
import { SearchBox } from './features/search/search-box';
import { preloadTradeModal, TradeModalProvider, useTradeModal } from './features/trade/modal/trade-modal-provider';
import { companyOfProfile } from './features/trade/shared/trade-draft';
import { LiveProvider, useUnreadCount, useUnreadNotifications } from './lib/live-provider';
import { NotifyProvider } from './lib/notify';
import { usePageViews } from './lib/page-views';
import { appQrSvg } from './lib/qr.server';
import { bridge, hasCookie, memberRead, optionalRead } from './lib/server-context';
import { revalidatingForMember, SAME_FOR_MEMBERS, SessionProvider, useSession } from './lib/session';
import type { loader as stockDetailLoader } from './routes/stock-detail';

// The member and the header's counts are read by SessionProvider and LiveProvider once the member is
// known: a shared page's root needs no second read for them (issue 24).
export const handle = SAME_FOR_MEMBERS;
export const shouldRevalidate: ShouldRevalidateFunction = ({ defaultShouldRevalidate }) =>
  revalidatingForMember() ? false : defaultShouldRevalidate;

export async function loader({ context, request }: Route.LoaderArgs) {
  const b = bridge(context);
  // The member the cookies belong to, so that the first HTML already shows the logged-in header.
  const [user, unread, unreadNotifications, qrSvg, socialProviders] = await Promise.all([
    memberRead(context, request, (reads) => reads.me(), 'the member'),
    // The header's message badge (issue 22) and bell (issue 23): counts only, one cheap read each;
    // the live channel keeps them current from then on.
    memberRead(context, request, (reads) => reads.unreadMessages(), 'the unread message count'),
    memberRead(context, request, (reads) => reads.unreadNotifications(), 'the unread notification count'),
    appQrSvg(),
    optionalRead(context, (reads) => reads.socialProviders(), 'the social sign-in providers'),
  ]);
  const sanctionNoticeDismissed = user ? dismissedSanctionNotice(request.headers.get('cookie') ?? '') : null;
  // No member yet, but the browser has a session: the visitors' shared page (its member is loaded by
  // the browser, issue 24), or an access token that lapsed while a refresh token was issued.
  const sessionResumable = b.memberPending === true || (!user && hasCookie(request, 'BEESANG_SESSION', '1'));
  return {
    demoData: b.demoData(),
    origin: b.publicUrl,
    // The header's 서비스 소개: an external page when INTRO_URL is set (decision 0020).
    introUrl: b.introUrl ?? null,
    qrSvg,
    user,
    unreadMessages: user ? (unread?.unreadCount ?? null) : null,
    unreadNotifications: user ? (unreadNotifications?.unreadCount ?? null) : null,
    // Which social sign-in buttons to show: only the providers this server is configured for.
    socialProviders: socialProviders ?? [],
    sanctionNoticeDismissed,
    sessionResumable,
  };
}

export const links: Route.LinksFunction = () => [
  // With a precedence React writes the stylesheet first in <head>, ahead of the scripts' modulepreloads,
  // so that the one render-blocking request starts first.
  { rel: 'stylesheet', href: appCss, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="ko">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#ffffff" />
        <Meta />
        {/* No nonce on links (ServerRouter's would be the default): 'self' covers what they load, and the
            browser hides a nonce's value, so the client would hydrate them with a mismatch. */}
        <Links nonce="" />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Header, footer and the shared widgets around a page; also around the 404 and error pages. */
function Shell({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const { pathname } = useLocation();
  const trade = useTradeModal();
  const session = useSession();
  const unreadMessages = useUnreadCount();
  const unreadNotifications = useUnreadNotifications();
  // On a stock page the header's register button starts a listing for that stock (spec §4).
  const stockPage = useRouteLoaderData<typeof stockDetailLoader>('routes/stock-detail');
  const [qrOpen, setQrOpen] = useState(false);
  usePageViews();
  // Callback routes (OAuth, identity verification) render bare (spec §2).
  if (pathname.includes('callback')) return <>{children}</>;
  const qrSvg = data?.qrSvg ?? '';
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-control focus:bg-white focus:p-2"
      >
        본문으로 건너뛰기
      </a>
      {data?.demoData && <DemoBadge />}
      <Header
        search={<SearchBox />}
        introUrl={data?.introUrl ?? null}
        unreadMessages={unreadMessages}
        unreadNotifications={unreadNotifications}
        onOpenCustomerCentre={() => setQrOpen(true)}
        onRegister={() => trade.register(stockPage ? companyOfProfile(stockPage.profile) : null)}
        onLoginIntent={preloadLoginDialog}
        // A visitor's register button opens the login dialog.
        onRegisterIntent={session.isLoggedIn ? preloadTradeModal : preloadLoginDialog}
      />
      <SanctionNotice dismissed={data?.sanctionNoticeDismissed ?? null} onOpenCustomerCentre={() => setQrOpen(true)} />
      <main id="main" className="mx-auto min-h-[60vh] max-w-[1200px] px-4 py-6">
        {children}
      </main>
      <Footer onOpenCustomerCentre={() => setQrOpen(true)} />
      <FloatingWidgets qrSvg={qrSvg} />
      <CustomerCentreModal open={qrOpen} onClose={() => setQrOpen(false)} qrSvg={qrSvg} />
      <OnDemandLoginDialog />
      <IdentityRequiredDialog />
    </>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  return (
    <NotifyProvider>
      <SessionProvider initialUser={data?.user ?? null} resumable={data?.sessionResumable ?? false}>
        <LiveProvider initialUnread={data?.unreadMessages ?? null} initialNotifications={data?.unreadNotifications ?? null}>
          <TradeModalProvider>
            <Shell>{children}</Shell>
          </TradeModalProvider>
        </LiveProvider>
      </SessionProvider>
    </NotifyProvider>
  );
}

export default function App() {
  return (
    <Frame>
      <Outlet />
    </Frame>
  );
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [{ title: PRODUCT_NAME }];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: notFound ? `페이지를 찾을 수 없습니다 | ${PRODUCT_NAME}` : `오류 | ${PRODUCT_NAME}` },
    { name: 'robots', content: 'noindex' },
  ];
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <Frame>{notFound ? <NotFound /> : <PageFailed />}</Frame>;
}

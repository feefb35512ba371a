import { PRODUCT_NAME } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { fetchMyDetail, useSession } from '../lib/session';
import { finishSocialLogin, SOCIAL_NAMES, type SocialName, socialErrorMessage } from '../lib/social-login';
import type { Route } from './+types/auth-callback';

export const meta: Route.MetaFunction = () => [{ title: PRODUCT_NAME }, { name: 'robots', content: 'noindex' }];

/**
 * OAuth providers return here; rendered without header and footer (spec §2). Apple answers with a
 * form POST to the server, which sends the browser on here the same way (code and state, sealed).
 */
export default function AuthCallback({ params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const session = useSession();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const provider = params.provider as SocialName;
  const known = provider in SOCIAL_NAMES;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    // The provider's `iss` (RFC 9207), when it sends one, is checked by the server with the rest.
    const iss = search.get('iss') ?? undefined;
    // The code is single-use and now in hand: keep it out of the history and of any later Referer.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (!known || !code || !state) {
      setError(search.get('error_description') ?? '로그인이 취소되었거나 올바르지 않은 요청입니다.');
      return;
    }
    finishSocialLogin(provider, { code, state, iss })
      .then(fetchMyDetail)
      .then((user) => {
        session.signIn(user);
        // A full load so every page renders from the new session cookies.
        window.location.replace('/');
      })
      .catch((e: unknown) => setError(socialErrorMessage(e)));
  }, [known, provider, search, session]);

  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center">
      {error ? (
        <>
          <h1 className="text-lg font-bold">로그인하지 못했습니다</h1>
          <p className="text-sm text-ink-2" role="alert">
            {error}
          </p>
          <Link to="/" className="mt-3 rounded-control bg-brand px-5 py-3 font-semibold text-white">
            홈으로
          </Link>
        </>
      ) : (
        <>
          <div className="size-10 animate-spin rounded-full border-4 border-line border-t-brand" aria-hidden="true" />
          <h1 className="text-lg font-bold">로그인 처리 중입니다</h1>
          <p className="text-sm text-ink-2">
            {known ? SOCIAL_NAMES[provider] : params.provider} 인증 결과를 확인하고 있어요. 잠시만 기다려주세요.
          </p>
        </>
      )}
    </main>
  );
}

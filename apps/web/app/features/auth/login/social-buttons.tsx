import { useRouteLoaderData } from 'react-router';
import { SOCIAL_NAMES, type SocialName } from '../../../lib/social-login';

const STYLE: Record<SocialName, string> = {
  kakao: 'bg-[#FEE500] text-[#191919]',
  // Naver's green, deepened until its white text reads at 4.8:1 (#03A94D gave 3.1:1).
  naver: 'bg-[#02843B] text-white',
  google: 'bg-white text-ink ring-1 ring-line',
  apple: 'bg-black text-white',
};

/** Buttons for the social providers this server has configured, and only those. */
export function SocialButtons() {
  // The root loader asks the server once per page load; outside the app shell there are none.
  const root = useRouteLoaderData('root') as { socialProviders?: string[] } | undefined;
  const providers = (root?.socialProviders ?? []).filter((n): n is SocialName => n in SOCIAL_NAMES);
  if (providers.length === 0) return null;
  return (
    <div className="mt-6">
      <p className="mb-3 text-center text-xs text-ink-3">또는 간편하게</p>
      <div className="grid gap-2">
        {providers.map((p) => (
          // A full navigation: the provider's pages live on another origin.
          <a
            key={p}
            href={`/api/auth/social/${p}/authorize`}
            className={`flex h-11 items-center justify-center rounded-control text-[15px] font-semibold ${STYLE[p]}`}
          >
            {SOCIAL_NAMES[p]}로 계속하기
          </a>
        ))}
      </div>
    </div>
  );
}

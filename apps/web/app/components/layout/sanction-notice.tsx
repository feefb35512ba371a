import { formatMonthDayTime, SanctionState, tradeMessages as t, type UserDetail } from '@beesang/contract';
import { useState } from 'react';
import { useSession } from '../../lib/session';

/** Remembers a dismissed notice until the browser session ends: it has no expiry. */
export const SANCTION_NOTICE_COOKIE = 'SANCTION_NOTICE_DISMISSED';

/** The sanctions a member is told about here (decision 0003); SUSPEND cannot sign in at all. */
const NOTICE: Partial<Record<number, string>> = {
  [SanctionState.WARN]: t.sanctionWarn,
  [SanctionState.STOP_DEBATE]: t.sanctionStopDebate,
  [SanctionState.STOP_TRADE]: t.sanctionStopTrade,
};

/** What a dismissal was for: this member in this state, so that a new sanction is shown again. */
const noticeKey = (user: UserDetail) => `${user.userIdx}-${user.sanctionState}`;

/** The dismissal the request's cookies carry, so the server renders the page as the member left it. */
export function dismissedSanctionNotice(cookieHeader: string): string | null {
  const match = new RegExp(`(?:^|;\\s*)${SANCTION_NOTICE_COOKIE}=([\\w-]+)`).exec(cookieHeader);
  return match?.[1] ?? null;
}

/**
 * Site-wide, under the header: a member under a sanction (WARN, STOP_DEBATE, STOP_TRADE) reads
 * why, with the way to the customer centre. Closed, it stays closed for this browser session.
 */
export function SanctionNotice(props: { dismissed: string | null; onOpenCustomerCentre(): void }) {
  const { user } = useSession();
  // A shared page (issue 24) came without it: the browser has the cookie too. The notice shows only
  // once the member is known, after hydration, so both renders agree.
  const [dismissed, setDismissed] = useState(
    () => props.dismissed ?? (typeof document === 'undefined' ? null : dismissedSanctionNotice(document.cookie)),
  );
  const message = user ? NOTICE[user.sanctionState] : undefined;
  if (!user || !message || dismissed === noticeKey(user)) return null;

  const dismiss = () => {
    const key = noticeKey(user);
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve yet
    document.cookie = `${SANCTION_NOTICE_COOKIE}=${key}; path=/; SameSite=Lax`;
    setDismissed(key);
  };
  return (
    <section aria-label={t.sanctionNoticeLabel} className="border-b border-warning/40 bg-[#fff8e1]">
      <div className="mx-auto flex max-w-[1200px] items-start gap-3 px-4 py-3">
        <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 size-5 shrink-0 text-[#b38000]">
          <circle cx="10" cy="10" r="8.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10 5.75v5.5" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" />
          <circle cx="10" cy="14.1" r="1" fill="currentColor" />
        </svg>
        <p className="min-w-0 flex-1 text-sm leading-relaxed text-ink">
          <span className="font-semibold">{t.sanctionNoticeLabel}</span>
          <span className="mx-1.5 text-ink-3" aria-hidden="true">
            ·
          </span>
          {message}
          {user.sanctionEndsAt && ` (${formatMonthDayTime(user.sanctionEndsAt)}${t.sanctionNoticeUntil})`}{' '}
          <button
            type="button"
            onClick={props.onOpenCustomerCentre}
            className="font-semibold whitespace-nowrap text-brand underline underline-offset-2 hover:text-brand-hover"
          >
            {t.sanctionNoticeContact}
          </button>
        </p>
        <button
          type="button"
          onClick={dismiss}
          aria-label={t.sanctionNoticeDismiss}
          className="-mt-0.5 -mr-1.5 shrink-0 rounded-control p-1.5 text-ink-3 hover:bg-black/5 hover:text-ink"
        >
          <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
    </section>
  );
}

import { SanctionState, tradeMessages as t, type UserDetail } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { button, click } from '../../test/dom';
import { REGULAR_MEMBER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { dismissedSanctionNotice, SANCTION_NOTICE_COOKIE, SanctionNotice } from './sanction-notice';

const member = (sanctionState: number): UserDetail => ({ ...REGULAR_MEMBER, sanctionState });

/** A page as the shell lays it out, the notice fed the dismissal the request's cookies carry. */
function renderPage(user: UserDetail | null) {
  const onOpenCustomerCentre = vi.fn();
  const notice = <SanctionNotice dismissed={dismissedSanctionNotice(document.cookie)} onOpenCustomerCentre={onOpenCustomerCentre} />;
  const view = renderInApp(<p>page</p>, { user, layout: notice });
  return { ...view, onOpenCustomerCentre };
}

const notice = () => screen.queryByRole('region', { name: t.sanctionNoticeLabel });

/** The browser session ends, and its cookies with it. */
function endBrowserSession() {
  // biome-ignore lint/suspicious/noDocumentCookie: the notice itself writes document.cookie
  document.cookie = `${SANCTION_NOTICE_COOKIE}=; path=/; max-age=0`;
}
afterEach(endBrowserSession);

describe('sanction notice', () => {
  it.each([
    [SanctionState.WARN, t.sanctionWarn],
    [SanctionState.STOP_DEBATE, t.sanctionStopDebate],
    [SanctionState.STOP_TRADE, t.sanctionStopTrade],
  ])('state %i tells the member why, with the way to the customer centre', (state, message) => {
    const { onOpenCustomerCentre } = renderPage(member(state));
    expect(notice()?.textContent).toContain(message);
    click(button(t.sanctionNoticeContact));
    expect(onOpenCustomerCentre).toHaveBeenCalledTimes(1);
  });

  it('a sanction with an end says until when (Seoul time); one without an end says no date', () => {
    const { unmount } = renderPage({ ...member(SanctionState.STOP_TRADE), sanctionEndsAt: '2026-12-01T05:00:00.000Z' });
    expect(notice()?.textContent).toContain('(12월 1일 14:00까지)');
    unmount();
    renderPage(member(SanctionState.STOP_TRADE));
    expect(notice()?.textContent).not.toContain('까지');
  });

  it('says nothing to a member in good standing or to a visitor', () => {
    const { unmount } = renderPage(member(SanctionState.NORMAL));
    expect(notice()).toBeNull();
    unmount();
    renderPage(null);
    expect(notice()).toBeNull();
  });

  it('closed, it stays closed for the browser session and is back on the next visit', () => {
    const { unmount } = renderPage(member(SanctionState.STOP_TRADE));
    click(button(t.sanctionNoticeDismiss));
    expect(notice()).toBeNull();
    expect(document.cookie).toContain(`${SANCTION_NOTICE_COOKIE}=${REGULAR_MEMBER.userIdx}-${SanctionState.STOP_TRADE}`);

    // Another page of the same session: the server read the cookie.
    unmount();
    const again = renderPage(member(SanctionState.STOP_TRADE));
    expect(notice()).toBeNull();

    // A new sanction is news, dismissed or not.
    again.unmount();
    const harsher = renderPage(member(SanctionState.STOP_DEBATE));
    expect(notice()?.textContent).toContain(t.sanctionStopDebate);

    // The next visit starts without the session's cookies.
    harsher.unmount();
    endBrowserSession();
    renderPage(member(SanctionState.STOP_TRADE));
    expect(notice()?.textContent).toContain(t.sanctionStopTrade);
  });

  it("reads the dismissal out of a request's cookie header", () => {
    expect(dismissedSanctionNotice(`ACCESS_TOKEN=abc; ${SANCTION_NOTICE_COOKIE}=7-3; theme=x`)).toBe('7-3');
    expect(dismissedSanctionNotice('ACCESS_TOKEN=abc')).toBeNull();
    expect(dismissedSanctionNotice(`X${SANCTION_NOTICE_COOKIE}=7-3`)).toBeNull();
  });
});

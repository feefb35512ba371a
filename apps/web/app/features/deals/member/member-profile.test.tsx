import { dealMessages as m } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { click } from '../../../test/dom';
import { fakeApi } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { gates, renderInApp } from '../../../test/render';
import { preloadOfferDialog } from '../offer/offer-dialog';
import { memberPage, sellListing, THEM } from '../shared/test-kit';
import { MemberProfile } from './member-profile';

beforeAll(() => preloadOfferDialog());

describe('/member/{id}', () => {
  it('shows who they are, their confirmed trades, review counts and tags, recent reviews and open listings', () => {
    fakeApi();
    renderInApp(<MemberProfile page={memberPage()} />, { path: `/member/${THEM}` });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('김매도증권사 PB');
    expect(screen.getByText(/2026\.03\.02 가입/)).toBeTruthy();
    expect(screen.getByText('· 본인인증 완료')).toBeTruthy();
    const stats = Array.from(document.querySelectorAll('dl > div')).map((d) => d.textContent);
    expect(stats).toEqual(['확인된 거래3건', '좋아요2', '아쉬워요1']);
    const tags = within(screen.getByRole('list', { name: '받은 후기 태그' }))
      .getAllByRole('listitem')
      .map((t) => t.textContent);
    expect(tags).toEqual(['응답이 빨라요 2', '약속 시간을 안 지켰어요 1']);
    const [review] = screen.getAllByTestId('review');
    expect(review?.textContent).toContain('좋아요한빛');
    expect(review?.textContent).toContain('친절하게 거래해주셨어요.');
    const [listing] = screen.getAllByTestId('member-listing');
    expect(
      within(listing as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/stock/12');
    expect(within(listing as HTMLElement).getByRole('button', { name: '거래 제안 비상에너지 10,000원 매도 매물' })).toBeTruthy();
  });

  it('a verified reader offers on a listing from here; a visitor is asked to log in', () => {
    fakeApi();
    renderInApp(<MemberProfile page={memberPage()} />, { path: `/member/${THEM}` });
    click(screen.getByRole('button', { name: /^거래 제안/ }));
    expect(screen.getByRole('dialog', { name: m.offerTitle })).toBeTruthy();
  });

  it('a visitor pressing 거래 제안 gets the login dialog', () => {
    fakeApi();
    renderInApp(<MemberProfile page={memberPage()} />, { path: `/member/${THEM}`, user: null });
    click(screen.getByRole('button', { name: /^거래 제안/ }));
    expect(screen.queryByRole('dialog', { name: m.offerTitle })).toBeNull();
    expect(gates()).toBe('login open, identity closed');
  });

  it('no badge for a member who is not an approved expert; nothing to offer on one’s own page or a listing with nothing left', () => {
    fakeApi();
    renderInApp(
      <MemberProfile
        page={memberPage({
          userIdx: REGULAR_MEMBER.userIdx,
          expertType: 'NORMAL',
          reviews: [],
          tags: [],
          listings: [sellListing({ isMine: true }), sellListing({ tradeIdx: 502, openStockCount: 0 })],
        })}
      />,
      { path: '/member/7' },
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('김매도');
    expect(screen.getByText('아직 받은 후기가 없어요.')).toBeTruthy();
    expect(screen.getAllByTestId('member-listing')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^거래 제안/ })).toBeNull();
  });
});

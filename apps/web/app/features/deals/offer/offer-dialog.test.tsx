import { dealMessages as m, type Trade, tradeMessages, type UserDetail } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { IdentityRequiredDialog } from '../../../components/layout/identity-required-dialog';
import { button, click, describedError, field, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER, TEST_MEMBER } from '../../../test/members';
import { gates, renderInApp } from '../../../test/render';
import { sellListing } from '../shared/test-kit';
import { preloadOfferDialog } from './offer-dialog';
import { useOffer } from './use-offer';

beforeAll(() => preloadOfferDialog());

function Opener({ trade }: { trade: Trade }) {
  const offer = useOffer(10_000);
  return (
    <>
      <button type="button" onClick={() => offer.offer(trade, trade.writer.userNickname)}>
        거래 제안
      </button>
      {offer.dialog}
    </>
  );
}

function open(trade: Trade, user: UserDetail | null = REGULAR_MEMBER) {
  const view = renderInApp(<Opener trade={trade} />, {
    user,
    path: '/stock/12',
    layout: <IdentityRequiredDialog />,
    routes: [{ path: 'messages/:id', element: <p>conversation</p> }],
  });
  click(button('거래 제안'));
  return view.router;
}

const offerDialog = () => screen.getByRole('dialog', { name: m.offerTitle });
const send = () => click(within(offerDialog()).getByRole('button', { name: '제안 보내기' }));

describe('거래 제안', () => {
  it('fixes the count to what is left and the price to the listing’s when neither is negotiable; sends and opens the conversation', async () => {
    const api = fakeApi({ 'POST /api/deals': () => ok({ dealId: 31, conversationId: 55 }) });
    const router = open(sellListing({ openStockCount: 120 }));
    const count = field('수량');
    const price = field('주당 가격');
    expect([count.value, count.readOnly]).toEqual(['120', true]);
    expect([price.value, price.readOnly]).toEqual(['10,000', true]);
    expect(describedError(count)).toContain(m.countFixed);
    expect(describedError(price)).toContain(m.priceFixed);
    expect(screen.getByTestId('offer-total').textContent).toBe('1,200,000원');

    // The first message is required, said under its field once sending was tried.
    send();
    expect(describedError(field('첫 메시지'))).toContain(m.firstMessageRequired);
    expect(api.calls).toHaveLength(0);

    type(field('첫 메시지'), '  주말에 거래 가능할까요?  ');
    send();
    await settle();
    expect(api.last('POST /api/deals')?.body).toEqual({
      tradeIdx: 501,
      stockCount: 120,
      stockPerPrice: 10_000,
      message: '주말에 거래 가능할까요?',
    });
    expect(api.last('POST /api/deals')?.headers.get('idempotency-key')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/messages/55');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a negotiable listing takes any count up to what is left and any price, with the ±15 % hint and the limits', () => {
    fakeApi();
    open(sellListing({ openStockCount: 120, stockCountNegotiationFlag: true, stockPriceNegotiationFlag: true }));
    const count = field('수량');
    const price = field('주당 가격');
    expect(count.value).toBe('');
    expect(count.readOnly).toBe(false);
    type(count, '121');
    expect(describedError(count)).toContain(m.countTooMany);
    expect(count.getAttribute('aria-invalid')).toBe('true');
    type(count, '1,2a');
    expect(count.value).toBe('121');
    type(count, '12');
    expect(describedError(count)).not.toContain(m.countTooMany);

    type(price, '11000');
    expect(describedError(price)).not.toContain(tradeMessages.priceBandHint);
    type(price, '11500');
    expect(describedError(price)).toContain(tradeMessages.priceBandHint);
    expect(screen.getByTestId('offer-total').textContent).toBe('138,000원');
    type(price, '100000000');
    expect(describedError(price)).toContain(tradeMessages.priceTooHigh);
  });

  it('a message is at most 1,000 characters: the count says so and nothing is sent', () => {
    const api = fakeApi();
    open(sellListing());
    const text = field('첫 메시지');
    type(text, '가'.repeat(1_001));
    expect(describedError(text)).toContain('1,001 / 1,000');
    expect(describedError(text)).toContain(m.messageTooLong);
    send();
    expect(api.calls).toHaveLength(0);
  });

  it('a visitor gets the login dialog, not the offer', () => {
    open(sellListing(), null);
    expect(screen.queryByRole('dialog', { name: m.offerTitle })).toBeNull();
    expect(gates()).toBe('login open, identity closed');
  });

  it('a COMMON member is asked to verify first', () => {
    open(sellListing(), TEST_MEMBER);
    expect(screen.queryByRole('dialog', { name: m.offerTitle })).toBeNull();
    expect(screen.getByRole('dialog', { name: '본인인증이 필요합니다' })).toBeTruthy();
  });

  it('the server asking for verification closes the offer and opens that dialog; a field’s refusal shows under it; others as a notice', async () => {
    const api = fakeApi();
    open(sellListing({ stockCountNegotiationFlag: true }));
    type(field('수량'), '10');
    type(field('첫 메시지'), '안녕하세요');

    api.mock.mockResolvedValueOnce(json({ message: m.notEnoughLeft, code: 'VALIDATION', fields: { stockCount: m.notEnoughLeft } }, 400));
    send();
    await settle();
    expect(describedError(field('수량'))).toContain(m.notEnoughLeft);
    type(field('수량'), '9');
    expect(describedError(field('수량'))).not.toContain(m.notEnoughLeft);

    api.mock.mockResolvedValueOnce(json({ message: m.limitConversations, code: 'LIMIT' }, 429, { 'retry-after': '60' }));
    send();
    await settle();
    expect(urgentNotice().textContent).toContain(m.limitConversations);
    expect(offerDialog()).toBeTruthy();

    api.mock.mockResolvedValueOnce(json({ message: m.needsVerification, code: 'IDENTITY_REQUIRED' }, 403));
    send();
    await settle();
    expect(screen.queryByRole('dialog', { name: m.offerTitle })).toBeNull();
    expect(gates()).toBe('login closed, identity open');
  });
});

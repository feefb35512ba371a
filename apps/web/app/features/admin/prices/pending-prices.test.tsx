import type { AdminPriceEntry } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle, type } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { PendingPrices } from './pending-prices';

const entry = (over: Partial<AdminPriceEntry> = {}): AdminPriceEntry => ({
  entryId: 7,
  companyIdx: 3,
  companyName: '비상바이오',
  price: 23_000,
  currentPrice: 20_000,
  basisAtEntry: 20_000,
  differenceRate: 15,
  needsAdmin: false,
  note: '공시 가격 반영',
  status: 'PENDING',
  enteredBy: { userIdx: 40, userNickname: '입력자' },
  enteredAt: '2026-11-20T04:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: '',
  ...over,
});
const page = (...data: AdminPriceEntry[]) => ({ data, total: data.length, page: 1, size: 100 });
const moderator = { ...REGULAR_MEMBER, userIdx: 2, staffRole: 'MODERATOR' as const };

describe('승인 대기 가격 (issue 21: four eyes on prices)', () => {
  it('shows each entry against the price now, and approves only after the operator confirms the change', async () => {
    const api = fakeApi({ 'POST /api/admin/price-entries/7/approve': () => ok(true) });
    renderInApp(<PendingPrices entries={page(entry())} />, { user: moderator });
    expect(screen.getByText('+15.00%')).toBeTruthy();
    expect(screen.getByText('현재 20,000원')).toBeTruthy();
    click(button('비상바이오 23,000원 승인'));
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByRole('dialog').textContent).toContain('20,000원에서 23,000원으로 바꿉니다');
    click(button('승인하고 반영'));
    await settle();
    expect(api.keys()).toContain('POST /api/admin/price-entries/7/approve');
  });

  it('an entry of one’s own cannot be approved, only withdrawn with a reason; one beyond ±30 % waits for an ADMIN', async () => {
    const api = fakeApi({ 'POST /api/admin/price-entries/8/reject': () => ok(true) });
    renderInApp(
      <PendingPrices
        entries={page(
          entry({ entryId: 8, enteredBy: { userIdx: 2, userNickname: '나' } }),
          entry({ entryId: 9, companyName: '먼가격', price: 40_000, differenceRate: 100, needsAdmin: true }),
        )}
      />,
      { user: moderator },
    );
    expect(screen.queryByRole('button', { name: '비상바이오 23,000원 승인' })).toBeNull();
    expect(screen.getByText('다른 운영자 승인 필요')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '먼가격 40,000원 승인' })).toBeNull();
    expect(screen.getByText('관리자만 승인')).toBeTruthy();

    click(button('비상바이오 23,000원 철회'));
    await settle();
    click(button('반려'));
    await settle();
    expect(screen.getByText('반려 사유를 입력해주세요.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    type(screen.getByLabelText('반려 사유 (필수)'), '잘못 입력');
    click(button('반려'));
    await settle();
    expect(api.last('POST /api/admin/price-entries/8/reject')?.body).toEqual({ reason: '잘못 입력' });
  });
});

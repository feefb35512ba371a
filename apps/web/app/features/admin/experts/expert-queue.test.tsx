import { type AdminExpertRow, messages } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, field, settle, type } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { ExpertQueue } from './expert-queue';

const NOW = Date.parse('2026-11-20T05:00:00.000Z');
const PROOF = '/uploads/0123456789abcdef0123456789abcdef.webp';
const row = (over: Partial<AdminExpertRow> = {}): AdminExpertRow => ({
  userIdx: 31,
  userNickname: '세무하는개미',
  profileImageUrl: '',
  expertType: 'PB',
  expertName: '김피비',
  officeName: '비상증권',
  officeDept: '강남WM센터',
  introduction: '비상장 전문 PB입니다.',
  proofUrl: PROOF,
  submittedAt: new Date(NOW - 2 * 3_600_000).toISOString(),
  joinedAt: new Date(NOW - 86_400_000).toISOString(),
  previousRejectReason: '',
  ...over,
});
const queue = (data: AdminExpertRow[]) => ({
  data,
  total: data.length,
  page: 1,
  size: 20,
  oldestWaitingSince: data[0]?.submittedAt ?? null,
});
const moderator = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };

describe('전문가 심사 (decision 0016)', () => {
  it('shows the claim beside its proof, the earlier reason, and how long the oldest waited', () => {
    fakeApi();
    renderInApp(<ExpertQueue queue={queue([row({ previousRejectReason: '이미지가 흐립니다.' })])} now={NOW} />, { user: moderator });
    const card = within(screen.getByTestId('expert-row'));
    expect(card.getByAltText('김피비 (세무하는개미)의 전문가 증빙').getAttribute('src')).toBe(PROOF);
    expect(card.getByText('증권사 PB')).toBeTruthy();
    expect(card.getByText('비상증권')).toBeTruthy();
    expect(card.getByText('· 강남WM센터')).toBeTruthy();
    expect(card.getByText('비상장 전문 PB입니다.')).toBeTruthy();
    expect(card.getByText('이미지가 흐립니다.')).toBeTruthy();
    expect(screen.getByText('가장 오래 기다린 심사: 2시간 0분')).toBeTruthy();
  });

  it('approves on the proof the operator saw', async () => {
    const api = fakeApi({ 'POST /api/admin/expert/31/decision': () => ok(true) });
    renderInApp(<ExpertQueue queue={queue([row()])} now={NOW} />, { user: moderator });
    click(button('승인'));
    await settle();
    expect(api.calls.find((c) => c.key === 'POST /api/admin/expert/31/decision')?.body).toEqual({ decision: 'APPROVE', proofUrl: PROOF });
  });

  it('a rejection asks for a reason first and sends nothing without one; the server’s field message shows under it', async () => {
    const api = fakeApi({
      'POST /api/admin/expert/31/decision': () =>
        json({ message: messages.adminReasonMax, code: 'BAD_REQUEST', fields: { 'body.reason': messages.adminReasonMax } }, 400),
    });
    renderInApp(<ExpertQueue queue={queue([row()])} now={NOW} />, { user: moderator });
    click(button('반려'));
    click(button('반려하기'));
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByText(messages.expertRejectReasonRequired)).toBeTruthy();

    click(button('증빙의 이름이 입력한 이름과 다릅니다.'));
    expect(field('반려 사유 (회원에게 그대로 보입니다)').value).toBe('증빙의 이름이 입력한 이름과 다릅니다.');
    type(field('반려 사유 (회원에게 그대로 보입니다)'), '이름이 다릅니다');
    click(button('반려하기'));
    await settle();
    expect(api.calls.find((c) => c.key === 'POST /api/admin/expert/31/decision')?.body).toEqual({
      decision: 'REJECT',
      reason: '이름이 다릅니다',
      proofUrl: PROOF,
    });
    expect(screen.getAllByText(messages.adminReasonMax).length).toBeGreaterThan(0);
  });

  it('an empty queue says so', () => {
    fakeApi();
    renderInApp(<ExpertQueue queue={queue([])} now={NOW} />, { user: moderator });
    expect(screen.getByText('심사를 기다리는 전문가가 없습니다.')).toBeTruthy();
  });
});

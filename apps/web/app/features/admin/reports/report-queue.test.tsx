import { type AdminReportGroup, SanctionState } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, field, settle, type } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { waitAge } from '../shared/wait-age';
import { ReportQueue } from './report-queue';

const NOW = Date.parse('2026-11-20T05:00:00.000Z');
const group = (over: Partial<AdminReportGroup> = {}): AdminReportGroup => ({
  targetType: 'OPINION',
  targetId: 77,
  count: 3,
  reasons: { '2': 2, '10': 1 },
  details: ['광고 같아요'],
  firstAt: new Date(NOW - 3 * 3_600_000).toISOString(),
  lastAt: new Date(NOW - 600_000).toISOString(),
  status: 0,
  content: '원금 보장 리딩방 입장하세요',
  author: { userIdx: 9, userNickname: '광고왕' },
  visible: true,
  ...over,
});
const queue = (data: AdminReportGroup[]) => ({ data, total: data.length, page: 1, size: 20, oldestWaitingSince: data[0]?.firstAt ?? null });
const moderator = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };

describe('the report queue (issue 11 §3)', () => {
  it('shows the group: count, reasons in Korean, the content, the author and the reporters’ words; the wait of the oldest', () => {
    fakeApi();
    renderInApp(<ReportQueue queue={queue([group()])} now={NOW} />, { user: moderator });
    const card = within(screen.getByTestId('report-group'));
    expect(card.getByText('신고 3건')).toBeTruthy();
    expect(card.getByText('광고·스팸 2')).toBeTruthy();
    expect(card.getByText('허위 매물 1')).toBeTruthy();
    expect(card.getByText('원금 보장 리딩방 입장하세요')).toBeTruthy();
    expect(card.getByText('광고왕')).toBeTruthy();
    expect(card.getByText('“광고 같아요”')).toBeTruthy();
    expect(screen.getByText(`가장 오래 기다린 신고: ${waitAge(group().firstAt, NOW)}`)).toBeTruthy();
    expect(waitAge(group().firstAt, NOW)).toBe('3시간 0분');
  });

  it('hide with a sanction sends one request with the sanction; without a reason it asks first and sends nothing', async () => {
    const api = fakeApi({ 'POST /api/admin/reports/OPINION/77/resolve': () => ok(true) });
    renderInApp(<ReportQueue queue={queue([group()])} now={NOW} />, { user: moderator });
    click(screen.getByRole('checkbox', { name: '숨기면서 작성자 제재' }));
    click(button('숨기고 제재'));
    await settle();
    expect(api.calls).toHaveLength(0);
    expect(screen.getByText('제재 사유를 입력해주세요.')).toBeTruthy();

    type(field('제재 사유'), '리딩방 홍보');
    click(button('숨기고 제재'));
    await settle();
    const call = api.calls.find((c) => c.key === 'POST /api/admin/reports/OPINION/77/resolve');
    expect(call?.body).toMatchObject({
      action: 'HIDE',
      sanction: { state: SanctionState.STOP_TRADE, reason: '리딩방 홍보', endsAt: expect.any(String) },
    });
  });

  it('a reported conversation shows its listing as content, the member reported, and 대화 읽기 opening the reading', async () => {
    const api = fakeApi({ 'POST /api/admin/reports/CONVERSATION/31/resolve': () => ok(true) });
    const conversation = group({
      targetType: 'CONVERSATION',
      targetId: 31,
      count: 1,
      reasons: { '3': 1 },
      details: ['외부 연락을 요구해요'],
      content: '대화 · 비상전자 매도 매물 12번 · 메시지 8개',
      author: { userIdx: 44, userNickname: '선입금요구' },
    });
    renderInApp(<ReportQueue queue={queue([conversation])} now={NOW} />, {
      user: moderator,
      path: '/admin/reports',
      routes: [{ path: 'admin/conversations/:id', element: <p>reading</p> }],
    });
    const card = within(screen.getByTestId('report-group'));
    expect(card.getByText('대화')).toBeTruthy();
    expect(card.getByText('개인정보 노출 1')).toBeTruthy();
    expect(card.getByText('대화 · 비상전자 매도 매물 12번 · 메시지 8개')).toBeTruthy();
    expect(card.getByText('신고된 회원')).toBeTruthy();
    expect(card.getByText('선입금요구')).toBeTruthy();
    expect(card.getByText('읽을 때마다 감사 로그에 남습니다.')).toBeTruthy();
    // Nothing to hide in a conversation: upholding is 신고 인정, and the sanction is on the member reported.
    expect(card.queryByRole('button', { name: '숨김' })).toBeNull();
    expect(card.getByRole('checkbox', { name: '인정하면서 신고된 회원 제재' })).toBeTruthy();
    click(card.getByRole('button', { name: '신고 인정' }));
    await settle();
    expect(api.calls.find((c) => c.key === 'POST /api/admin/reports/CONVERSATION/31/resolve')?.body).toEqual({ action: 'HIDE' });

    const read = card.getByRole('link', { name: '대화 읽기' });
    expect(read.getAttribute('href')).toBe('/admin/conversations/31');
    click(read);
    await settle();
    expect(screen.getByText('reading')).toBeTruthy();
  });

  it('an empty queue says so', () => {
    fakeApi();
    renderInApp(<ReportQueue queue={queue([])} now={NOW} />, { user: moderator });
    expect(screen.getByText('처리할 신고가 없습니다.')).toBeTruthy();
  });
});

import type { AdminMemberRow } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle, type } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { MemberRow } from './member-row';

const row = (over: Partial<AdminMemberRow> = {}): AdminMemberRow => ({
  userIdx: 31,
  userNickname: '장외고수',
  emailMasked: 'ja***@example.com',
  phoneMasked: '010-****-1234',
  userLevel: 2,
  sanctionState: 0,
  sanctionEndsAt: null,
  staffRole: null,
  joinedAt: '2026-01-02T00:00:00.000Z',
  deleted: false,
  ...over,
});
const admin = { ...REGULAR_MEMBER, userIdx: 1, staffRole: 'ADMIN' as const };
const moderator = { ...REGULAR_MEMBER, userIdx: 2, staffRole: 'MODERATOR' as const };
const roleSelect = () => screen.queryByRole('combobox', { name: '운영 권한' }) as HTMLSelectElement | null;

describe('the role select on a member (ADMIN only)', () => {
  it('is not there for a moderator, who still has the other tools', () => {
    fakeApi();
    renderInApp(<MemberRow row={row()} />, { user: moderator });
    expect(roleSelect()).toBeNull();
    expect(button('제재…')).toBeTruthy();
  });

  it('lets an admin grant a role, sending only after 권한 적용', async () => {
    const api = fakeApi({ 'POST /api/admin/member/31/role': () => ok(true) });
    renderInApp(<MemberRow row={row()} />, { user: admin });
    const select = roleSelect() as HTMLSelectElement;
    expect(select.value).toBe('');
    expect(button('권한 적용').disabled).toBe(true);
    type(select, 'EDITOR');
    expect(api.calls).toHaveLength(0);
    click(button('권한 적용'));
    await settle();
    expect(api.last('POST /api/admin/member/31/role')?.body).toEqual({ role: 'EDITOR' });
  });

  it('shows the API’s refusal under the select (a role given meanwhile, say)', async () => {
    const api = fakeApi();
    api.failNext('POST /api/admin/member/31/role', 403, '같거나 높은 운영 권한을 가진 회원(자신 포함)에게는 할 수 없습니다.');
    renderInApp(<MemberRow row={row()} />, { user: admin });
    const select = roleSelect() as HTMLSelectElement;
    type(select, 'MODERATOR');
    click(button('권한 적용'));
    await settle();
    const described = select.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('같거나 높은 운영 권한을 가진 회원(자신 포함)에게는 할 수 없습니다.');
  });

  it('offers no tools on oneself or on an operator of the same or a higher rank (issue 21), and says why', () => {
    fakeApi();
    const { unmount } = renderInApp(<MemberRow row={row({ userIdx: 1, userNickname: '관리자', staffRole: 'ADMIN' })} />, { user: admin });
    expect(roleSelect()).toBeNull();
    expect(screen.queryByRole('button', { name: '제재…' })).toBeNull();
    expect(screen.getByText('자신의 제재·권한은 다른 관리자가 정합니다.')).toBeTruthy();
    unmount();
    const other = renderInApp(<MemberRow row={row({ userIdx: 5, staffRole: 'ADMIN' })} />, { user: moderator });
    expect(screen.queryByRole('button', { name: '제재…' })).toBeNull();
    expect(screen.queryByRole('button', { name: '로그인 모두 종료' })).toBeNull();
    expect(screen.getByText('같거나 높은 권한의 운영자입니다.')).toBeTruthy();
    other.unmount();
    renderInApp(<MemberRow row={row({ userIdx: 6, staffRole: 'EDITOR' })} />, { user: moderator });
    expect(button('제재…')).toBeTruthy();
  });
});

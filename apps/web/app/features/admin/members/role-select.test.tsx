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

  it('shows the API’s refusal of one’s own role under the select', async () => {
    const api = fakeApi();
    api.failNext('POST /api/admin/member/1/role', 400, '자기 자신의 권한은 바꿀 수 없습니다. 다른 관리자에게 요청하세요.');
    renderInApp(<MemberRow row={row({ userIdx: 1, userNickname: '관리자', staffRole: 'ADMIN' })} />, { user: admin });
    const select = roleSelect() as HTMLSelectElement;
    type(select, '');
    click(button('권한 적용'));
    await settle();
    const described = select.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(described)?.textContent).toBe('자기 자신의 권한은 바꿀 수 없습니다. 다른 관리자에게 요청하세요.');
  });
});

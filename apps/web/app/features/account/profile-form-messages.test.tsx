import type { ExpertTypeName, UserDetail } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedError, field, type } from '../../test/dom';
import { TEST_MEMBER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { ProfileForm } from './profile-form';

/*
 * Account edit (/myPage) asks again for what sign-up asked; spec §5 does not give its rules (§5
 * "Upload": "the form rules ... for account edit are not shown"), so it keeps the sign-up's: the
 * same messages, on the change that makes a field wrong. Written out so that a changed wording fails.
 */

const MEMBER: UserDetail = { ...TEST_MEMBER, userNickname: '비상회원', userEmail: 'member@example.com' };
const expert = (expertType: ExpertTypeName): UserDetail => ({
  ...MEMBER,
  expertType,
  expertName: '김전문',
  profileImageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
  officeName: expertType === 'PB' ? '비상증권' : '비상세무회계',
  officeDept: expertType === 'PB' ? 'WM센터' : '',
  introduction: '안녕하세요',
});
const ELEVEN = '가나다라마바사아자차카';

describe('account edit: the sign-up messages, on the change', () => {
  it.each<[ExpertTypeName, string, string, string]>([
    ['NORMAL', '닉네임', '', '닉네임을 입력해주세요.'],
    ['NORMAL', '닉네임', '비', '두 글자 이상 입력해주세요.'],
    ['NORMAL', '닉네임', ELEVEN, '열 글자 이하로 입력해주세요.'],
    ['NORMAL', '닉네임', '비상1', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    ['NORMAL', '닉네임', '새이름', ''],
    ['NORMAL', '이메일', '', '이메일을 입력해주세요.'],
    ['NORMAL', '이메일', 'member@', '이메일 형식이 올바르지 않습니다.'],
    ['NORMAL', '이메일', 'new@example.com', ''],
    ['PB', '이름 (실명)', '', '한글, 영문 2~10자로 입력해주세요.'],
    ['PB', '이름 (실명)', '김', '두글자 이상 입력해주세요.'],
    ['PB', '이름 (실명)', ELEVEN, '최대 10자까지 입력할 수 있어요.'],
    ['PB', '이름 (실명)', '김1', '한글, 영문 2~10자로 입력해주세요.'],
    ['PB', '증권사명', '', 'PB 정보를 입력해주세요.'],
    ['PB', '부서', ' ', '부서 정보를 입력해주세요.'],
    ['CTA', '세무사무소명', '', '세무사무소 정보를 입력해주세요.'],
    ['CTA', '이름 (실명)', '김세무', ''],
  ])('%s · %s · %j → %j', (type$, label, value, message) => {
    renderInApp(<ProfileForm user={type$ === 'NORMAL' ? MEMBER : expert(type$)} onSaved={() => {}} />, { path: '/myPage' });
    // The member's own values are valid: nothing said before a change.
    expect(describedError(field(label))).toBe('');
    type(field(label), value);
    expect(describedError(field(label))).toBe(message);
    expect(field(label).getAttribute('aria-invalid')).toBe(message ? 'true' : null);
    expect((screen.getByRole('button', { name: '저장' }) as HTMLButtonElement).disabled).toBe(message !== '');
  });

  it.each<[number, string]>([
    [500, '500/500'],
    [501, '자기소개는 500자를 넘을 수 없습니다.'],
  ])('an introduction of %i characters → %j', (length, said) => {
    renderInApp(<ProfileForm user={expert('PB')} onSaved={() => {}} />, { path: '/myPage' });
    const intro = screen.getByLabelText('자기소개 (선택)');
    type(intro, 'ㄱ'.repeat(length));
    expect(describedError(intro)).toBe(said);
    expect(intro.getAttribute('aria-invalid')).toBe(length > 500 ? 'true' : null);
  });

  it('nickname and real name take an 11th letter, so their "at most 10" messages can be said rather than the letter refused', () => {
    renderInApp(<ProfileForm user={expert('PB')} onSaved={() => {}} />, { path: '/myPage' });
    for (const label of ['닉네임', '이름 (실명)']) expect(field(label).hasAttribute('maxlength'), label).toBe(false);
  });
});

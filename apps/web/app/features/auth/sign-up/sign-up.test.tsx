import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, checkbox, click, describedError, dialog, field, settle, type } from '../../../test/dom';
import { json } from '../../../test/fake-api';
import { imageFile, stubXhr } from '../../../test/fake-xhr';
import { member, openLoginDialog } from '../../../test/render';
import { authApi, PHONE, reachSignUp, renderLogin, USER } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});

function fillNormal(email = 'ant@beesang.kr') {
  type(field('닉네임'), '비상개미');
  type(field('이메일'), email);
  click(checkbox('전체 동의'));
}

describe('normal sign-up', () => {
  it('validates on every change with the normal wording and enables 확인 only when all is valid', async () => {
    authApi();
    renderLogin();
    await reachSignUp('일반 회원');
    expect(screen.getByRole('dialog', { name: '일반 회원가입' })).toBeTruthy();
    const confirm = button('확인');
    expect(confirm.disabled).toBe(true);
    // Untouched fields stay quiet.
    expect(describedError(field('닉네임'))).toBe('');

    type(field('닉네임'), '개');
    expect(describedError(field('닉네임'))).toBe('두 글자 이상 입력해주세요.');
    type(field('닉네임'), '개미12');
    expect(describedError(field('닉네임'))).toBe('닉네임은 한글 또는 영문으로만 입력해주세요.');
    type(field('닉네임'), '');
    expect(describedError(field('닉네임'))).toBe('닉네임을 입력해주세요.');
    type(field('이메일'), 'ant@');
    expect(describedError(field('이메일'))).toBe('이메일 형식이 올바르지 않습니다.');
    expect(field('이메일').getAttribute('aria-invalid')).toBe('true');

    fillNormal();
    expect(describedError(field('닉네임'))).toBe('');
    expect(confirm.disabled).toBe(false);
    click(checkbox(/서비스 이용약관/));
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText('필수 약관에 동의해주세요.')).toBeTruthy();
  });

  it("'전체 동의' ticks and unticks both items, and follows them", async () => {
    authApi();
    renderLogin();
    await reachSignUp('일반 회원');
    const all = checkbox('전체 동의');
    const service = checkbox(/서비스 이용약관/);
    const privacy = checkbox(/개인정보 처리방침/);
    click(all);
    expect([all.checked, service.checked, privacy.checked]).toEqual([true, true, true]);
    click(all);
    expect([all.checked, service.checked, privacy.checked]).toEqual([false, false, false]);
    click(service);
    expect(all.checked).toBe(false);
    click(privacy);
    expect(all.checked).toBe(true);
    const links = screen.getAllByRole('link') as HTMLAnchorElement[];
    expect(links.map((a) => [a.getAttribute('href'), a.target])).toEqual([
      ['/terms', '_blank'],
      ['/privacy', '_blank'],
    ]);
  });

  it('a taken email is marked on the email field and nothing is registered', async () => {
    const api = authApi({ 'GET /api/user/userId/taken%40beesang.kr': () => json({ result: true }) });
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal('taken@beesang.kr');
    click(button('확인'));
    await settle();
    expect(describedError(field('이메일'))).toBe('이미 사용 중인 이메일입니다.');
    expect(api.keys()).not.toContain('POST /api/auth/sms/sign-up');
    // Changing the email drops the verdict about the old one.
    type(field('이메일'), 'new@beesang.kr');
    expect(describedError(field('이메일'))).toBe('');
  });

  it('a failed email check counts as taken', async () => {
    const api = authApi({ 'GET /api/user/userId/ant%40beesang.kr': () => json({ message: '서버 오류' }, 500) });
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    click(button('확인'));
    await settle();
    expect(describedError(field('이메일'))).toBe('이메일 중복 확인 중 오류가 발생했습니다.');
    expect(api.keys()).not.toContain('POST /api/auth/sms/sign-up');
  });

  it('registers with the spec payload, loads the member, closes the modal and reopens at LOGIN', async () => {
    const api = authApi();
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    click(button('확인'));
    await settle();
    expect(api.keys().slice(-3)).toEqual([
      'GET /api/user/userId/ant%40beesang.kr',
      'POST /api/auth/sms/sign-up',
      'GET /api/user/myPage/detail',
    ]);
    expect(api.last('POST /api/auth/sms/sign-up')?.body).toEqual({
      userId: 'ant@beesang.kr',
      userName: '비상개미',
      phoneNumber: PHONE,
      profileUrl: '',
      deviceType: 3,
      fcmDeviceToken: '',
      userDeviceId: '',
      marketingFlag: false,
      nighttimeAlarmFlag: false,
      expertType: 'NORMAL',
    });
    expect(dialog()).toBeNull();
    expect(member()).toBe(USER.userNickname);
    openLoginDialog();
    expect(screen.getByRole('dialog', { name: '간편 로그인' })).toBeTruthy();
  });

  it('no token after sign-up is a form error; the modal stays', async () => {
    authApi({ 'POST /api/auth/sms/sign-up': () => json({ result: { result11: {} } }) });
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    click(button('확인'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('회원가입 후 로그인 처리 중 문제가 발생했습니다.');
    expect(member()).toBe('guest');
  });

  it('the server email verdict lands on the field; other failures use the generic message', async () => {
    let answer = json(
      { message: '이미 사용 중인 이메일입니다.', code: 'EMAIL_IN_USE', fields: { userId: '이미 사용 중인 이메일입니다.' } },
      409,
    );
    authApi({ 'POST /api/auth/sms/sign-up': () => answer });
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    click(button('확인'));
    await settle();
    expect(describedError(field('이메일'))).toBe('이미 사용 중인 이메일입니다.');
    answer = json({}, 500);
    type(field('이메일'), 'other@beesang.kr');
    click(button('확인'));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('회원가입 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.');
  });
});

describe('expert sign-up', () => {
  it('PB: expert wording, office and department required, live introduction counter', async () => {
    authApi();
    renderLogin();
    await reachSignUp('증권사 PB 회원');
    expect(screen.getByRole('dialog', { name: '증권사 PB 회원가입' })).toBeTruthy();
    type(field('이메일'), 'pb@');
    expect(describedError(field('이메일'))).toBe('올바른 이메일 형식이 아닙니다.');
    type(field('이름 (실명)'), '김');
    expect(describedError(field('이름 (실명)'))).toBe('두글자 이상 입력해주세요.');
    type(field('이름 (실명)'), '');
    expect(describedError(field('이름 (실명)'))).toBe('한글, 영문 2~10자로 입력해주세요.');
    // A change event needs a change: type, then clear.
    type(field('증권사명'), '비상');
    type(field('증권사명'), '');
    expect(describedError(field('증권사명'))).toBe('PB 정보를 입력해주세요.');
    type(field('부서명'), 'WM');
    type(field('부서명'), '');
    expect(describedError(field('부서명'))).toBe('부서 정보를 입력해주세요.');

    const intro = screen.getByLabelText(/자기소개/) as HTMLTextAreaElement;
    expect(screen.getByText('0/500')).toBeTruthy();
    type(intro, '안녕하세요');
    expect(screen.getByText('5/500')).toBeTruthy();
    type(intro, 'ㄱ'.repeat(501));
    expect(screen.getByText('501/500')).toBeTruthy();
    expect(describedError(intro)).toContain('자기소개는 500자를 넘을 수 없습니다.');

    // The photo picker is live; without a photo the form cannot be sent.
    expect(button('사진 추가').disabled).toBe(false);
    expect(button('가입 완료').disabled).toBe(true);
  });

  it('CTA: office name only; the photo is required, uploaded, and sent as profileUrl', async () => {
    const api = authApi();
    const xhr = stubXhr();
    renderLogin();
    await reachSignUp('세무사 회원');
    expect(screen.queryByLabelText('부서명')).toBeNull();
    type(field('세무사무소명'), '비상');
    type(field('세무사무소명'), '');
    expect(describedError(field('세무사무소명'))).toBe('세무사무소 정보를 입력해주세요.');
    type(field('이름 (실명)'), '김세무');
    type(field('세무사무소명'), '비상세무회계');
    fillNormal('cta@beesang.kr');
    expect(button('가입 완료').disabled).toBe(true);

    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    act(() => {
      fireEvent.change(input, { target: { files: [imageFile('me.png')] } });
    });
    act(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' } }));
    await settle();
    expect(screen.getByText('이미지 업로드 완료')).toBeTruthy();
    expect(button('가입 완료').disabled).toBe(false);

    click(button('가입 완료'));
    await settle();
    expect(api.last('POST /api/auth/sms/sign-up')?.body).toMatchObject({
      expertType: 'CTA',
      expertName: '김세무',
      officeInfo: { name: '비상세무회계' },
      introduction: '',
      profileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
    });
  });

  it('an expert may add a proof for the operators (decision 0016); it goes with the sign-up as expertProofUrl', async () => {
    const api = authApi();
    const xhr = stubXhr();
    renderLogin();
    await reachSignUp('세무사 회원');
    type(field('이름 (실명)'), '김세무');
    type(field('세무사무소명'), '비상세무회계');
    fillNormal('proof@beesang.kr');
    const [photo, proof] = Array.from(document.querySelectorAll('input[type="file"]')) as HTMLInputElement[];
    for (const [input, url] of [
      [photo, '/uploads/0123456789abcdef0123456789abcdef.webp'],
      [proof, '/uploads/fedcba9876543210fedcba9876543210.webp'],
    ] as const) {
      act(() => {
        fireEvent.change(input as HTMLInputElement, { target: { files: [imageFile('card.png')] } });
      });
      act(() => xhr.last().respond(200, { result: { fileUrl: url } }));
      await settle();
    }
    expect(screen.getByAltText('전문가 증빙 (명함 또는 자격증) 미리보기')).toBeTruthy();
    click(button('가입 완료'));
    await settle();
    expect(api.last('POST /api/auth/sms/sign-up')?.body).toMatchObject({
      expertType: 'CTA',
      profileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
      expertProofUrl: '/uploads/fedcba9876543210fedcba9876543210.webp',
    });
  });

  it('PB: removing the photo brings back the required message', async () => {
    authApi();
    const xhr = stubXhr();
    renderLogin();
    await reachSignUp('증권사 PB 회원');
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    act(() => {
      fireEvent.change(input, { target: { files: [imageFile('me.png')] } });
    });
    act(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' } }));
    await settle();
    click(button('me.png 삭제'));
    expect(screen.getByText('프로필 사진을 추가해주세요.')).toBeTruthy();
  });
});

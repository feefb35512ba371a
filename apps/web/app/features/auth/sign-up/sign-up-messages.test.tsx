import { act, fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, checkbox, click, dialog, field, settle, type } from '../../../test/dom';
import { json, type Routes } from '../../../test/fake-api';
import { imageFile, stubXhr } from '../../../test/fake-xhr';
import { member } from '../../../test/render';
import { authApi, reachSignUp, renderLogin } from '../shared/test-kit';

/*
 * Spec §5 "Sign-up" and the sign-up half of §8, walked as tables a reviewer can hold against the
 * spec: one row per (form, field, what the member does, the message). The Korean is written out,
 * not imported, so that a changed wording fails here. "" means no message.
 *
 * Moments (spec §4 "Sign-up submit"): the form validates on every change, so a field's message
 * appears with the change that makes it wrong and goes with the one that makes it right; a field
 * not yet changed says nothing. The submit's messages (§8) come after 가입 완료/확인 is pressed.
 */

beforeEach(() => {
  vi.useFakeTimers();
});

type Form = '일반 회원' | '증권사 PB 회원' | '세무사 회원';

/** The message a field points to with aria-describedby, without its hint or counter. */
function messageOf(element: Element): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .filter((id) => !id.endsWith('-hint') && !id.endsWith('-counter'))
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** A change event needs a change: an empty value is typed after a letter. */
function change(label: string, value: string) {
  const input = label === '자기소개' ? screen.getByLabelText(/자기소개/) : field(label);
  if (value === '') type(input, 'ㄱ');
  type(input, value);
  return input;
}

const TEN = '가나다라마바사아자차';
const ELEVEN = `${TEN}카`;

describe('spec §5 sign-up: text fields, message on the change', () => {
  it.each<[Form, string, string, string]>([
    // Nickname: the same four rules on every form.
    ['일반 회원', '닉네임', '', '닉네임을 입력해주세요.'],
    ['일반 회원', '닉네임', '개', '두 글자 이상 입력해주세요.'],
    ['일반 회원', '닉네임', ELEVEN, '열 글자 이하로 입력해주세요.'],
    ['일반 회원', '닉네임', '개미12', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    ['일반 회원', '닉네임', '개미 친구', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    ['일반 회원', '닉네임', 'ant!', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    ['일반 회원', '닉네임', '개미', ''],
    ['일반 회원', '닉네임', TEN, ''],
    ['일반 회원', '닉네임', 'Beesang', ''],
    ['증권사 PB 회원', '닉네임', '', '닉네임을 입력해주세요.'],
    ['증권사 PB 회원', '닉네임', '개', '두 글자 이상 입력해주세요.'],
    ['증권사 PB 회원', '닉네임', ELEVEN, '열 글자 이하로 입력해주세요.'],
    ['세무사 회원', '닉네임', 'tax1', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
    // Email: the normal form's wording, then the experts' (spec §5 gives two). Required has no
    // wording in the spec; the app says '이메일을 입력해주세요.'.
    ['일반 회원', '이메일', '', '이메일을 입력해주세요.'],
    ['일반 회원', '이메일', 'ant', '이메일 형식이 올바르지 않습니다.'],
    ['일반 회원', '이메일', 'ant@', '이메일 형식이 올바르지 않습니다.'],
    ['일반 회원', '이메일', 'ant@beesang', '이메일 형식이 올바르지 않습니다.'],
    ['일반 회원', '이메일', '@beesang.kr', '이메일 형식이 올바르지 않습니다.'],
    ['일반 회원', '이메일', 'ant@beesang.kr', ''],
    ['증권사 PB 회원', '이메일', '', '이메일을 입력해주세요.'],
    ['증권사 PB 회원', '이메일', 'pb@', '올바른 이메일 형식이 아닙니다.'],
    ['증권사 PB 회원', '이메일', 'pb@beesang', '올바른 이메일 형식이 아닙니다.'],
    ['증권사 PB 회원', '이메일', 'pb@beesang.kr', ''],
    ['세무사 회원', '이메일', 'cta', '올바른 이메일 형식이 아닙니다.'],
    ['세무사 회원', '이메일', 'cta@beesang.kr', ''],
    // Expert name (real name), 2-10 Korean or English letters.
    ['증권사 PB 회원', '이름 (실명)', '', '한글, 영문 2~10자로 입력해주세요.'],
    ['증권사 PB 회원', '이름 (실명)', '김', '두글자 이상 입력해주세요.'],
    ['증권사 PB 회원', '이름 (실명)', ELEVEN, '최대 10자까지 입력할 수 있어요.'],
    ['증권사 PB 회원', '이름 (실명)', '김12', '한글, 영문 2~10자로 입력해주세요.'],
    ['증권사 PB 회원', '이름 (실명)', '김피비', ''],
    ['세무사 회원', '이름 (실명)', '김', '두글자 이상 입력해주세요.'],
    ['세무사 회원', '이름 (실명)', TEN, ''],
    // Office: PB asks for the brokerage and a department, CTA for the tax office only.
    ['증권사 PB 회원', '증권사명', '', 'PB 정보를 입력해주세요.'],
    ['증권사 PB 회원', '증권사명', '   ', 'PB 정보를 입력해주세요.'],
    ['증권사 PB 회원', '증권사명', '비상증권', ''],
    ['증권사 PB 회원', '부서명', '', '부서 정보를 입력해주세요.'],
    ['증권사 PB 회원', '부서명', '강남WM센터', ''],
    ['세무사 회원', '세무사무소명', '', '세무사무소 정보를 입력해주세요.'],
    ['세무사 회원', '세무사무소명', '비상세무회계', ''],
    // Introduction: optional, at most 500 characters.
    ['증권사 PB 회원', '자기소개', '', ''],
    ['증권사 PB 회원', '자기소개', 'ㄱ'.repeat(500), ''],
    ['증권사 PB 회원', '자기소개', 'ㄱ'.repeat(501), '자기소개는 500자를 넘을 수 없습니다.'],
    ['세무사 회원', '자기소개', 'ㄱ'.repeat(501), '자기소개는 500자를 넘을 수 없습니다.'],
  ])('%s · %s · %j → %j', async (form, label, value, message) => {
    authApi();
    renderLogin();
    await reachSignUp(form);
    const input = label === '자기소개' ? screen.getByLabelText(/자기소개/) : field(label);
    // Not changed yet: quiet.
    expect(messageOf(input)).toBe('');
    change(label, value);
    expect(messageOf(input)).toBe(message);
    expect(input.getAttribute('aria-invalid')).toBe(message ? 'true' : null);
  });

  it.each<[Form, Array<string | RegExp>]>([
    ['일반 회원', ['이름 (실명)', '프로필 사진', '증권사명', '세무사무소명', '부서명', /자기소개/]],
    ['세무사 회원', ['증권사명', '부서명']],
    ['증권사 PB 회원', ['세무사무소명']],
  ])('%s asks nothing of another form: no %j', async (form, absent) => {
    authApi();
    renderLogin();
    await reachSignUp(form);
    for (const label of absent) expect(screen.queryByLabelText(label), String(label)).toBeNull();
  });

  it('nickname and real name take an 11th letter, so their "at most 10" messages can be said rather than the letter refused', async () => {
    authApi();
    renderLogin();
    await reachSignUp('증권사 PB 회원');
    for (const label of ['닉네임', '이름 (실명)']) expect(field(label).hasAttribute('maxlength'), label).toBe(false);
  });

  it('a message follows the typing: wrong, right, wrong again', async () => {
    authApi();
    renderLogin();
    await reachSignUp('일반 회원');
    const steps: Array<[string, string]> = [
      ['개', '두 글자 이상 입력해주세요.'],
      ['개미', ''],
      ['개미1', '닉네임은 한글 또는 영문으로만 입력해주세요.'],
      ['', '닉네임을 입력해주세요.'],
    ];
    for (const [value, message] of steps) {
      type(field('닉네임'), value);
      expect(messageOf(field('닉네임')), value).toBe(message);
    }
  });
});

const terms = () => screen.getByRole('group', { name: '약관 동의' });
const TERMS_STEPS: Record<string, Array<'전체 동의' | '서비스' | '개인정보'>> = {
  '전체 동의를 켰다 끔': ['전체 동의', '전체 동의'],
  '서비스 이용약관만 체크': ['서비스'],
  '개인정보 처리방침만 체크': ['개인정보'],
  '둘 다 체크한 뒤 하나를 끔': ['서비스', '개인정보', '개인정보'],
  '전체 동의': ['전체 동의'],
  '두 항목을 하나씩 체크': ['서비스', '개인정보'],
};
const TERMS_BOX = { '전체 동의': '전체 동의', 서비스: /서비스 이용약관/, 개인정보: /개인정보 처리방침/ } as const;

describe('spec §5 sign-up: terms, message on the tick', () => {
  it.each<[Form, keyof typeof TERMS_STEPS, string]>([
    ['일반 회원', '전체 동의를 켰다 끔', '필수 약관에 동의해주세요.'],
    ['일반 회원', '서비스 이용약관만 체크', '필수 약관에 동의해주세요.'],
    ['일반 회원', '개인정보 처리방침만 체크', '필수 약관에 동의해주세요.'],
    ['일반 회원', '둘 다 체크한 뒤 하나를 끔', '필수 약관에 동의해주세요.'],
    ['일반 회원', '전체 동의', ''],
    ['일반 회원', '두 항목을 하나씩 체크', ''],
    ['증권사 PB 회원', '전체 동의를 켰다 끔', '이용약관에 동의해야 합니다.'],
    ['증권사 PB 회원', '서비스 이용약관만 체크', '이용약관에 동의해야 합니다.'],
    ['증권사 PB 회원', '두 항목을 하나씩 체크', ''],
    ['세무사 회원', '개인정보 처리방침만 체크', '이용약관에 동의해야 합니다.'],
    ['세무사 회원', '전체 동의', ''],
  ])('%s · %s → %j', async (form, steps, message) => {
    authApi();
    renderLogin();
    await reachSignUp(form);
    expect(messageOf(terms())).toBe('');
    for (const step of TERMS_STEPS[steps] ?? []) click(checkbox(TERMS_BOX[step]));
    expect(messageOf(terms())).toBe(message);
  });
});

const photoInput = () => screen.getByLabelText('프로필 사진') as HTMLInputElement;
function choosePhoto(file = imageFile('me.png')) {
  act(() => {
    fireEvent.change(photoInput(), { target: { files: [file] } });
  });
}
/** A toast, not the upload row's own status line. */
const toasted = (text: string) => screen.queryAllByText(text).some((el) => !el.closest('ul[aria-label="업로드한 사진"]'));
const UPLOADED = '/uploads/0123456789abcdef0123456789abcdef.webp';

describe('spec §5 sign-up: profile photo, and §8 upload toasts', () => {
  it.each<[Form, string, string, string, (xhr: ReturnType<typeof stubXhr>) => Promise<void>]>([
    [
      '증권사 PB 회원',
      '사진을 올림',
      '',
      '이미지 업로드 완료',
      async (xhr) => {
        choosePhoto();
        act(() => xhr.last().respond(200, { result: { fileUrl: UPLOADED } }));
        await settle();
      },
    ],
    [
      '증권사 PB 회원',
      '올린 사진을 삭제',
      '프로필 사진을 추가해주세요.',
      '이미지 업로드 완료',
      async (xhr) => {
        choosePhoto();
        act(() => xhr.last().respond(200, { result: { fileUrl: UPLOADED } }));
        await settle();
        click(button('me.png 삭제'));
      },
    ],
    [
      '세무사 회원',
      '업로드가 서버 오류로 실패',
      '프로필 사진을 추가해주세요.',
      '이미지 업로드 실패',
      async (xhr) => {
        choosePhoto();
        act(() => xhr.last().respond(500, { message: '처리 중 오류가 발생했습니다.' }));
        await settle();
      },
    ],
    [
      '세무사 회원',
      '업로드가 네트워크 오류로 실패',
      '프로필 사진을 추가해주세요.',
      '이미지 업로드 실패',
      async (xhr) => {
        choosePhoto();
        act(() => xhr.last().fail());
        await settle();
      },
    ],
    [
      // Spec §5: only images. The wording is the app's (the spec gives none).
      '증권사 PB 회원',
      '이미지가 아닌 파일을 고름',
      'JPG, PNG, WEBP, GIF 이미지만 올릴 수 있습니다.',
      '',
      async () => {
        choosePhoto(new File(['<html></html>'], 'page.html', { type: 'text/html' }));
      },
    ],
  ])('%s · %s → %j, toast %j', async (form, _, message, toast, act$) => {
    authApi();
    const xhr = stubXhr();
    renderLogin();
    await reachSignUp(form);
    expect(messageOf(photoInput())).toBe('');
    await act$(xhr);
    expect(messageOf(photoInput())).toBe(message);
    for (const text of ['이미지 업로드 완료', '이미지 업로드 실패']) expect(toasted(text), text).toBe(text === toast);
  });

  it('while a photo is on its way the required message waits', async () => {
    authApi();
    stubXhr();
    renderLogin();
    await reachSignUp('증권사 PB 회원');
    choosePhoto();
    expect(messageOf(photoInput())).toBe('');
    expect(screen.getByRole('progressbar')).toBeTruthy();
  });
});

/** A normal sign-up filled in right, ready for 확인. */
function fillNormal() {
  type(field('닉네임'), '비상개미');
  type(field('이메일'), 'ant@beesang.kr');
  click(checkbox('전체 동의'));
}
const EMAIL_CHECK = 'GET /api/user/userId/ant%40beesang.kr';
const SIGN_UP = 'POST /api/auth/sms/sign-up';
const offline = () => {
  throw new TypeError('Failed to fetch');
};
const rootError = () => document.querySelector('form p[role="alert"]')?.textContent ?? '';

describe('spec §8 sign-up messages, after 확인', () => {
  it.each<[string, '이메일' | 'form', string, Routes]>([
    ['the email is in use', '이메일', '이미 사용 중인 이메일입니다.', { [EMAIL_CHECK]: () => json({ result: true }) }],
    ['the email check fails', '이메일', '이메일 중복 확인 중 오류가 발생했습니다.', { [EMAIL_CHECK]: () => json({}, 500) }],
    ['the email check cannot reach the server', '이메일', '이메일 중복 확인 중 오류가 발생했습니다.', { [EMAIL_CHECK]: offline }],
    [
      'the server finds the email in use at sign-up',
      '이메일',
      '이미 사용 중인 이메일입니다.',
      {
        [SIGN_UP]: () =>
          json({ message: '이미 사용 중인 이메일입니다.', code: 'EMAIL_IN_USE', fields: { userId: '이미 사용 중인 이메일입니다.' } }, 409),
      },
    ],
    [
      'the sign-up answers without a token',
      'form',
      '회원가입 후 로그인 처리 중 문제가 발생했습니다.',
      { [SIGN_UP]: () => json({ result: { result11: {} } }) },
    ],
    // The spec gives no wording for a failed user-info fetch after sign-up; the app says the no-token message.
    [
      'the member cannot be read after sign-up',
      'form',
      '회원가입 후 로그인 처리 중 문제가 발생했습니다.',
      { 'GET /api/user/myPage/detail': () => json({}, 500) },
    ],
    [
      'the sign-up fails on the server',
      'form',
      '회원가입 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.',
      { [SIGN_UP]: () => json({}, 500) },
    ],
    ['the sign-up cannot reach the server', 'form', '회원가입 중 오류가 발생했습니다. 잠시 후 다시 시도해주세요.', { [SIGN_UP]: offline }],
    // "The server message is preferred": a refusal that says why keeps its words.
    [
      'the server refuses with its own message',
      'form',
      '이미 가입된 휴대폰 번호입니다. 로그인해주세요.',
      { [SIGN_UP]: () => json({ message: '이미 가입된 휴대폰 번호입니다. 로그인해주세요.', code: 'ALREADY_MEMBER' }, 409) },
    ],
  ])('%s → on %s: %j', async (_, where, message, routes) => {
    const api = authApi(routes);
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    expect(rootError()).toBe('');
    click(button('확인'));
    await settle();
    if (where === '이메일') {
      expect(messageOf(field('이메일'))).toBe(message);
      expect(rootError()).toBe('');
    } else {
      expect(rootError()).toBe(message);
      expect(messageOf(field('이메일'))).toBe('');
    }
    // The modal stays with what was typed; nobody is signed in.
    expect(dialog()).not.toBeNull();
    expect(field('닉네임').value).toBe('비상개미');
    expect(member()).toBe('guest');
    // An email refused before sign-up is never registered.
    if (where === '이메일' && !(SIGN_UP in routes)) expect(api.keys()).not.toContain(SIGN_UP);
  });

  it('while the email is checked the button says so and cannot be pressed again', async () => {
    let answer: (r: Response) => void = () => {};
    authApi({
      [EMAIL_CHECK]: () =>
        new Promise<Response>((r) => {
          answer = r;
        }),
    });
    renderLogin();
    await reachSignUp('일반 회원');
    fillNormal();
    click(button('확인'));
    await settle();
    expect(button('이메일 확인 중…').disabled).toBe(true);
    answer(json({ result: true }));
    await settle();
    expect(messageOf(field('이메일'))).toBe('이미 사용 중인 이메일입니다.');
  });
});

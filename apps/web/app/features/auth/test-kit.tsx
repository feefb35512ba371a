import type { UserDetail } from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { expect, type Mock, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { SessionProvider, useSession } from '../../lib/session';
import { TEST_MEMBER } from '../../lib/test-member';
import { LoginDialog } from './login-dialog';

/** Shared by the auth tests: an API stub shaped like the real one, and the modal inside the app's providers. */
export const PHONE = '01012345678';

export const USER: UserDetail = TEST_MEMBER;

export function json(body: unknown, status = 200, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

type Handler = (body: unknown) => Response | Promise<Response>;
export type FetchMock = Mock<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>;

/** Answers like the API: `routes` keyed 'METHOD /path' override the happy path of a new member. */
export function stubApi(routes: Record<string, Handler> = {}): FetchMock {
  const defaults: Record<string, Handler> = {
    'POST /api/sms/send': () => json({ result: true }),
    'POST /api/sms/match': () => json({ result: true, verificationTicket: 'ticket' }),
    [`GET /api/user/userPhone/${PHONE}`]: () => json({ result: false }),
    'POST /api/auth/sms/sign-in': () => json({ result: { accessToken: 'a', refreshToken: 'r' } }),
    'GET /api/user/myPage/detail': () => json({ result: USER }),
    'POST /api/auth/sms/sign-up': () => json({ result: { result11: { accessToken: 'a', refreshToken: 'r' } } }),
    'POST /api/auth/logout': () => new Response(null, { status: 204 }),
  };
  const table = { ...defaults, ...routes };
  const mock: FetchMock = vi.fn(async (input, init) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const key = `${method} ${path}`;
    const handler = table[key] ?? (path.startsWith('/api/user/userId/') && method === 'GET' ? () => json({ result: false }) : undefined);
    if (!handler) throw new Error(`unexpected call ${key}`);
    return handler(init?.body ? JSON.parse(String(init.body)) : undefined);
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

/** The paths called, as 'METHOD /path', in order. */
export const calls = (mock: FetchMock) => mock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);
/** The JSON body of the first call to `key`. */
export function bodyOf(mock: FetchMock, key: string): unknown {
  const call = mock.mock.calls.find(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}` === key);
  return call?.[1]?.body ? JSON.parse(String(call[1].body)) : undefined;
}

function Probe() {
  const session = useSession();
  return (
    <>
      <button type="button" onClick={session.openLoginDialog}>
        open login
      </button>
      <p data-testid="who">{session.user?.userNickname ?? 'guest'}</p>
    </>
  );
}

export function renderLogin() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <NotifyProvider>
            <SessionProvider>
              <Probe />
              <LoginDialog />
              <Outlet />
            </SessionProvider>
          </NotifyProvider>
        ),
        children: [{ index: true, element: <p>home</p> }],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  click(screen.getByRole('button', { name: 'open login' }));
  return router;
}

/** Lets timers run and the fetch promise chains settle. */
export async function wait(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

export function click(element: HTMLElement) {
  act(() => {
    fireEvent.click(element);
  });
}

export function type(element: HTMLElement, value: string) {
  act(() => {
    fireEvent.change(element, { target: { value } });
  });
}

export const dialog = () => screen.queryByRole('dialog');
export const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
export const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

/** The text of the error tied to a field through aria-describedby. */
export function describedError(input: HTMLElement): string {
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** LOGIN → code sent → code typed → pressed; the API stub decides where it goes next. */
export async function verifyPhone() {
  type(field('휴대폰 번호'), PHONE);
  click(button('인증요청'));
  await wait();
  type(field('인증번호'), '123456');
  click(button('로그인 (회원가입)'));
  await wait();
}

/** From LOGIN through USER_TYPE to the chosen sign-up page. */
export async function reachSignUp(card: '일반 회원' | '증권사 PB 회원' | '세무사 회원') {
  await verifyPhone();
  click(screen.getByRole('radio', { name: new RegExp(card) }));
  click(button('다음'));
  expect(dialog()).not.toBeNull();
}

import { messages, type UserDetail } from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { TEST_MEMBER } from '../../test/members';
import { DeleteAccount } from './delete-account';
import { ProfileForm } from './profile-form';

const USER: UserDetail = { ...TEST_MEMBER, userNickname: '비상회원', userEmail: 'member@example.com' };

function renderAt(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <p>home</p> },
      { path: '/myPage', element: <NotifyProvider>{element}</NotifyProvider> },
    ],
    { initialEntries: ['/myPage'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const json = (status: number, body: unknown) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('account page', () => {
  it('validates the nickname on change and saves through PUT /api/user/myPage', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      json(200, { result: { ...USER, ...JSON.parse(String(init?.body)) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    renderAt(<ProfileForm user={USER} onSaved={onSaved} />);
    const nickname = screen.getByLabelText('닉네임');
    fireEvent.change(nickname, { target: { value: '비' } });
    expect(screen.getByText(messages.nicknameMin)).toBeTruthy();
    expect((screen.getByRole('button', { name: '저장' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(nickname, { target: { value: '새이름' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/user/myPage');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ profileImageUrl: '', userNickname: '새이름', userEmail: USER.userEmail });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ userNickname: '새이름' }));
  });

  it('shows the server’s field error for a taken email', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: messages.emailInUse, code: 'EMAIL_IN_USE', fields: { userEmail: messages.emailInUse } })),
    );
    renderAt(<ProfileForm user={USER} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('이메일'), { target: { value: 'taken@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '저장' }));
    });
    expect(screen.getAllByText(messages.emailInUse).length).toBeGreaterThan(0);
  });

  it('deletes the account only after confirmation, then goes home', async () => {
    const fetchMock = vi.fn(async () => json(204, null));
    vi.stubGlobal('fetch', fetchMock);
    const onDeleted = vi.fn();
    const router = renderAt(<DeleteAccount userIdx={7} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: '회원 탈퇴' }));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '탈퇴하기' }));
    });
    expect(fetchMock).toHaveBeenCalledWith('/api/user/7', expect.objectContaining({ method: 'DELETE' }));
    expect(onDeleted).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/');
  });
});

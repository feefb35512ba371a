import { messages, type UserDetail } from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { TEST_MEMBER } from '../../test/members';
import { DeleteAccount } from './delete-account';
import { ProfileForm } from './profile-form';

const USER: UserDetail = { ...TEST_MEMBER, userNickname: '비상회원', userEmail: 'member@example.com' };
const PB: UserDetail = {
  ...USER,
  expertType: 'PB',
  expertName: '김피비',
  profileImageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
  officeName: '비상증권',
  officeDept: 'WM센터',
};

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

  it('PB: an emptied office or department shows the sign-up message inline and keeps the input', async () => {
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) =>
      json(200, { result: { ...PB, ...JSON.parse(String(init?.body)) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<ProfileForm user={PB} onSaved={() => {}} />);
    const save = () => screen.getByRole('button', { name: '저장' }) as HTMLButtonElement;
    const officeName = screen.getByLabelText('증권사명') as HTMLInputElement;
    const officeDept = screen.getByLabelText('부서') as HTMLInputElement;
    fireEvent.change(officeName, { target: { value: '' } });
    fireEvent.change(officeDept, { target: { value: '  ' } });
    expect(screen.getByText(messages.officeRequiredPb)).toBeTruthy();
    expect(screen.getByText(messages.deptRequired)).toBeTruthy();
    expect(officeName.getAttribute('aria-invalid')).toBe('true');
    expect(officeDept.value).toBe('  ');
    expect(save().disabled).toBe(true);
    await act(async () => {
      fireEvent.submit(save().closest('form') as HTMLFormElement);
    });
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(officeName, { target: { value: '새증권' } });
    fireEvent.change(officeDept, { target: { value: 'IB본부' } });
    expect(screen.queryByText(messages.officeRequiredPb)).toBeNull();
    expect(screen.queryByText(messages.deptRequired)).toBeNull();
    await act(async () => {
      fireEvent.click(save());
    });
    expect(JSON.parse(String((fetchMock.mock.calls[0] as [string, RequestInit])[1].body))).toMatchObject({
      officeName: '새증권',
      officeDept: 'IB본부',
    });
  });

  it('CTA: the office message is the CTA wording', () => {
    renderAt(<ProfileForm user={{ ...PB, expertType: 'CTA', officeName: '비상세무사무소', officeDept: '' }} onSaved={() => {}} />);
    expect(screen.queryByLabelText('부서')).toBeNull();
    fireEvent.change(screen.getByLabelText('세무사무소명'), { target: { value: ' ' } });
    expect(screen.getByText(messages.officeRequiredCta)).toBeTruthy();
    expect((screen.getByLabelText('세무사무소명') as HTMLInputElement).value).toBe(' ');
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

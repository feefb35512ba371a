import { messages } from '@beesang/contract';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { NotifyProvider } from '../../lib/notify';
import { PasswordForm } from './password-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const input = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: '비밀번호 변경' }) as HTMLButtonElement;

function fill(current: string, next: string) {
  fireEvent.change(input('현재 비밀번호'), { target: { value: current } });
  fireEvent.change(input('새 비밀번호'), { target: { value: next } });
  fireEvent.change(input('새 비밀번호 확인'), { target: { value: next } });
}

describe('password change (issue 13 §3: the owner proves presence)', () => {
  it('waits for the current password, and sends it beside the new one', async () => {
    const fetchMock = vi.fn(async () => json(200, { result: { accessToken: 'a' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <NotifyProvider>
        <PasswordForm />
      </NotifyProvider>,
    );
    fill('', 'a brand new one');
    expect(submit().disabled).toBe(true);
    fireEvent.change(input('현재 비밀번호'), { target: { value: 'the old one 1' } });
    expect(submit().disabled).toBe(false);
    await act(async () => fireEvent.click(submit()));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/user/password');
    expect(JSON.parse(String(init.body))).toEqual({ password: 'a brand new one', currentPassword: 'the old one 1' });
    // Saved: every field empties, and the member is told other devices must sign in again.
    expect(input('현재 비밀번호').value).toBe('');
    expect(await screen.findByText(/다른 기기에서는 다시 로그인/)).toBeTruthy();
  });

  it('a wrong current password is said under that field, and nothing typed is lost', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          message: messages.currentPasswordWrong,
          code: 'CURRENT_PASSWORD_WRONG',
          fields: { currentPassword: messages.currentPasswordWrong },
        }),
      ),
    );
    render(
      <NotifyProvider>
        <PasswordForm />
      </NotifyProvider>,
    );
    fill('not it', 'a brand new one');
    await act(async () => fireEvent.click(submit()));
    expect(await screen.findByText(messages.currentPasswordWrong)).toBeTruthy();
    expect(input('현재 비밀번호').getAttribute('aria-invalid')).toBe('true');
    expect(input('현재 비밀번호').value).toBe('not it');
    expect(input('새 비밀번호').value).toBe('a brand new one');
    // Typing again clears the verdict.
    fireEvent.change(input('현재 비밀번호'), { target: { value: 'the old one 1' } });
    expect(screen.queryByText(messages.currentPasswordWrong)).toBeNull();
  });
});

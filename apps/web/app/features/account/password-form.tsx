import { messages, passwordSchema } from '@beesang/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/**
 * The current password (proof that the owner is at the keyboard, not only a live token), then the
 * new one twice; other devices are signed out by the server.
 */
export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [currentError, setCurrentError] = useState<string | undefined>();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [saving, setSaving] = useState(false);
  const { notify } = useNotify();
  const lengthError = password && !passwordSchema.safeParse(password).success ? messages.passwordLength : undefined;
  const confirmError = confirm && confirm !== password ? '비밀번호가 서로 다릅니다.' : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (lengthError || confirmError || !password || !current) return;
    setSaving(true);
    try {
      await apiFetch('/api/user/password', { method: 'PUT', body: JSON.stringify({ password, currentPassword: current }) });
      setCurrent('');
      setPassword('');
      setConfirm('');
      notify('success', '비밀번호 변경', '비밀번호를 바꿨어요. 다른 기기에서는 다시 로그인해야 합니다.');
    } catch (error) {
      // A wrong current password is about that field: said beside it, and what was typed stays.
      if (error instanceof ApiError && error.fields?.currentPassword) setCurrentError(error.fields.currentPassword);
      else notify('error', '비밀번호 변경', error instanceof ApiError ? error.message : messages.genericError);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField
        label="현재 비밀번호"
        type="password"
        autoComplete="current-password"
        maxLength={64}
        value={current}
        onChange={(e) => {
          setCurrent(e.target.value);
          setCurrentError(undefined);
        }}
        error={currentError}
      />
      <TextField
        label="새 비밀번호"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={lengthError}
        hint="8자 이상 64자 이하"
      />
      <TextField
        label="새 비밀번호 확인"
        type="password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={confirmError}
      />
      <Button type="submit" full disabled={saving || !current || !password || !!lengthError || confirm !== password}>
        비밀번호 변경
      </Button>
    </form>
  );
}

import { type AdminMemberRow, isStaffRole, STAFF_ROLES } from '@beesang/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAdminAction } from '../shared/use-admin-action';
import { setStaffRole } from './members-api';

const ROLE_TEXT: Record<string, string> = {
  '': '권한 없음',
  ADMIN: 'ADMIN · 관리자',
  MODERATOR: 'MODERATOR · 운영',
  EDITOR: 'EDITOR · 편집',
};

/** ADMIN only: grant, change or take away a member's console role. The API refuses one's own. */
export function RoleSelect({ row }: { row: AdminMemberRow }) {
  const id = useId();
  const { busy, run } = useAdminAction();
  const [value, setValue] = useState(row.staffRole ?? '');
  const [error, setError] = useState('');
  useEffect(() => setValue(row.staffRole ?? ''), [row.staffRole]);
  const changed = value !== (row.staffRole ?? '');

  async function save() {
    setError('');
    const role = isStaffRole(value) ? value : null;
    const result = await run('권한 변경', () => setStaffRole(row.userIdx, role), {
      done: `${row.userNickname}님: ${ROLE_TEXT[value]}`,
    });
    if (!result.ok && result.error instanceof ApiError) setError(result.error.message);
  }

  return (
    <div>
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink-2">
          운영 권한
        </label>
        <select
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-9 rounded-control border border-line bg-white px-2 text-sm focus:border-brand aria-[invalid=true]:border-danger"
        >
          {['', ...STAFF_ROLES].map((r) => (
            <option key={r} value={r}>
              {ROLE_TEXT[r]}
            </option>
          ))}
        </select>
        <Button variant="ghost" size="sm" disabled={busy || !changed} onClick={save}>
          권한 적용
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

import type { AdminAuditEntry } from '@beesang/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AuditTable } from './audit-table';

const fromConsole: AdminAuditEntry = {
  id: 2,
  staffUserIdx: 7,
  staffNickname: '운영자',
  action: 'member.sanction',
  targetType: 'USER',
  targetId: '12',
  detail: '{"state":1}',
  ip: '203.0.113.7',
  at: '2026-11-20T05:00:00.000Z',
};
// What `npm run staff:grant` writes (issue 21): no member acted, the command line did.
const commandLine: AdminAuditEntry = {
  id: 1,
  staffUserIdx: null,
  staffNickname: '명령줄 (root@web-1)',
  action: 'member.role',
  targetType: 'USER',
  targetId: '7',
  detail: '{"role":"ADMIN","via":"staff:grant","osUser":"root"}',
  ip: '',
  at: '2026-11-19T05:00:00.000Z',
};

describe('the audit table', () => {
  it('shows an entry from the command line by who ran it, with no member number', () => {
    render(<AuditTable rows={[fromConsole, commandLine]} />);
    const [, first, second] = within(screen.getByTestId('audit-table')).getAllByRole('row');
    expect(first?.textContent).toContain('회원번호 7');
    const cli = within(second as HTMLElement).getAllByRole('cell');
    expect(cli[1]?.textContent).toBe('명령줄 (root@web-1)서버에서 실행');
    expect(cli[2]?.textContent).toContain('권한 변경');
    expect(cli[3]?.textContent).toBe('USER:7');
    expect(cli[4]?.textContent).toBe('role: ADMIN · via: staff:grant · osUser: root');
    expect(second?.textContent).not.toContain('회원번호');
  });
});

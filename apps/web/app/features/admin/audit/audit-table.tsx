import { type AdminAuditEntry, formatDateTime } from '@beesang/contract';
import { AdminTable, TD } from '../shared/admin-table';
import { actionText, detailText } from './audit-text';

const COLUMNS = [
  { label: '시각 · IP', className: 'w-44' },
  { label: '운영자', className: 'w-32' },
  { label: '행위', className: 'w-36' },
  { label: '대상', className: 'w-32' },
  { label: '내용' },
];

/** Audit entries, newest first: who did what to what, when and from where. */
export function AuditTable({ rows }: { rows: AdminAuditEntry[] }) {
  return (
    <AdminTable caption="감사 로그" columns={COLUMNS} minWidth={760} testId="audit-table">
      {rows.map((e) => (
        <tr key={e.id}>
          <td className={`${TD} whitespace-nowrap`}>
            {formatDateTime(e.at)}
            <span className="block font-mono text-xs text-ink-3">IP {e.ip}</span>
          </td>
          <td className={TD}>
            {e.staffNickname}
            {/* An entry from the command line (npm run staff:grant) names no member. */}
            <span className="block text-xs text-ink-3">{e.staffUserIdx === null ? '서버에서 실행' : `회원번호 ${e.staffUserIdx}`}</span>
          </td>
          <td className={TD}>
            {actionText(e.action)}
            <span className="block font-mono text-xs text-ink-3">{e.action}</span>
          </td>
          <td className={`${TD} font-mono text-xs break-all`}>
            {e.targetType}:{e.targetId}
          </td>
          <td className={`${TD} text-xs break-all text-ink-2`}>{detailText(e.detail)}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

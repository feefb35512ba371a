import { type ContentKind, formatDateTime } from '@beesang/contract';
import { useState } from 'react';
import { AdminTable, TD } from '../shared/admin-table';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { quoted } from '../shared/josa';
import { useAdminAction } from '../shared/use-admin-action';
import { type AdminContentRow, deleteContent, updateContent } from './content-api';
import { StateBadge } from './state-badge';

const COLUMNS = [
  { label: '제목' },
  { label: '상태', className: 'w-24' },
  { label: '게시 시각', className: 'w-48' },
  { label: '작업', align: 'right' as const, className: 'w-56' },
];
const action = 'rounded-control px-2 py-1 text-sm font-semibold whitespace-nowrap hover:bg-page disabled:text-disabled-ink';

/** One kind's posts, newest first, drafts and scheduled ones included, each with its quick actions. */
export function ContentTable(props: {
  kind: ContentKind;
  rows: AdminContentRow[];
  onEdit(row: AdminContentRow): void;
  clock?: () => number;
}) {
  const { kind, rows, onEdit, clock = Date.now } = props;
  const { busy, run } = useAdminAction();
  const [deleting, setDeleting] = useState<AdminContentRow | null>(null);

  // A draft published later appears now, not at the time it was first saved.
  const publish = (r: AdminContentRow) => {
    const publishAt = Date.parse(r.publishedAt) > clock() ? undefined : new Date(clock()).toISOString();
    return run('게시', () => updateContent(kind, r.id, { published: true, ...(publishAt && { publishAt }) }), {
      done: `${quoted(r.title)} 게시했습니다.`,
    });
  };
  const unpublish = (r: AdminContentRow) =>
    run('게시 취소', () => updateContent(kind, r.id, { published: false }), { done: `${quoted(r.title)} 임시저장으로 돌렸습니다.` });
  async function remove(r: AdminContentRow) {
    await run('콘텐츠 삭제', () => deleteContent(kind, r.id), { done: `${quoted(r.title)} 삭제했습니다.` });
    setDeleting(null);
  }

  return (
    <>
      <AdminTable caption="콘텐츠 목록" columns={COLUMNS} testId="content-table">
        {rows.map((r) => (
          <tr key={r.id}>
            <td className={TD}>
              <button type="button" onClick={() => onEdit(r)} className="text-left font-semibold break-words hover:underline">
                {r.title}
              </button>
              {r.summary && <p className="mt-0.5 line-clamp-1 text-xs text-ink-3">{r.summary}</p>}
            </td>
            <td className={TD}>
              <StateBadge state={r.state} />
            </td>
            <td className={`${TD} whitespace-nowrap`}>
              {r.state === 'DRAFT' ? <span className="text-ink-3">게시 전</span> : formatDateTime(r.publishedAt)}
            </td>
            <td className={`${TD} text-right whitespace-nowrap`}>
              <button type="button" className={`${action} text-brand`} onClick={() => onEdit(r)} aria-label={`‘${r.title}’ 수정`}>
                수정
              </button>
              {r.published ? (
                <button type="button" className={action} disabled={busy} onClick={() => unpublish(r)} aria-label={`‘${r.title}’ 게시 취소`}>
                  게시 취소
                </button>
              ) : (
                <button type="button" className={action} disabled={busy} onClick={() => publish(r)} aria-label={`‘${r.title}’ 게시`}>
                  게시
                </button>
              )}
              <button type="button" className={`${action} text-danger`} onClick={() => setDeleting(r)} aria-label={`‘${r.title}’ 삭제`}>
                삭제
              </button>
            </td>
          </tr>
        ))}
      </AdminTable>
      <ConfirmDialog
        open={deleting !== null}
        title="콘텐츠 삭제"
        confirmLabel="삭제"
        busy={busy}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove(deleting)}
      >
        <p>{quoted(deleting?.title ?? '')} 삭제할까요? 회원에게 더 이상 보이지 않고 되돌릴 수 없습니다.</p>
      </ConfirmDialog>
    </>
  );
}

import { useSearchParams } from 'react-router';
import { Pagination } from '../components/ui/pagination';
import { auditExportHref, auditFiltersOf, auditPage } from '../features/admin/audit/audit-api';
import { AuditFilterForm } from '../features/admin/audit/audit-filters';
import { AuditTable } from '../features/admin/audit/audit-table';
import { AreaGate } from '../features/admin/shared/area-gate';
import { EmptyState, LoadFailed } from '../features/admin/shared/list-state';
import { count, PageHeader } from '../features/admin/shared/page-header';
import { pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-audit';

export async function loader({ context, request }: Route.LoaderArgs) {
  const filters = auditFiltersOf(new URL(request.url).searchParams);
  const query = auditPage(filters, pageParam(request.url));
  return { filters, log: await memberRead(context, request, (reads) => reads.adminAudit(query), 'the audit log') };
}

export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { filters, log } = loaderData;
  const [search] = useSearchParams();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <AreaGate area="audit">
      <section aria-labelledby="audit-title">
        <PageHeader
          id="audit-title"
          title="감사 로그"
          summary={
            log
              ? `${filtered ? '조건에 맞는 기록' : '전체 기록'} ${count(log.total)} · 최신 순 · 한국 시간`
              : '운영자의 모든 변경 기록 (수정·삭제 불가)'
          }
          actions={
            <a
              href={auditExportHref(filters)}
              download
              className="inline-flex h-10 items-center rounded-control px-3 text-sm font-semibold text-brand ring-1 ring-line hover:bg-page"
            >
              CSV 내보내기{filtered ? ' (필터 적용)' : ''}
            </a>
          }
        />
        <AuditFilterForm filters={filters} />
        {!log ? (
          <LoadFailed what="감사 로그" />
        ) : log.data.length === 0 ? (
          <EmptyState>{filtered ? '조건에 맞는 기록이 없습니다.' : '아직 기록이 없습니다.'}</EmptyState>
        ) : (
          <>
            <AuditTable rows={log.data} />
            <Pagination page={log.page} total={log.total} size={log.size} search={search} />
          </>
        )}
      </section>
    </AreaGate>
  );
}

import { ReportQueue } from '../features/admin/reports/report-queue';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-reports';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    queue: await memberRead(
      context,
      request,
      (reads) => reads.adminReports({ status: 'OPEN', page: pageParam(request.url), size: ADMIN_PAGE_SIZE }),
      'reports',
    ),
    now: Date.now(),
  };
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="reports">
      {loaderData.queue ? <ReportQueue queue={loaderData.queue} now={loaderData.now} /> : <LoadFailed what="신고 목록" title="신고" />}
    </AreaGate>
  );
}

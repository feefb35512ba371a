import type { AdminReportGroup } from '@beesang/contract';
import { ReportQueue } from '../features/admin/reports/report-queue';
import { reportsPath } from '../features/admin/reports/reports-api';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { pageParam, type Queue } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-reports';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    queue: await memberApiGet<Queue<AdminReportGroup>>(context, request, reportsPath('OPEN', pageParam(request.url))),
    now: Date.now(),
  };
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="reports">
      {loaderData.queue ? <ReportQueue queue={loaderData.queue} now={loaderData.now} /> : <LoadFailed what="신고 목록" />}
    </AreaGate>
  );
}

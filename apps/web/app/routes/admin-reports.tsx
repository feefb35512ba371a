import type { AdminReportGroup } from '@beesang/contract';
import { type Queue, reportsPath } from '../features/admin/admin-api';
import { ReportQueue } from '../features/admin/report-queue';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-reports';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1) || 1;
  return { queue: await memberApiGet<Queue<AdminReportGroup>>(context, request, reportsPath('OPEN', page)), now: Date.now() };
}

export default function AdminReports({ loaderData }: Route.ComponentProps) {
  if (!loaderData.queue) return <p className="text-ink-2">신고 목록을 불러오지 못했습니다. 권한을 확인하거나 새로고침해주세요.</p>;
  return <ReportQueue queue={loaderData.queue} now={loaderData.now} />;
}

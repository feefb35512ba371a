import { ReviewQueue } from '../features/admin/review/review-queue';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-review';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    queue: await memberRead(
      context,
      request,
      (reads) => reads.adminReview({ page: pageParam(request.url), size: ADMIN_PAGE_SIZE }),
      'the review queue',
    ),
    now: Date.now(),
  };
}

export default function AdminReview({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="reports">
      {loaderData.queue ? <ReviewQueue queue={loaderData.queue} now={loaderData.now} /> : <LoadFailed what="검토 목록" title="검토 대기" />}
    </AreaGate>
  );
}

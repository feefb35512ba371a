import type { AdminReviewItem } from '@beesang/contract';
import { reviewPath } from '../features/admin/review/review-api';
import { ReviewQueue } from '../features/admin/review/review-queue';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { pageParam, type Queue } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-review';

export async function loader({ context, request }: Route.LoaderArgs) {
  return {
    queue: await memberApiGet<Queue<AdminReviewItem>>(context, request, reviewPath(pageParam(request.url))),
    now: Date.now(),
  };
}

export default function AdminReview({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="reports">
      {loaderData.queue ? <ReviewQueue queue={loaderData.queue} now={loaderData.now} /> : <LoadFailed what="검토 목록" />}
    </AreaGate>
  );
}

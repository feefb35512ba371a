import { ExpertQueue } from '../features/admin/experts/expert-queue';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-experts';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request.url);
  return {
    queue: await memberRead(context, request, (reads) => reads.adminExperts({ page, size: ADMIN_PAGE_SIZE }), 'the expert review'),
    now: Date.now(),
  };
}

export default function AdminExperts({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="experts">
      {loaderData.queue ? (
        <ExpertQueue queue={loaderData.queue} now={loaderData.now} />
      ) : (
        <LoadFailed what="전문가 심사 목록" title="전문가 심사" />
      )}
    </AreaGate>
  );
}

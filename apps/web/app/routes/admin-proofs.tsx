import { ProofQueue } from '../features/admin/proofs/proof-queue';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-proofs';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request.url);
  return {
    queue: await memberRead(context, request, (reads) => reads.adminProofs({ page, size: ADMIN_PAGE_SIZE }), 'proofs'),
    now: Date.now(),
  };
}

export default function AdminProofs({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="proofs">
      {loaderData.queue ? (
        <ProofQueue queue={loaderData.queue} now={loaderData.now} />
      ) : (
        <LoadFailed what="매물 인증 목록" title="매물 인증" />
      )}
    </AreaGate>
  );
}

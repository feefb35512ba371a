import { ProofQueue } from '../features/admin/proofs/proof-queue';
import { type AdminProofRow, proofsPath } from '../features/admin/proofs/proofs-api';
import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { pageParam, type Queue } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-proofs';

export async function loader({ context, request }: Route.LoaderArgs) {
  return { queue: await memberApiGet<Queue<AdminProofRow>>(context, request, proofsPath(pageParam(request.url))), now: Date.now() };
}

export default function AdminProofs({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="proofs">
      {loaderData.queue ? <ProofQueue queue={loaderData.queue} now={loaderData.now} /> : <LoadFailed what="매물 인증 목록" />}
    </AreaGate>
  );
}

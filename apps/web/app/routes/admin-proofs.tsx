import { type AdminProofRow, proofsPath, type Queue } from '../features/admin/admin-api';
import { ProofQueue } from '../features/admin/proof-queue';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-proofs';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1) || 1;
  return { queue: await memberApiGet<Queue<AdminProofRow>>(context, request, proofsPath(page)), now: Date.now() };
}

export default function AdminProofs({ loaderData }: Route.ComponentProps) {
  if (!loaderData.queue) return <p className="text-ink-2">인증 목록을 불러오지 못했습니다. 권한을 확인하거나 새로고침해주세요.</p>;
  return <ProofQueue queue={loaderData.queue} now={loaderData.now} />;
}

import type { AdminMemberRow } from '@beesang/contract';
import { MemberSearch } from '../features/admin/members/member-search';
import { membersPath } from '../features/admin/members/members-api';
import { AreaGate } from '../features/admin/shared/area-gate';
import { type Paged, pageParam } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-members';

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim().slice(0, 100);
  const result = query ? await memberApiGet<Paged<AdminMemberRow>>(context, request, membersPath(query, pageParam(request.url))) : null;
  return { query, result };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="members">
      <MemberSearch query={loaderData.query} result={loaderData.result} />
    </AreaGate>
  );
}

import { MemberSearch } from '../features/admin/members/member-search';
import { AreaGate } from '../features/admin/shared/area-gate';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-members';

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim().slice(0, 100);
  const page = pageParam(request.url);
  const result = query
    ? await memberRead(context, request, (reads) => reads.adminMembers({ query, page, size: ADMIN_PAGE_SIZE }), 'the member search')
    : null;
  return { query, result };
}

export default function AdminMembers({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="members">
      <MemberSearch query={loaderData.query} result={loaderData.result} />
    </AreaGate>
  );
}

import { CompaniesPage } from '../features/admin/companies/companies-page';
import { AreaGate } from '../features/admin/shared/area-gate';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-companies';

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim().slice(0, 100);
  const page = pageParam(request.url);
  return {
    query,
    list: await memberRead(context, request, (reads) => reads.adminCompanies({ query, page, size: ADMIN_PAGE_SIZE }), 'companies'),
  };
}

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="companies">
      <CompaniesPage query={loaderData.query} list={loaderData.list} />
    </AreaGate>
  );
}

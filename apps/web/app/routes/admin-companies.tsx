import { type AdminCompanyRow, companiesPath } from '../features/admin/companies/companies-api';
import { CompaniesPage } from '../features/admin/companies/companies-page';
import { AreaGate } from '../features/admin/shared/area-gate';
import { type Paged, pageParam } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-companies';

export async function loader({ context, request }: Route.LoaderArgs) {
  const query = (new URL(request.url).searchParams.get('query') ?? '').trim().slice(0, 100);
  return { query, list: await memberApiGet<Paged<AdminCompanyRow>>(context, request, companiesPath(query, pageParam(request.url))) };
}

export default function AdminCompanies({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="companies">
      <CompaniesPage query={loaderData.query} list={loaderData.list} />
    </AreaGate>
  );
}

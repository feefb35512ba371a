import { PriceReview } from '../features/admin/prices/price-review';
import { AreaGate } from '../features/admin/shared/area-gate';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-prices';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request.url);
  const [review, entries] = await Promise.all([
    memberRead(context, request, (reads) => reads.adminPriceReview({ page, size: ADMIN_PAGE_SIZE }), 'the price review'),
    memberRead(context, request, (reads) => reads.adminPriceEntries({ status: 'PENDING', page: 1, size: 100 }), 'the pending prices'),
  ]);
  return { review, entries };
}

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="prices">
      <PriceReview review={loaderData.review} entries={loaderData.entries} />
    </AreaGate>
  );
}

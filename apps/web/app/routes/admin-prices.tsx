import { PriceReview } from '../features/admin/prices/price-review';
import { type PriceReviewRow, priceReviewPath } from '../features/admin/prices/prices-api';
import { AreaGate } from '../features/admin/shared/area-gate';
import { type Paged, pageParam } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-prices';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request.url);
  return { review: await memberApiGet<Paged<PriceReviewRow>>(context, request, priceReviewPath(page)) };
}

export default function AdminPrices({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="prices">
      <PriceReview review={loaderData.review} />
    </AreaGate>
  );
}

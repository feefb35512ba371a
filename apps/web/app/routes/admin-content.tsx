import { CONTENT_KINDS, type ContentKind } from '@beesang/contract';
import { type AdminContentRow, contentPath } from '../features/admin/content/content-api';
import { ContentPage } from '../features/admin/content/content-page';
import { AreaGate } from '../features/admin/shared/area-gate';
import { type Paged, pageParam } from '../features/admin/shared/paged';
import { memberApiGet } from '../lib/server-context';
import type { Route } from './+types/admin-content';

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('kind');
  const kind: ContentKind = CONTENT_KINDS.includes(asked as ContentKind) ? (asked as ContentKind) : 'notice';
  return { kind, list: await memberApiGet<Paged<AdminContentRow>>(context, request, contentPath(kind, pageParam(request.url))) };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="content">
      <ContentPage kind={loaderData.kind} list={loaderData.list} />
    </AreaGate>
  );
}

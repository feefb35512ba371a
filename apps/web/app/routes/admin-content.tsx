import { CONTENT_KINDS, type ContentKind } from '@beesang/contract';
import { ContentPage } from '../features/admin/content/content-page';
import { AreaGate } from '../features/admin/shared/area-gate';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-content';

export async function loader({ context, request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get('kind');
  const kind: ContentKind = CONTENT_KINDS.includes(asked as ContentKind) ? (asked as ContentKind) : 'notice';
  const page = pageParam(request.url);
  return {
    kind,
    list: await memberRead(context, request, (reads) => reads.adminContent(kind, { page, size: ADMIN_PAGE_SIZE }), 'content'),
  };
}

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  return (
    <AreaGate area="content">
      <ContentPage kind={loaderData.kind} list={loaderData.list} />
    </AreaGate>
  );
}

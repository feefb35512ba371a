import { AreaGate } from '../features/admin/shared/area-gate';
import { LoadFailed } from '../features/admin/shared/list-state';
import { count, PageHeader } from '../features/admin/shared/page-header';
import { ADMIN_PAGE_SIZE, pageParam } from '../features/admin/shared/paged';
import { PinForm } from '../features/admin/top-fix/pin-form';
import { PinnedList } from '../features/admin/top-fix/pinned-list';
import { memberRead } from '../lib/server-context';
import type { Route } from './+types/admin-top-fix';

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageParam(request.url);
  return {
    pins: await memberRead(context, request, (reads) => reads.adminPins({ page, size: ADMIN_PAGE_SIZE }), 'pinned listings'),
    now: Date.now(),
  };
}

export default function AdminTopFix({ loaderData }: Route.ComponentProps) {
  const { pins, now } = loaderData;
  return (
    <AreaGate area="topFix">
      <section aria-labelledby="top-fix-title" className="space-y-4">
        <PageHeader
          id="top-fix-title"
          title="상단 고정"
          summary={pins ? `고정 중 ${count(pins.total)} · 종료 시각이 지나면 저절로 풀립니다.` : '종료 시각이 지나면 저절로 풀립니다.'}
        />
        <PinForm />
        {pins ? <PinnedList pins={pins} now={now} /> : <LoadFailed what="고정된 매물 목록" />}
      </section>
    </AreaGate>
  );
}

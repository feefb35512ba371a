import { CampaignForm } from '../features/admin/campaigns/campaign-form';
import { AreaGate } from '../features/admin/shared/area-gate';
import { PageHeader } from '../features/admin/shared/page-header';

/**
 * 캠페인 (광고) (issue 23): an operator's advertising to the members who consented. The content area's
 * roles (EDITOR, and ADMIN) send it, as they write the site's notices and events.
 */
export default function AdminCampaigns() {
  return (
    <AreaGate area="content">
      <section aria-labelledby="campaigns-title" className="space-y-4">
        <PageHeader id="campaigns-title" title="캠페인 (광고)" summary="광고성 정보 수신에 동의한 회원에게 알림으로 보냅니다." />
        <CampaignForm />
      </section>
    </AreaGate>
  );
}

import {
  type ChartRange,
  type CompanyInfo,
  type FinancialYear,
  formatChange,
  formatPrice,
  LISTING_LIFETIME_DAYS,
  type PriceBar,
  type StockProfile,
} from '@beesang/contract';
import { useState } from 'react';
import { Card } from '../components/ui/card';
import { Tabs } from '../components/ui/tabs';
import { CompanyInfoCard } from '../features/stocks/company-info';
import { Financials } from '../features/stocks/financials';
import { PriceChart } from '../features/stocks/price-chart';
import { SidePanel } from '../features/stocks/side-panel';
import { rootOrigin } from '../lib/content-kinds';
import { useNotify } from '../lib/notify';
import { pageMeta } from '../lib/seo';
import { apiGet } from '../lib/server-context';
import { useSession } from '../lib/session';
import type { Route } from './+types/stock-detail';

const INITIAL_RANGE: ChartRange = '3M';

export async function loader({ context, params }: Route.LoaderArgs) {
  if (!/^\d{1,9}$/.test(params.companyIdx)) throw new Response('Not Found', { status: 404 });
  const id = Number(params.companyIdx);
  const [profile, info, financial, chart] = await Promise.all([
    apiGet<StockProfile>(context, `/api/v2/stock/profile/${id}`),
    apiGet<CompanyInfo>(context, `/api/v2/stock/company/info/${id}`),
    apiGet<{ data: FinancialYear[] }>(context, `/api/v2/stock/company/financial/${id}`),
    apiGet<{ data: PriceBar[] }>(context, `/api/stock/chart/${id}?range=${INITIAL_RANGE}`),
  ]);
  return { profile, info, financials: financial.data, bars: chart.data };
}

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  if (!loaderData) return [];
  const p = loaderData.profile;
  return pageMeta({
    title: `${p.companyName} 주가 - 종목 상세`,
    description: `${p.companyName}(${p.beesangCode}) 비상장 주식 현재가 ${formatPrice(p.companyStockCurrentPrice)}, 전일 대비 ${formatChange(p.stockPriceGap, p.stockPriceRateGap)}. 시세 차트, 재무, 기업 정보를 확인하세요.`,
    path: location.pathname,
    origin: rootOrigin(matches),
    image: `/media/og/stock/${p.companyIdx}.png`,
  });
};

type Tab = 'trade' | 'discussion';

export default function StockDetail({ loaderData }: Route.ComponentProps) {
  const { profile, info, financials, bars } = loaderData;
  const session = useSession();
  const { notify } = useNotify();
  const [tab, setTab] = useState<Tab>('trade');
  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_360px] max-lg:pb-20">
      <div className="lg:order-2">
        <SidePanel
          profile={profile}
          onToggleFavorite={session.openLoginDialog}
          registerLabel={tab === 'discussion' ? '의견 남기기' : '매물 등록'}
          onRegister={() =>
            session.requireVerified(() => notify('info', tab === 'discussion' ? '의견 남기기' : '매물 등록', '곧 열립니다.'))
          }
        />
      </div>
      <div className="min-w-0 space-y-6 lg:order-1">
        <PriceChart companyIdx={profile.companyIdx} initialRange={INITIAL_RANGE} initialBars={bars} />
        <Card>
          <Tabs<Tab>
            items={[
              { value: 'trade', label: '매물' },
              { value: 'discussion', label: '토론' },
            ]}
            value={tab}
            onChange={setTab}
            label="매물과 토론"
          />
          <div role="tabpanel" className="mt-4">
            {tab === 'trade' ? (
              <>
                <p className="py-8 text-center text-ink-3">등록된 매물이 없습니다. 첫 매물을 등록해보세요.</p>
                <p className="rounded-control bg-page px-3 py-2 text-xs leading-relaxed text-ink-2">
                  매물은 등록 후 {LISTING_LIFETIME_DAYS}일 동안 직거래가 이루어지지 않으면 자동으로 종료되며, 종료된 매물은 다른 회원에게
                  보이지 않습니다.
                </p>
              </>
            ) : (
              <p className="py-8 text-center text-ink-3">아직 의견이 없습니다. 첫 의견을 남겨보세요.</p>
            )}
          </div>
        </Card>
        <Financials data={financials} />
        <CompanyInfoCard info={info} />
      </div>
    </div>
  );
}

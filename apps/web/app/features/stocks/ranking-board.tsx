import { RANKING_PERIOD_TEXT, RANKING_PERIODS, type RankingPeriod, type StockSummary } from '@beesang/contract';
import { useState } from 'react';
import { Card } from '../../components/ui/card';
import { Tabs } from '../../components/ui/tabs';
import { apiFetch } from '../../lib/api-client';
import { StockRows } from './stock-rows';

const TABS = RANKING_PERIODS.map((value) => ({ value, label: RANKING_PERIOD_TEXT[value] }));

/** Home ranking lists; the first tab comes rendered from the server, the others load on demand. */
export function RankingBoard({ initial }: { initial: StockSummary[] }) {
  const [period, setPeriod] = useState<RankingPeriod>('TODAY');
  const [lists, setLists] = useState<Partial<Record<RankingPeriod, StockSummary[]>>>({ TODAY: initial });
  const [failed, setFailed] = useState(false);
  const select = (next: RankingPeriod) => {
    setPeriod(next);
    setFailed(false);
    if (lists[next]) return;
    apiFetch<StockSummary[]>(`/api/v2/stock/ranking-list/${next}/10`)
      .then((items) => setLists((l) => ({ ...l, [next]: items })))
      .catch(() => setFailed(true));
  };
  const items = lists[period];
  return (
    <Card title="실시간 랭킹">
      <Tabs items={TABS} value={period} onChange={select} label="랭킹 종류" className="-mx-1 mb-2 px-1 pb-1" />
      <div role="tabpanel" aria-label={RANKING_PERIOD_TEXT[period]}>
        {items ? (
          <StockRows items={items} rankFrom={1} />
        ) : failed ? (
          <p className="py-10 text-center text-ink-3">랭킹을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.</p>
        ) : (
          <div className="space-y-3 py-3" role="status" aria-label="불러오는 중">
            {Array.from({ length: 6 }, (_, i) => (
              <div key={i} className="h-10 animate-pulse rounded-control bg-page" />
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}

import { RANKING_PERIOD_TEXT, RANKING_PERIODS, type RankingPeriod, type StockSummary } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { ListEmpty, ListFailed, ListLoading } from '../../components/ui/list-state';
import { Tabs } from '../../components/ui/tabs';
import { apiFetch } from '../../lib/api-client';
import { StockRows } from './stock-rows';

const TABS = RANKING_PERIODS.map((value) => ({ value, label: RANKING_PERIOD_TEXT[value] }));

export const RANKING_FAILED = '랭킹을 불러오지 못했습니다.';
export const rankingEmptyText = (period: RankingPeriod) => `‘${RANKING_PERIOD_TEXT[period]}’에 오른 종목이 아직 없습니다.`;

/**
 * Home ranking lists; the first tab comes rendered from the server (or, when the server could not
 * read it, from the browser), the others load on demand. A failed tab offers 다시 시도.
 */
export function RankingBoard({ initial }: { initial: StockSummary[] | null }) {
  const [period, setPeriod] = useState<RankingPeriod>('TODAY');
  const [lists, setLists] = useState<Partial<Record<RankingPeriod, StockSummary[]>>>(initial ? { TODAY: initial } : {});
  /** Tabs asked for and not answered yet, or whose answer failed; a tab is asked for once at a time. */
  const [asked, setAsked] = useState<Partial<Record<RankingPeriod, 'loading' | 'failed'>>>({});
  // A pointer's press and the focus it moves both select a tab: the second must not ask again.
  const inFlight = useRef(new Set<RankingPeriod>());
  const load = (which: RankingPeriod) => {
    if (inFlight.current.has(which)) return;
    inFlight.current.add(which);
    setAsked((a) => ({ ...a, [which]: 'loading' }));
    apiFetch<StockSummary[]>(`/api/v2/stock/ranking-list/${which}/10`)
      .then((items) => setLists((l) => ({ ...l, [which]: items })))
      .catch(() => setAsked((a) => ({ ...a, [which]: 'failed' })))
      .finally(() => inFlight.current.delete(which));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for a first tab the server could not read
  useEffect(() => {
    if (!initial) load('TODAY');
  }, []);
  const select = (next: RankingPeriod) => {
    setPeriod(next);
    if (!lists[next] && !asked[next]) load(next);
  };
  const items = lists[period];
  return (
    <Card title="실시간 랭킹">
      <Tabs items={TABS} value={period} onChange={select} label="랭킹 종류" className="-mx-1 mb-2 px-1 pb-1">
        {items ? (
          <StockRows
            items={items}
            rankFrom={1}
            empty={
              <ListEmpty
                hint="다른 랭킹을 보거나 전체 종목에서 찾아보세요."
                action={
                  <Link to="/stock" className="text-sm font-semibold text-brand hover:underline">
                    전체 종목 보기 ›
                  </Link>
                }
              >
                {rankingEmptyText(period)}
              </ListEmpty>
            }
          />
        ) : asked[period] === 'failed' ? (
          <ListFailed message={RANKING_FAILED} onRetry={() => load(period)} />
        ) : (
          <ListLoading label={`${RANKING_PERIOD_TEXT[period]} 랭킹을 불러오는 중…`} rows={10} />
        )}
      </Tabs>
    </Card>
  );
}

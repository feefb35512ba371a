import { CHART_RANGE_TEXT, type ChartRange, chartRangesForLevel, formatNumber, type PriceBar } from '@beesang/contract';
import { useEffect, useRef, useState } from 'react';
import { Card } from '../../components/ui/card';
import { apiFetch } from '../../lib/api-client';

// Same hues as the rise/fall tokens in app.css.
const RISE = '#D92B3A';
const FALL = '#1A6DE0';

/** Daily price chart with the range buttons of spec §9 (canvas, loaded in the browser only). */
export function PriceChart({
  companyIdx,
  initialRange,
  initialBars,
}: {
  companyIdx: number;
  initialRange: ChartRange;
  initialBars: PriceBar[];
}) {
  const [range, setRange] = useState<ChartRange>(initialRange);
  const [bars, setBars] = useState<PriceBar[]>(initialBars);
  const [loading, setLoading] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new company starts from its server data
  useEffect(() => {
    setRange(initialRange);
    setBars(initialBars);
  }, [companyIdx]);

  const choose = (next: ChartRange) => {
    if (next === range) return;
    setRange(next);
    setLoading(true);
    apiFetch<{ data: PriceBar[] }>(`/api/stock/chart/${companyIdx}?range=${next}`)
      .then((r) => setBars(r.data))
      .catch(() => {})
      .finally(() => setLoading(false));
  };

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let disposed = false;
    let cleanup = () => {};
    void import('lightweight-charts').then(({ createChart, AreaSeries }) => {
      if (disposed) return;
      const first = bars[0]?.close ?? 0;
      const last = bars[bars.length - 1]?.close ?? 0;
      const colour = last >= first ? RISE : FALL;
      const chart = createChart(el, {
        autoSize: true,
        layout: { background: { color: '#ffffff' }, textColor: '#4E5968', fontFamily: 'inherit', attributionLogo: false },
        grid: { vertLines: { visible: false }, horzLines: { color: '#F2F4F6' } },
        rightPriceScale: { borderVisible: false },
        timeScale: { borderVisible: false },
        localization: { locale: 'ko-KR', priceFormatter: (p: number) => `${formatNumber(Math.round(p))}원` },
        handleScroll: false,
        handleScale: false,
      });
      const series = chart.addSeries(AreaSeries, {
        lineColor: colour,
        topColor: `${colour}33`,
        bottomColor: `${colour}00`,
        lineWidth: 2,
        priceLineVisible: false,
      });
      series.setData(bars.map((b) => ({ time: b.date, value: b.close })));
      chart.timeScale().fitContent();
      cleanup = () => chart.remove();
    });
    return () => {
      disposed = true;
      cleanup();
    };
  }, [bars]);

  const last = bars[bars.length - 1];
  return (
    <Card
      title="시세"
      action={
        <div role="group" aria-label="차트 기간" className="flex gap-1">
          {chartRangesForLevel(1).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => choose(r)}
              className={`rounded-control px-2.5 py-1 text-sm font-semibold ${r === range ? 'bg-ink text-white' : 'text-ink-2 hover:bg-page'}`}
            >
              {CHART_RANGE_TEXT[r]}
            </button>
          ))}
        </div>
      }
    >
      <div className="relative h-72" aria-busy={loading}>
        <div
          ref={box}
          className="h-full w-full"
          role="img"
          aria-label={`${CHART_RANGE_TEXT[range]} 일별 종가 차트, 일봉 ${bars.length}개`}
          data-testid="price-chart"
          data-range={range}
          data-bars={bars.length}
        />
        {bars.length === 0 && <p className="absolute inset-0 flex items-center justify-center text-ink-3">거래 기록이 없습니다.</p>}
      </div>
      {last && (
        <p className="num mt-2 text-right text-xs text-ink-3">
          {last.date.replaceAll('-', '.')} 종가 {formatNumber(last.close)}원 · 거래량 {formatNumber(last.volume)}주
        </p>
      )}
    </Card>
  );
}

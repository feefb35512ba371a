import { CHART_RANGE_TEXT, type ChartRange, chartRangesForLevel, formatNumber, type PriceBar } from '@beesang/contract';
import { type PointerEvent, useEffect, useId, useState } from 'react';
import { Card } from '../../components/ui/card';
import { apiFetch } from '../../lib/api-client';
import { AXIS_WIDTH, CHART_HEIGHT, chartSummary, layoutChart, PLOT_BOTTOM, PLOT_VIEWBOX, TAG_HEIGHT } from './chart-layout';

const ALIGN = { start: 'translateX(0)', center: 'translateX(-50%)', end: 'translateX(-100%)' } as const;

/**
 * Daily closing prices with the range buttons of spec §9, drawn as SVG from the bars: the server
 * sends the finished chart at its final size (issue 14 §3), the browser only adds the pointer's
 * read-out and loads other ranges.
 */
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

  const last = bars[bars.length - 1];
  return (
    <Card
      title="시세"
      action={
        <div role="group" aria-label="차트 기간" className="flex gap-0.5">
          {chartRangesForLevel(1).map((r) => (
            <button
              key={r}
              type="button"
              aria-pressed={r === range}
              onClick={() => choose(r)}
              className={`min-h-11 min-w-11 rounded-control px-2 text-sm font-semibold ${r === range ? 'bg-ink text-white' : 'text-ink-2 hover:bg-page'}`}
            >
              {CHART_RANGE_TEXT[r]}
            </button>
          ))}
        </div>
      }
    >
      <ChartDrawing bars={bars} range={range} loading={loading} />
      {last && (
        <p className="num mt-2 text-right text-xs text-ink-3">
          {last.date.replaceAll('-', '.')} 종가 {formatNumber(last.close)}원 · 거래량 {formatNumber(last.volume)}주
        </p>
      )}
    </Card>
  );
}

/** The drawing alone: grid, both axes, the closes and the current-price tag. */
export function ChartDrawing({ bars, range, loading = false }: { bars: PriceBar[]; range: ChartRange; loading?: boolean }) {
  const layout = layoutChart(bars, range);
  const [hover, setHover] = useState<number | null>(null);
  const gradient = useId();
  const first = bars[0];
  const last = bars[bars.length - 1];
  const tone = !first || !last || last.close >= first.close ? 'text-rise' : 'text-fall';
  const tagTone = tone === 'text-rise' ? 'bg-rise' : 'bg-fall';
  const line = layout.points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ');
  const area =
    layout.points.length > 1 ? `M${layout.points[0]?.[0]},${PLOT_BOTTOM} L${line} L${layout.points.at(-1)?.[0]},${PLOT_BOTTOM} Z` : '';
  const hovered = hover === null ? undefined : bars[hover];
  const hoveredPoint = hover === null ? undefined : layout.points[hover];

  const track = (e: PointerEvent<HTMLDivElement>) => {
    if (bars.length === 0) return;
    const box = e.currentTarget.getBoundingClientRect();
    const share = Math.min(1, Math.max(0, (e.clientX - box.left) / Math.max(1, box.width)));
    setHover(Math.round(share * (bars.length - 1)));
  };

  return (
    <div
      className="relative select-none"
      style={{ height: CHART_HEIGHT }}
      role="img"
      aria-label={chartSummary(bars, CHART_RANGE_TEXT[range])}
      aria-busy={loading}
      data-testid="price-chart"
      data-range={range}
      data-bars={bars.length}
    >
      <div
        className={`absolute inset-y-0 left-0 transition-opacity ${loading ? 'opacity-40' : ''}`}
        style={{ right: AXIS_WIDTH }}
        data-testid="chart-plot"
        onPointerMove={track}
        onPointerLeave={() => setHover(null)}
      >
        <svg className={`absolute inset-0 h-full w-full ${tone}`} viewBox={PLOT_VIEWBOX} preserveAspectRatio="none" aria-hidden="true">
          <defs>
            <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor="currentColor" stopOpacity="0.18" />
              <stop offset="1" stopColor="currentColor" stopOpacity="0" />
            </linearGradient>
          </defs>
          {layout.priceTicks.map((t) => (
            <line key={t.value} x1="0" x2="1000" y1={t.y} y2={t.y} stroke="#F2F4F6" vectorEffect="non-scaling-stroke" />
          ))}
          <line
            x1="0"
            x2="1000"
            y1={PLOT_BOTTOM}
            y2={PLOT_BOTTOM}
            stroke="#E5E8EB"
            vectorEffect="non-scaling-stroke"
            data-testid="time-axis"
          />
          {area && <path d={area} fill={`url(#${gradient})`} />}
          {layout.points.length > 0 && (
            <polyline
              points={line}
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          )}
          {hoveredPoint && (
            <line
              x1={hoveredPoint[0]}
              x2={hoveredPoint[0]}
              y1="0"
              y2={PLOT_BOTTOM}
              stroke="#8B95A1"
              strokeDasharray="3 3"
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
        {layout.timeTicks.map((t) => (
          <span
            key={t.index}
            className="num absolute whitespace-nowrap text-[11px] text-ink-3"
            style={{ left: `${t.x}%`, top: PLOT_BOTTOM + 6, transform: ALIGN.center }}
            data-testid="time-tick"
          >
            {t.label}
          </span>
        ))}
        {hovered && hoveredPoint && (
          <span
            className="num pointer-events-none absolute top-0 whitespace-nowrap rounded-control bg-ink px-2 py-1 text-xs text-white"
            style={{
              left: `${hoveredPoint[0] / 10}%`,
              transform: ALIGN[hoveredPoint[0] < 200 ? 'start' : hoveredPoint[0] > 800 ? 'end' : 'center'],
            }}
          >
            {hovered.date.replaceAll('-', '.')} {formatNumber(hovered.close)}원
          </span>
        )}
        {bars.length === 0 && (
          <p className="absolute inset-0 flex items-center justify-center text-ink-3" style={{ bottom: CHART_HEIGHT - PLOT_BOTTOM }}>
            거래 기록이 없습니다.
          </p>
        )}
      </div>
      <div className="absolute inset-y-0 right-0" style={{ width: AXIS_WIDTH }} data-testid="price-axis">
        {layout.priceTicks
          .filter((t) => t.labelled && bars.length > 0)
          .map((t) => (
            <span
              key={t.value}
              className="num absolute left-2 -translate-y-1/2 whitespace-nowrap text-[11px] leading-[14px] text-ink-3"
              style={{ top: t.y }}
              data-testid="price-tick"
            >
              {formatNumber(t.value)}
            </span>
          ))}
        {last && layout.tagY !== null && (
          <span
            className={`num absolute right-0 left-1 -translate-y-1/2 rounded-sm px-1 text-center text-[11px] font-bold text-white ${tagTone}`}
            style={{ top: layout.tagY, height: TAG_HEIGHT, lineHeight: `${TAG_HEIGHT}px` }}
            data-testid="price-tag"
          >
            {formatNumber(last.close)}
          </span>
        )}
      </div>
    </div>
  );
}

import { type ChartRange, formatNumber, type PriceBar } from '@beesang/contract';

/**
 * Where everything of the price chart goes, computed from the bars alone (no measuring), so that
 * the server draws the same chart the browser shows: no blank area and no layout shift before
 * the script runs (issue 14 §3). Vertical positions are pixels of a fixed-height box; horizontal
 * ones are percentages of the plot's width, which is whatever the page gives it.
 */
export const CHART_HEIGHT = 288;
export const PLOT_TOP = 16;
export const PLOT_BOTTOM = 260;
/** The price axis on the right. */
export const AXIS_WIDTH = 64;
/** The current-price tag's height; an axis label closer to it than this would sit under it. */
export const TAG_HEIGHT = 20;
const LABEL_HEIGHT = 14;
/**
 * At most this many time labels, so that they never touch on a 390 px phone (about 270 px of
 * plot): `11.23` is about 30 px wide, `2026.01` about 44 px.
 */
export const MAX_TIME_TICKS = { day: 6, month: 5 } as const;
/** A label centred closer to an edge than this (in % of the plot) would stick out of it. */
const EDGE = 6;

export type TimeUnit = 'day' | 'month';
/** One unit per period: days for the short ranges, months for the long ones, never both. */
export const TIME_UNIT: Record<ChartRange, TimeUnit> = { '1M': 'day', '3M': 'day', '1Y': 'month', '3Y': 'month', '5Y': 'month' };

export interface TimeTick {
  index: number;
  /** 0–100, across the plot; the label is centred on it */
  x: number;
  label: string;
}
export interface PriceTick {
  value: number;
  y: number;
  /** false when the current-price tag covers it */
  labelled: boolean;
}
export interface ChartLayout {
  /** min and max of the price axis */
  low: number;
  high: number;
  priceTicks: PriceTick[];
  timeTicks: TimeTick[];
  tagY: number | null;
  /** x (0–1000, the plot's viewBox) and y (px) of each close */
  points: Array<[number, number]>;
}

const PLOT_WIDTH_UNITS = 1000;
const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
/** Monday-based week number: 1970-01-05 was a Monday. */
const weekOf = (date: string) => {
  const [y, m, d] = parts(date);
  return Math.floor((Date.UTC(y, m - 1, d) / 86_400_000 + 3) / 7);
};
const monthOf = (date: string) => {
  const [y, m] = parts(date);
  return y * 12 + m - 1;
};
const two = (n: number) => String(n).padStart(2, '0');
export const formatTick = (date: string, unit: TimeUnit) => {
  const [y, m, d] = parts(date);
  return unit === 'day' ? `${two(m)}.${two(d)}` : `${y}.${two(m)}`;
};

const WEEK_STEPS = [1, 2, 3, 4, 8, 13];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24];

/**
 * The first bar of a week (days) or of a month (months), every `step` weeks or months aligned to
 * the calendar (every January, every other Monday…), with the smallest step that fits; none so
 * close to an edge that its label would stick out.
 */
export function timeTicks(bars: readonly PriceBar[], range: ChartRange): TimeTick[] {
  const unit = TIME_UNIT[range];
  const periodOf = unit === 'day' ? weekOf : monthOf;
  const last = Math.max(1, bars.length - 1);
  const xOf = (index: number) => (index / last) * 100;
  const starts: Array<{ index: number; period: number }> = [];
  for (let i = 1; i < bars.length; i++) {
    const period = periodOf((bars[i] as PriceBar).date);
    if (period !== periodOf((bars[i - 1] as PriceBar).date) && xOf(i) >= EDGE && xOf(i) <= 100 - EDGE) starts.push({ index: i, period });
  }
  const steps = unit === 'day' ? WEEK_STEPS : MONTH_STEPS;
  let chosen = starts;
  for (const step of steps) {
    chosen = starts.filter((s) => s.period % step === 0);
    if (chosen.length <= MAX_TIME_TICKS[unit]) break;
  }
  return chosen.map(({ index }) => ({ index, x: xOf(index), label: formatTick((bars[index] as PriceBar).date, unit) }));
}

/** A round step (1, 2, 2.5 or 5 × 10ⁿ won, whole won) giving about four intervals. */
function niceStep(span: number): number {
  const raw = Math.max(span / 4, 1);
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const factors = magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10];
  return (factors.find((f) => f * magnitude >= raw) ?? 10) * magnitude;
}

export function layoutChart(bars: readonly PriceBar[], range: ChartRange): ChartLayout {
  const closes = bars.map((b) => b.close);
  const min = closes.length ? Math.min(...closes) : 0;
  const max = closes.length ? Math.max(...closes) : 0;
  // A flat line sits in the middle of a band of about 5% either side.
  const span = max > min ? max - min : Math.max(max * 0.1, 10);
  const step = niceStep(span);
  let low = Math.floor((max > min ? min : min - span / 2) / step) * step;
  let high = Math.ceil((max > min ? max : max + span / 2) / step) * step;
  low = Math.max(0, low);
  if (high <= low) high = low + step;
  const y = (v: number) => PLOT_TOP + ((high - v) / (high - low)) * (PLOT_BOTTOM - PLOT_TOP);

  const last = closes[closes.length - 1];
  const tagY = last === undefined ? null : y(last);
  const priceTicks: PriceTick[] = [];
  for (let v = low; v <= high + step / 2; v += step) {
    const ty = y(v);
    priceTicks.push({ value: v, y: ty, labelled: tagY === null || Math.abs(ty - tagY) >= (TAG_HEIGHT + LABEL_HEIGHT) / 2 });
  }
  const lastIndex = Math.max(1, bars.length - 1);
  return {
    low,
    high,
    priceTicks,
    timeTicks: timeTicks(bars, range),
    tagY,
    points: closes.map((c, i) => [bars.length === 1 ? PLOT_WIDTH_UNITS / 2 : (i / lastIndex) * PLOT_WIDTH_UNITS, y(c)]),
  };
}

export const PLOT_VIEWBOX = `0 0 ${PLOT_WIDTH_UNITS} ${CHART_HEIGHT}`;

const dotted = (date: string) => date.replaceAll('-', '.');

/**
 * What a screen reader hears instead of the drawing: the period, its highest and lowest price
 * and the change from its first close to its last.
 */
export function chartSummary(bars: readonly PriceBar[], rangeText: string): string {
  const first = bars[0];
  const last = bars[bars.length - 1];
  if (!first || !last) return `${rangeText} 시세 차트: 거래 기록이 없습니다.`;
  const high = bars.reduce((a, b) => (b.high > a.high ? b : a));
  const low = bars.reduce((a, b) => (b.low < a.low ? b : a));
  const change = last.close - first.close;
  const rate = first.close > 0 ? ((change / first.close) * 100).toFixed(2) : '0.00';
  const moved =
    change === 0 ? '변동 없음' : `${change > 0 ? '상승' : '하락'} ${formatNumber(Math.abs(change))}원 (${change > 0 ? '+' : ''}${rate}%)`;
  return (
    `${rangeText} 시세 차트, ${dotted(first.date)}–${dotted(last.date)}: ` +
    `최고 ${formatNumber(high.high)}원(${dotted(high.date)}), 최저 ${formatNumber(low.low)}원(${dotted(low.date)}), ` +
    `종가 ${formatNumber(first.close)}원에서 ${formatNumber(last.close)}원으로 ${moved}.`
  );
}

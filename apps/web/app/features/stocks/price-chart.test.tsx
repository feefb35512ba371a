import { CHART_RANGES, type ChartRange, type PriceBar } from '@beesang/contract';
import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHART_HEIGHT, layoutChart, MAX_TIME_TICKS, TAG_HEIGHT, TIME_UNIT, timeTicks } from './chart-layout';
import { ChartDrawing, PriceChart } from './price-chart';

/** Business days ending 2026-11-20, as many as the range holds, with closes from `close(i)`. */
function bars(range: ChartRange, close: (i: number) => number = (i) => 10_000 + ((i * 37) % 900)): PriceBar[] {
  const calendarDays = { '1M': 31, '3M': 92, '1Y': 366, '3Y': 3 * 366, '5Y': 5 * 366 }[range];
  const out: PriceBar[] = [];
  const end = Date.UTC(2026, 10, 20);
  for (let t = end - calendarDays * 86_400_000; t <= end; t += 86_400_000) {
    const day = new Date(t).getUTCDay();
    if (day === 0 || day === 6) continue;
    const c = close(out.length);
    out.push({ date: new Date(t).toISOString().slice(0, 10), open: c, high: c + 100, low: c - 100, close: c, volume: 10 });
  }
  return out;
}

describe('time axis: one unit per period (issue 14 §3)', () => {
  it.each(CHART_RANGES)('%s labels only %s', (range) => {
    const data = bars(range);
    const ticks = timeTicks(data, range);
    expect(ticks.length).toBeGreaterThanOrEqual(3);
    const unit = TIME_UNIT[range];
    expect(ticks.length).toBeLessThanOrEqual(MAX_TIME_TICKS[unit]);
    // None so close to an edge that its centred label would stick out of the plot.
    for (const t of ticks) expect(t.x).toBeGreaterThanOrEqual(6);
    for (const t of ticks) expect(t.x).toBeLessThanOrEqual(94);
    for (const t of ticks) {
      const bar = data[t.index] as PriceBar;
      const previous = data[t.index - 1] as PriceBar;
      if (unit === 'day') {
        // MM.DD of the first trading day of a week.
        expect(t.label).toMatch(/^\d{2}\.\d{2}$/);
        expect(t.label).toBe(bar.date.slice(5).replace('-', '.'));
        expect(new Date(`${previous.date}T00:00:00Z`).getUTCDay()).toBeGreaterThanOrEqual(new Date(`${bar.date}T00:00:00Z`).getUTCDay());
      } else {
        // YYYY.MM of the first trading day of a month.
        expect(t.label).toMatch(/^\d{4}\.\d{2}$/);
        expect(t.label).toBe(bar.date.slice(0, 7).replace('-', '.'));
        expect(previous.date.slice(0, 7)).not.toBe(bar.date.slice(0, 7));
      }
    }
    expect(unit).toBe(range === '1M' || range === '3M' ? 'day' : 'month');
  });

  it('5 years are labelled every January, left to right, the one at the very edge left out', () => {
    // The bars start 2021-11-18: January 2022 is 1% in, too close to the edge to centre its label.
    const ticks = timeTicks(bars('5Y'), '5Y');
    expect(ticks.map((t) => t.label)).toEqual(['2023.01', '2024.01', '2025.01', '2026.01']);
    expect(ticks.map((t) => t.x)).toEqual([...ticks.map((t) => t.x)].sort((a, b) => a - b));
  });

  it('renders the same labels it laid out', () => {
    render(<ChartDrawing bars={bars('1M')} range="1M" />);
    const shown = screen.getAllByTestId('time-tick').map((e) => e.textContent);
    expect(shown).toEqual(timeTicks(bars('1M'), '1M').map((t) => t.label));
    expect(shown.every((l) => /^\d{2}\.\d{2}$/.test(l ?? ''))).toBe(true);
  });
});

describe('the current-price tag keeps off the price ticks', () => {
  it('hides the tick label the tag would cover and keeps the others', () => {
    // Closes from 10,000 to 11,000 ending on 10,500: a tick of its own lies right under the tag.
    const data = bars('1M', (i) => [10_000, 11_000, 10_500][Math.min(i, 2)] as number);
    const layout = layoutChart(data, '1M');
    const under = layout.priceTicks.find((t) => t.value === 10_500);
    expect(under?.labelled).toBe(false);
    expect(layout.priceTicks.filter((t) => t.labelled).length).toBeGreaterThanOrEqual(2);

    render(<ChartDrawing bars={data} range="1M" />);
    const tag = screen.getByTestId('price-tag');
    expect(tag.textContent).toBe('10,500');
    const tagTop = Number.parseFloat(tag.style.top);
    const labels = screen.getAllByTestId('price-tick');
    expect(labels.map((l) => l.textContent)).not.toContain('10,500');
    for (const label of labels) expect(Math.abs(Number.parseFloat(label.style.top) - tagTop)).toBeGreaterThanOrEqual(TAG_HEIGHT);
  });

  it('for every range of real-looking data no labelled tick sits under the tag', () => {
    for (const range of CHART_RANGES) {
      const layout = layoutChart(
        bars(range, (i) => Math.round(20_000 + 3_000 * Math.sin(i / 17))),
        range,
      );
      for (const t of layout.priceTicks.filter((p) => p.labelled))
        expect(Math.abs(t.y - (layout.tagY as number))).toBeGreaterThanOrEqual(17);
    }
  });
});

describe('server-drawn at its final size, and read aloud', () => {
  it('the server sends the axes, the grid, the line and the tag in a box of fixed height', () => {
    const html = renderToString(<PriceChart companyIdx={1} initialRange="3M" initialBars={bars('3M')} />);
    expect(html).toContain(`style="height:${CHART_HEIGHT}px"`);
    expect(html).toContain('data-testid="time-axis"');
    expect(html).toContain('data-testid="price-axis"');
    expect(html).toContain('<polyline');
    expect(html).toContain('data-testid="price-tag"');
    expect(html.match(/data-testid="time-tick"/g)?.length).toBeGreaterThanOrEqual(3);
    expect(html.match(/data-testid="price-tick"/g)?.length).toBeGreaterThanOrEqual(2);
  });

  it('without bars the same frame shows the grid and says so', () => {
    const html = renderToString(<PriceChart companyIdx={1} initialRange="1M" initialBars={[]} />);
    expect(html).toContain(`style="height:${CHART_HEIGHT}px"`);
    expect(html).toContain('data-testid="time-axis"');
    expect(html).toContain('거래 기록이 없습니다.');
    expect(html).not.toContain('data-testid="price-tag"');
  });

  it('says the period, its high and low and the change', () => {
    const data = bars('1M', (i) => 10_000 + i * 100);
    render(<ChartDrawing bars={data} range="1M" />);
    const chart = screen.getByRole('img');
    const first = data[0] as PriceBar;
    const last = data[data.length - 1] as PriceBar;
    const label = chart.getAttribute('aria-label') ?? '';
    expect(label).toContain(`1개월 시세 차트, ${first.date.replaceAll('-', '.')}–${last.date.replaceAll('-', '.')}`);
    expect(label).toContain(`최고 ${(last.high).toLocaleString('ko-KR')}원`);
    expect(label).toContain(`최저 ${(first.low).toLocaleString('ko-KR')}원`);
    expect(label).toMatch(/상승 [\d,]+원 \(\+\d+\.\d{2}%\)/);
  });
});

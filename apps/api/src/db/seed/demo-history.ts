import { seoulDay } from '@beesang/contract';
import { debtRatio, operatingMargin, returnOnEquity } from '../../modules/stock/import/financial-ratios.ts';
import { type DemoCompany, roundToTick } from './demo-companies.ts';
import type { Random } from './random.ts';

/**
 * Every demo company's daily bars, recent views, yearly financials and resulting price, drawn from
 * one random stream company by company (so that the same seed and day give the same data). Bars
 * are kept in columns: bar `c * days.length + d` is company c on day d (about 390,000 bars for 300
 * companies over 5 years, which as objects would cost ten times the memory).
 */
export interface DemoHistory {
  days: string[];
  open: Float64Array;
  high: Float64Array;
  low: Float64Array;
  close: Float64Array;
  volume: Int32Array;
  views: Array<{ companyIndex: number; day: string; views: number }>;
  financials: Array<{
    companyIndex: number;
    year: number;
    revenue: number;
    operating_profit: number;
    net_income: number;
    operating_margin: number;
    debt_ratio: number;
    roe: number;
    /** Not stored: what the ratios are computed from, kept for the seed's test. */
    equity: number;
    liabilities: number;
  }>;
  prices: Array<{ current: number; previous: number; updatedAt: Date; views: number }>;
}

export function generateHistory(random: Random, companies: DemoCompany[], days: string[], today: Date): DemoHistory {
  const n = companies.length * days.length;
  const h: DemoHistory = {
    days,
    open: new Float64Array(n),
    high: new Float64Array(n),
    low: new Float64Array(n),
    close: new Float64Array(n),
    volume: new Int32Array(n),
    views: [],
    financials: [],
    prices: [],
  };
  const todayDay = seoulDay(today);
  let at = 0;
  companies.forEach((c, companyIndex) => {
    let price = c.basePrice;
    let previous = price;
    let lastTradeDay = days[0] as string;
    for (const day of days) {
      const trades = random.chance(c.liquidity);
      const open = price;
      previous = price;
      if (trades) {
        price = roundToTick(price * Math.exp(c.volatility * random.normal() + 0.0002));
        lastTradeDay = day;
      }
      const high = trades ? roundToTick(Math.max(open, price) * (1 + random.next() * c.volatility * 0.5)) : price;
      const low = trades ? roundToTick(Math.min(open, price) * (1 - random.next() * c.volatility * 0.5)) : price;
      h.open[at] = open;
      h.high[at] = Math.max(high, open, price);
      h.low[at] = Math.min(low, open, price);
      h.close[at] = price;
      h.volume[at] = trades ? random.int(1, 400) * 10 : 0;
      at++;
    }
    let totalViews = 0;
    for (let d = 0; d < 7; d++) {
      const views = random.int(0, 120);
      totalViews += views;
      h.views.push({ companyIndex, day: seoulDay(new Date(today.getTime() - d * 86_400_000)), views });
    }
    // A trade today is stamped at a time today before now; older ones at the end of that day.
    const updatedAt =
      lastTradeDay === todayDay ? new Date(today.getTime() - random.int(1, 8 * 60) * 60_000) : new Date(`${lastTradeDay}T06:30:00Z`);
    h.prices.push({ current: price, previous, updatedAt, views: totalViews + random.int(0, 5000) });

    let revenue = random.int(5, 3000) * 100_000_000;
    const lastYear = Number(todayDay.slice(0, 4)) - 1;
    for (let year = lastYear - 3; year <= lastYear; year++) {
      revenue = Math.round(revenue * (0.85 + random.next() * 0.6));
      const drawnMargin = random.next() * 0.5 - 0.2;
      const operatingProfit = Math.round(revenue * drawnMargin);
      const netIncome = Math.round(operatingProfit * (0.6 + random.next() * 0.3));
      // The balance sheet beside the statement, and every ratio computed from them (issue 14 §3:
      // a net loss never sits beside a positive ROE). Five draws a year, as before, so the bars
      // of the companies after this one stay the same.
      const liabilitiesPerEquity = random.next() * 3;
      const equity = Math.round(revenue * (0.5 + random.next() * 1.5));
      const statement = { revenue, operatingProfit, netIncome, equity, liabilities: Math.round(equity * liabilitiesPerEquity) };
      h.financials.push({
        companyIndex,
        year,
        revenue,
        operating_profit: operatingProfit,
        net_income: netIncome,
        operating_margin: operatingMargin(statement) ?? 0,
        debt_ratio: debtRatio(statement) ?? 0,
        roe: returnOnEquity(statement) ?? 0,
        equity: statement.equity,
        liabilities: statement.liabilities,
      });
    }
  });
  return h;
}

import { MARKET_LABELS, type MarketLabel, SECTOR_TEXT, SECTORS, seoulDay } from '@beesang/contract';
import { address, companyName, personName } from './names.ts';
import type { Random } from './random.ts';

export interface DemoCompany {
  code: string;
  name: string;
  sector: (typeof SECTORS)[number];
  labels: MarketLabel[];
  sharesOutstanding: number;
  ceoName: string;
  foundedOn: string;
  address: string;
  homepageUrl: string;
  businessSummary: string;
  listedAt: Date;
  basePrice: number;
  volatility: number;
  liquidity: number;
}

const LABEL_WEIGHTS: Array<[MarketLabel, number]> = [
  ['KOTC', 0.3],
  ['VC', 0.25],
  ['UNISSUED', 0.15],
  ['KONEX', 0.12],
  ['KOSDAQ', 0.1],
  ['KOSPI', 0.08],
];

function pickLabel(random: Random): MarketLabel {
  let r = random.next();
  for (const [label, w] of LABEL_WEIGHTS) {
    if (r < w) return label;
    r -= w;
  }
  return 'KOTC';
}

export function generateCompanies(random: Random, count: number, today: Date): DemoCompany[] {
  const taken = new Set<string>();
  const out: DemoCompany[] = [];
  for (let i = 0; i < count; i++) {
    // The first companies cover every sector and label, so that each filter has rows.
    const sector = i < SECTORS.length ? SECTORS[i] : random.pick(SECTORS);
    const first = i < MARKET_LABELS.length ? MARKET_LABELS[i] : pickLabel(random);
    const labels: MarketLabel[] = [first as MarketLabel];
    if (first === 'VC' && random.chance(0.2)) labels.push('UNISSUED');
    const name = i === 0 ? '비상테크' : companyName(random, sector as (typeof SECTORS)[number], taken);
    taken.add(name);
    const code = String(900000 + i * 7 + random.int(0, 6)).padStart(6, '0');
    const sectorText = SECTOR_TEXT[sector as (typeof SECTORS)[number]];
    const daysAgo = first === 'VC' && random.chance(0.4) ? random.int(0, 60) : random.int(61, 3000);
    out.push({
      code,
      name,
      sector: sector as (typeof SECTORS)[number],
      labels,
      sharesOutstanding: random.int(5, 800) * 100_000,
      ceoName: personName(random),
      foundedOn: `${random.int(1995, 2023)}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`,
      address: address(random),
      homepageUrl: `https://www.example.com/demo/${code}`,
      businessSummary: `${name}은(는) ${sectorText} 분야의 비상장 기업입니다. 핵심 기술과 제품을 바탕으로 국내외 고객사를 확보하고 있으며, 향후 상장을 준비하고 있습니다. (데모 데이터)`,
      listedAt: new Date(today.getTime() - daysAgo * 86_400_000),
      basePrice: Math.round(Math.exp(random.next() * 4.6 + 7)), // about 1,100 … 110,000원
      volatility: 0.01 + random.next() * 0.035,
      liquidity: 0.25 + random.next() * 0.7,
    });
  }
  return out;
}

/** Weekdays (in Asia/Seoul) from `years` years before `today` up to today, oldest first. */
export function businessDays(today: Date, years: number): string[] {
  const days: string[] = [];
  const end = new Date(`${seoulDay(today)}T00:00:00Z`);
  const start = new Date(end);
  start.setUTCFullYear(start.getUTCFullYear() - years);
  for (let d = start; d <= end; d = new Date(d.getTime() + 86_400_000)) {
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

export function roundToTick(price: number): number {
  const tick = price < 5000 ? 5 : price < 50_000 ? 10 : price < 500_000 ? 50 : 100;
  return Math.max(tick, Math.round(price / tick) * tick);
}

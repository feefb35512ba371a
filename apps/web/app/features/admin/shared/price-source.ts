import { formatMonthDayTime, priceProvenanceText } from '@beesang/contract';

/**
 * The public provenance line ('운영자 입력 · 11월 23일 14:05'); rows without a trade count (the
 * console's company rows) say '확인된 거래 기준' rather than a wrong '확인된 거래 0건'.
 */
export function sourceText(p: { priceSource: string; priceAt: string; priceTradeCount?: number | undefined }): string {
  if (p.priceTradeCount === undefined && p.priceSource === 'TRADE') return `확인된 거래 기준 · ${formatMonthDayTime(p.priceAt)}`;
  return priceProvenanceText({ ...p, priceTradeCount: p.priceTradeCount ?? 0 });
}

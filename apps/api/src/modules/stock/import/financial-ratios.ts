/**
 * The ratios of a yearly statement, computed from the amounts beside them (issue 14 §3): the demo
 * data stores exactly these, and an import checks or fills its ratios with them. Percentages are
 * rounded to two decimals, as stored. A ratio that cannot be computed (no revenue, no equity or
 * an impaired one) is null.
 */
export interface StatementAmounts {
  revenue: number;
  operatingProfit: number;
  netIncome: number;
  /** 자본총계 */
  equity?: number | null;
  /** 부채총계 */
  liabilities?: number | null;
}

const percent = (part: number, whole: number) => Math.round((part / whole) * 10_000) / 100;

export function operatingMargin(s: StatementAmounts): number | null {
  return s.revenue > 0 ? percent(s.operatingProfit, s.revenue) : null;
}

/** ROE = net income / equity: a net loss gives a negative ROE; none on zero or negative equity. */
export function returnOnEquity(s: StatementAmounts): number | null {
  return s.equity != null && s.equity > 0 ? percent(s.netIncome, s.equity) : null;
}

/** Debt ratio = liabilities / equity. */
export function debtRatio(s: StatementAmounts): number | null {
  return s.equity != null && s.equity > 0 && s.liabilities != null ? percent(s.liabilities, s.equity) : null;
}

/**
 * A given ratio agrees with the computed one when it is that value rounded to one decimal or
 * more (`-2.5` for -2.4987 agrees; `3` for 2.6 does not).
 */
export const RATIO_TOLERANCE = 0.05;
export const ratioAgrees = (given: number, computed: number) => Math.abs(given - computed) <= RATIO_TOLERANCE + 1e-9;

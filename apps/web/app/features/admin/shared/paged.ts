/** One page of a console list, as the API answers it. */
export interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}

/** A waiting queue: a page plus when its longest-waiting item arrived (ISO), null when empty. */
export interface Queue<T> extends Paged<T> {
  oldestWaitingSince: string | null;
}

export const ADMIN_PAGE_SIZE = 20;

/** The `page` of a console URL: a positive integer, 1 for anything else. */
export function pageParam(url: string | URL): number {
  const n = Number(new URL(url).searchParams.get('page') ?? 1);
  return Number.isInteger(n) && n >= 1 && n <= 100_000 ? n : 1;
}

/** `?a=1&b=2` from the entries that have a value. */
export function queryString(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') search.set(k, String(v));
  const s = search.toString();
  return s ? `?${s}` : '';
}

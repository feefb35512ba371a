/** A console list's page and a waiting queue, as the API answers them (the reads' own types). */
export type { Paged, Queue } from '../../../lib/ssr-reads';

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

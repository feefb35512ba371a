import { kstDayBound } from '../shared/kst';
import { queryString } from '../shared/paged';

export const AUDIT_PAGE_SIZE = 50;

/** The filters as the page URL carries them: staff number, target ('USER:12'), action, Seoul days. */
export interface AuditFilters {
  staff: string;
  target: string;
  action: string;
  from: string;
  to: string;
}

export function auditFiltersOf(search: URLSearchParams): AuditFilters {
  const get = (k: string, max: number) => (search.get(k) ?? '').trim().slice(0, max);
  const staff = get('staff', 12);
  return {
    staff: /^[1-9]\d*$/.test(staff) ? staff : '',
    target: get('target', 60),
    action: get('action', 60),
    from: get('from', 10),
    to: get('to', 10),
  };
}

/** The API's query for the same filters (those set): days become the Seoul day's first and last instant. */
export function auditQuery(f: AuditFilters, extra: { page?: number; size?: number } = {}): Record<string, string | number> {
  const all = { staff: f.staff, target: f.target, action: f.action, from: kstDayBound(f.from), to: kstDayBound(f.to, true), ...extra };
  return Object.fromEntries(
    Object.entries(all).filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== ''),
  );
}

/** One page of the log, as the console lists it. */
export const auditPage = (f: AuditFilters, page = 1) => auditQuery(f, { page, size: AUDIT_PAGE_SIZE });
/** A plain link: the browser downloads the CSV with the operator's cookies. */
export const auditExportHref = (f: AuditFilters) => `/api/admin/audit/export${queryString(auditQuery(f))}`;

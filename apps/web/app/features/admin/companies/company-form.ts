import { type AdminCompanyPatch, type AdminCompanyRow, adminCompanyPatchBody } from '@beesang/contract';
import { schemaErrors } from '../shared/schema-errors';

/** The edit form as typed: numbers and dates stay text until checked. */
export interface CompanyDraft {
  companyName: string;
  sector: string;
  stockLabelType: string[];
  sharesOutstanding: string;
  ceoName: string;
  foundedOn: string;
  address: string;
  homepageUrl: string;
  businessSummary: string;
  companyLogoUrl: string;
}
export type CompanyErrors = Partial<Record<keyof CompanyDraft | '', string>>;

export const companyDraftOf = (r: AdminCompanyRow): CompanyDraft => ({
  companyName: r.companyName,
  sector: r.sector,
  stockLabelType: r.stockLabelType,
  sharesOutstanding: String(r.sharesOutstanding),
  ceoName: r.ceoName,
  foundedOn: r.foundedOn ?? '',
  address: r.address,
  homepageUrl: r.homepageUrl,
  businessSummary: r.businessSummary,
  companyLogoUrl: r.companyLogoUrl,
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed, checked by the contract's schema; or the errors to show under the fields. */
export function companyPatch(d: CompanyDraft, row: AdminCompanyRow): { patch: AdminCompanyPatch } | { errors: CompanyErrors } {
  const full = {
    ...d,
    sharesOutstanding: /^\d+$/.test(d.sharesOutstanding.replaceAll(',', '')) ? Number(d.sharesOutstanding.replaceAll(',', '')) : Number.NaN,
    foundedOn: d.foundedOn || null,
    homepageUrl: d.homepageUrl.trim(),
  };
  const before: Record<string, unknown> = { ...row };
  const changed = Object.fromEntries(Object.entries(full).filter(([k, v]) => !same(v, before[k])));
  const parsed = adminCompanyPatchBody.safeParse(changed);
  if (!parsed.success) return { errors: schemaErrors(parsed.error) as CompanyErrors };
  return { patch: parsed.data };
}

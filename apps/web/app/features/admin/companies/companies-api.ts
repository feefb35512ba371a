import type { AdminCompanyPatch, AdminCompanyRow, ImportFileKind, ImportReport } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import { patchJson } from '../shared/admin-fetch';

export type { AdminCompanyRow, ImportFileKind, ImportReport };

/** A 10 MB CSV checked line by line takes longer than an ordinary call's 5 s. */
const IMPORT_TIMEOUT_MS = 120_000;

export const patchCompany = (companyIdx: number, patch: AdminCompanyPatch) =>
  patchJson<AdminCompanyRow>(`/api/admin/company/${companyIdx}`, patch);

/** The import (docs/data-import.md): a dry run checks every line and writes nothing; a real run writes only a clean set. */
export function importCompanies(files: Partial<Record<ImportFileKind, File>>, dryRun: boolean): Promise<ImportReport> {
  const form = new FormData();
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file, file.name);
  return apiFetch<ImportReport>(`/api/admin/company/import?dryRun=${dryRun}`, { method: 'POST', body: form, timeoutMs: IMPORT_TIMEOUT_MS });
}

import { isUtf8 } from 'node:buffer';
import {
  adminCompaniesQuery,
  adminCompanyPatchBody,
  adminCompanyRowSchema,
  adminImportForm,
  adminImportQuery,
  envelope,
  errorSchema,
  IMPORT_FILES,
  IMPORT_MAX_BYTES,
  type ImportFileKind,
  idParam,
  importReportSchema,
  messages,
  pagedEnvelope,
} from '@beesang/contract';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { CompanyAdminService } from '../stock/company-admin.service.ts';
import type { CompanyImportService } from '../stock/import/company-import.service.ts';
import { type AuditRepository, auditedChange } from './audit.repository.ts';
import { actorOf, requireStaff } from './staff-guard.ts';

const tags = ['admin'];
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema };

/** The import's files, each read whole within its size limit; a field of another name is refused. */
async function readImportFiles(req: FastifyRequest): Promise<Partial<Record<ImportFileKind, string>>> {
  if (!req.isMultipart()) throw new AppError(415, 'adminImportNoFile', 'NOT_MULTIPART');
  const texts: Partial<Record<ImportFileKind, string>> = {};
  try {
    const parts = req.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 3, fields: 0, parts: 3 } });
    for await (const part of parts) {
      if (part.type !== 'file') continue;
      const kind = part.fieldname as ImportFileKind;
      if (!IMPORT_FILES.includes(kind) || texts[kind] !== undefined) {
        part.file.resume();
        throw new AppError(400, 'adminImportField', 'UNEXPECTED_FILE');
      }
      // A file saved as CP949 (Excel's default here) is refused as a whole, not imported as U+FFFD.
      const bytes = await part.toBuffer();
      if (!isUtf8(bytes)) throw new AppError(400, 'adminImportNotUtf8', 'BAD_TEXT', { fields: { [kind]: messages.adminImportNotUtf8 } });
      texts[kind] = bytes.toString('utf8');
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'adminImportTooLarge', 'FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new AppError(400, 'adminImportField', 'TOO_MANY_PARTS');
    // Anything else the parser raises (a body cut short, no boundary) is a malformed request, not a 500.
    throw error instanceof AppError ? error : new AppError(400, 'multipartMalformed', 'BAD_MULTIPART');
  }
  if (Object.keys(texts).length === 0) throw new AppError(400, 'adminImportNoFile', 'FILE_REQUIRED');
  return texts;
}

/** 종목 for editors: the list, editing a company, and the CSV import with its dry run; changes audited. */
export const adminCompaniesRoutes: FastifyPluginAsyncZod<{
  companies: CompanyAdminService;
  imports: CompanyImportService;
  /** Drops the stock caches after a committed change. */
  changed: (companyId?: number) => void;
  auth: AuthService;
  db: Db;
  audit: AuditRepository;
  clock: Clock;
}> = async (app, { companies, imports, changed, auth, db, audit, clock }) => {
  const editors = requireStaff(auth, 'companies');
  const change = auditedChange(db, audit, () => clock.now());
  // Multipart is parsed in this plugin only (the import); every other admin route takes JSON.
  await app.register(multipart, { throwFileSizeLimit: true });
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/admin/companies',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '종목 목록 (이름순, 또는 이름·코드·초성 검색)',
        querystring: adminCompaniesQuery,
        response: {
          200: pagedEnvelope(adminCompanyRowSchema),
          ...errors,
        },
      },
    },
    async (req) => ({ result: await companies.list(req.query.query, req.query.page, req.query.size) }),
  );

  app.patch(
    '/api/admin/company/:companyIdx',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: '종목 정보 수정 (가격은 /price로)',
        params: z.object({ companyIdx: idParam }),
        body: adminCompanyPatchBody,
        response: { 200: envelope(adminCompanyRowSchema), ...errors },
      },
    },
    async (req) => {
      const row = await change(
        actorOf(req),
        { action: 'company.edit', targetType: 'COMPANY', targetId: req.params.companyIdx, detail: { fields: Object.keys(req.body) } },
        (tx) => companies.edit(tx, req.params.companyIdx, req.body),
      );
      changed(req.params.companyIdx);
      return { result: row };
    },
  );

  app.post(
    '/api/admin/company/import',
    {
      onRequest: editors,
      schema: {
        tags,
        summary: 'CSV 가져오기 (multipart: companies, prices, financials). dryRun=true는 잘못된 행을 모두 보고하고 아무것도 쓰지 않음',
        description:
          'A dry run always answers 200 with the report. A real run writes only when no line is wrong (200, written=true); otherwise 400 IMPORT_INVALID and nothing is written.',
        querystring: adminImportQuery,
        response: { 200: envelope(importReportSchema), ...errors },
      },
      // The files are read part by part in readImportFiles; this only documents them.
      config: { multipart: adminImportForm },
    },
    async (req) => {
      const texts = await readImportFiles(req);
      const { dryRun } = req.query;
      if (dryRun) return { result: await imports.run(db, texts, { dryRun: true }) };
      const report = await change(
        actorOf(req),
        (r: Awaited<ReturnType<typeof imports.run>>) => ({
          action: 'company.import',
          targetType: 'COMPANY',
          targetId: 'csv',
          detail: { files: Object.keys(texts), counts: r.counts },
        }),
        async (tx) => {
          const r = await imports.run(tx, texts, { dryRun: false });
          if (!r.written) throw new AppError(400, 'adminImportInvalid', 'IMPORT_INVALID');
          return r;
        },
      );
      changed();
      return { result: report };
    },
  );
};

import { adminSanctionBody } from './admin-schemas.ts';
import { calendarDate } from './dates.ts';
import { MARKET_LABELS, SECTORS } from './enums.ts';
import { messages } from './messages.ts';
import { contentSummarySchema } from './stock-schemas.ts';
import { tradeSchema } from './trade-schemas.ts';
import { z } from './zod.ts';

/**
 * The console's own reads and writes beyond the moderation queues (issue 11 §2–§3): companies
 * (종목), the CSV import with its dry run, the pinned listings (상단 고정) and the content preview.
 */

const PRICE_SOURCES = ['TRADE', 'IMPORT', 'MANUAL', 'DEMO'] as const;

export const adminCompanyRowSchema = z.object({
  companyIdx: z.number().int(),
  beesangCode: z.string(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  sector: z.string(),
  stockLabelType: z.array(z.string()),
  sharesOutstanding: z.number(),
  ceoName: z.string(),
  /** YYYY-MM-DD, or null when unknown. */
  foundedOn: z.string().nullable(),
  address: z.string(),
  homepageUrl: z.string(),
  businessSummary: z.string(),
  companyStockCurrentPrice: z.number(),
  priceSource: z.enum(PRICE_SOURCES),
  priceAt: z.string(),
  /** Counted finishes behind a TRADE price of its day (decision 0006); 0 otherwise. */
  priceTradeCount: z.number().int(),
  isDemo: z.boolean(),
});
export type AdminCompanyRow = z.infer<typeof adminCompanyRowSchema>;

export const adminCompaniesQuery = z.object({
  /** Name, code or 초성; empty lists every company by name. */
  query: z.string().trim().max(100, { error: messages.adminQueryRequired }).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

const text = (max: number) => z.string({ error: messages.adminCompanyField }).trim().max(max, { error: messages.adminCompanyField });

/** What an editor may change on a company; the price has its own audited route (source MANUAL). */
export const adminCompanyPatchBody = z
  .strictObject({
    companyName: text(100).min(1, { error: messages.adminCompanyName }),
    sector: z.enum(SECTORS, { error: messages.adminCompanySector }),
    stockLabelType: z
      .array(z.enum(MARKET_LABELS, { error: messages.adminCompanyLabels }), { error: messages.adminCompanyLabels })
      .min(1, { error: messages.adminCompanyLabels })
      .max(MARKET_LABELS.length, { error: messages.adminCompanyLabels }),
    sharesOutstanding: z
      .number({ error: messages.adminCompanyShares })
      .int({ error: messages.adminCompanyShares })
      .min(0, { error: messages.adminCompanyShares })
      .max(1_000_000_000_000, { error: messages.adminCompanyShares }),
    ceoName: text(50),
    foundedOn: calendarDate(messages.adminCompanyFounded).nullable(),
    address: text(300),
    homepageUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/, error: messages.adminCompanyHomepage }).max(500)]),
    businessSummary: text(2000),
    /** One of our own uploads; the generated logo stays when absent. */
    companyLogoUrl: z.string().max(500),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { error: messages.adminCompanyNothing });
export type AdminCompanyPatch = z.infer<typeof adminCompanyPatchBody>;

/** The three files of the import (docs/data-import.md), as multipart fields of these names. */
export const IMPORT_FILES = ['companies', 'prices', 'financials'] as const;
export type ImportFileKind = (typeof IMPORT_FILES)[number];

const csvFile = (name: string) =>
  z
    .file()
    .optional()
    .meta({ description: `${name} (UTF-8 CSV, 10MB 이하; 열은 docs/data-import.md)` });
/** The import's multipart/form-data body: at least one of the three files, each under its own name. */
export const adminImportForm = z.object({
  companies: csvFile('companies.csv'),
  prices: csvFile('prices.csv'),
  financials: csvFile('financials.csv'),
} satisfies Record<ImportFileKind, unknown>);

export const importProblemSchema = z.object({
  /** companies.csv, prices.csv or financials.csv */
  file: z.string(),
  /** 1-based line in the file (the header is line 1); 0 for a problem with the whole file. */
  line: z.number().int(),
  column: z.string(),
  message: z.string(),
  value: z.string(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

export const importReportSchema = z.object({
  dryRun: z.boolean(),
  /** Whether anything was written: only a real run without a single problem writes. */
  written: z.boolean(),
  counts: z.object({ companies: z.number().int(), prices: z.number().int(), financials: z.number().int() }),
  /** Every bad line of every file, in file and line order (at most IMPORT_MAX_PROBLEMS). */
  problems: z.array(importProblemSchema),
  /** How many problems there were in all (more than shown when the list was cut). */
  problemCount: z.number().int(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
export const IMPORT_MAX_PROBLEMS = 500;
/** Per file; a real import of a larger set belongs to `npm run data:import`. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

export const adminImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false', '1', '0'], { error: messages.adminImportDryRun })
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
});

export const adminPinnedRowSchema = tradeSchema.extend({
  ownerIdx: z.number().int(),
  /** When the pin ends (ISO). */
  pinEndsAt: z.string(),
});
export type AdminPinnedRow = z.infer<typeof adminPinnedRowSchema>;

export const adminContentPreviewBody = z.strictObject({
  body: z.string({ error: messages.adminContentBody }).max(50_000, { error: messages.adminContentBody }),
});

/** A notice, event, news item or market report as editors see it: drafts and scheduled ones too. */
export const adminContentRowSchema = contentSummarySchema.extend({
  body: z.string(),
  published: z.boolean(),
  /** DRAFT (unpublished), SCHEDULED (publishes later) or LIVE. */
  state: z.enum(['DRAFT', 'SCHEDULED', 'LIVE']),
});
export type AdminContentRow = z.infer<typeof adminContentRowSchema>;

/** What operators review without a report (decision 0007): scam signals in text, the broker pattern. */
export const adminReviewItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['SCAM_TEXT', 'BROKER_PATTERN']),
  targetType: z.enum(['OPINION', 'USER']),
  targetId: z.number().int(),
  author: z.object({ userIdx: z.number().int(), userNickname: z.string() }),
  /** 'PHRASE:원금 보장', 'PHONE:010-1234-5678', 'OPEN_CHAT:open.kakao.com/…', 'COMPANIES:5', 'WINDOW_MINUTES:10'. */
  reasons: z.array(z.string()),
  /** The opinion's text, or an expert's office and introduction; empty for the broker pattern. */
  content: z.string(),
  /** Whether the opinion is still shown to members (always true for a member). */
  visible: z.boolean(),
  createdAt: z.string(),
});
export type AdminReviewItem = z.infer<typeof adminReviewItemSchema>;

/**
 * DISMISS: nothing wrong. UPHOLD: hides the opinion (for an opinion) and applies the sanction, which
 * a member item (an expert's text, the broker pattern) must carry: there is nothing else to do.
 */
export const adminReviewResolveBody = z
  .strictObject({
    action: z.enum(['DISMISS', 'UPHOLD'], { error: messages.adminReviewAction }),
    sanction: adminSanctionBody.optional(),
    note: z.string().trim().max(300, { error: messages.adminNoteMax }).default(''),
  })
  .refine((b) => !(b.action === 'DISMISS' && b.sanction), { error: messages.adminDismissNoSanction, path: ['sanction'] });

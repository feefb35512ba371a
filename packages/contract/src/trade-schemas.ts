import { MAX_PRICE_PER_SHARE, MAX_TOTAL_AMOUNT, OPINION_MAX, REPORT_DETAIL_MAX } from './constants.ts';
import { ListingStatus, PROOF_TYPES, ReportReason, TradeType } from './enums.ts';
import { idParam, pagingQuery } from './schemas-common.ts';
import { tradeMessages } from './trade-messages.ts';
import { listingAmountProblem } from './trade-rules.ts';
import { z } from './zod.ts';

// ---------------------------------------------------------------------------------------------
// Request schemas.
// ---------------------------------------------------------------------------------------------

const count = z
  .number({ error: tradeMessages.countRequired })
  .int({ error: tradeMessages.integersOnly })
  .min(1, { error: tradeMessages.countRequired })
  .max(MAX_TOTAL_AMOUNT, { error: tradeMessages.totalTooHigh });
const price = z
  .number({ error: tradeMessages.priceRequired })
  .int({ error: tradeMessages.integersOnly })
  .min(1, { error: tradeMessages.priceRequired })
  .max(MAX_PRICE_PER_SHARE, { error: tradeMessages.priceTooHigh });
const flag = z.boolean({ error: tradeMessages.invalidFlag });

function withinTotal<T extends { stockCount: number; stockPerPrice: number }>(body: T, ctx: z.RefinementCtx) {
  if (listingAmountProblem(body.stockCount, body.stockPerPrice) === 'totalTooHigh')
    ctx.addIssue({ code: 'custom', path: ['stockCount'], message: tradeMessages.totalTooHigh });
}

export const proofTypeSchema = z.enum(PROOF_TYPES, { error: tradeMessages.invalidProofType });
/** A proof image is one of our own uploads (POST /api/upload/image) or, as the web client sends it, the company logo. */
export const proofImageUrlSchema = z
  .string({ error: tradeMessages.invalidProofImage })
  .max(500, { error: tradeMessages.invalidProofImage });

/**
 * Spec §3 "Trade params" as POST /api/trade/sell and /api/trade/buy take them. Unknown keys —
 * server-owned fields such as status, owner, pin or proof status — are refused (SECURITY.md 12).
 */
export const tradeCreateBody = z
  .strictObject(
    {
      companyIdx: idParam,
      stockCount: count,
      stockPerPrice: price,
      stockCountNegotiationFlag: flag.default(false),
      stockPriceNegotiationFlag: flag.default(false),
      stockTradeProofImageUrl: proofImageUrlSchema.default(''),
      unissuedStockProofCheckFlag: flag.default(false),
      /** The proof's kind for an unissued-stock sale (bank statement or contract). */
      proofType: proofTypeSchema.default('NONE'),
      /** Sent by the web client with the draft; must agree with the path. */
      tradeType: z.union([z.literal(TradeType.BUY), z.literal(TradeType.SELL)], { error: tradeMessages.invalidTradeType }).optional(),
      /** 0 means new (spec §3). */
      tradeIdx: z.literal(0, { error: tradeMessages.tradeIdxOnCreate }).optional(),
    },
    { error: tradeMessages.unknownField },
  )
  .superRefine(withinTotal);
export type TradeCreateBody = z.input<typeof tradeCreateBody>;
/** The body as the server sees it after validation (defaults applied). */
export type TradeCreateData = z.output<typeof tradeCreateBody>;

/** PATCH /api/trade/{tradeIdx}: count, price and the two negotiation flags only (spec §4). */
export const tradeUpdateBody = z
  .strictObject(
    {
      tradeIdx: idParam.optional(),
      stockCount: count,
      stockPerPrice: price,
      stockCountNegotiationFlag: flag,
      stockPriceNegotiationFlag: flag,
    },
    { error: tradeMessages.unknownField },
  )
  .superRefine(withinTotal);
export type TradeUpdateBody = z.input<typeof tradeUpdateBody>;
export type TradeUpdateData = z.output<typeof tradeUpdateBody>;

/** POST /api/trade/finish/{tradeIdx}: the agreed price per share; it moves the company's price. */
export const tradeFinishBody = z.strictObject({ finishedPrice: price }, { error: tradeMessages.unknownField });

/** PUT /api/trade/proof/{tradeIdx}: (re)attach an unissued-stock proof; the check becomes PENDING. */
export const tradeProofBody = z.strictObject(
  { stockTradeProofImageUrl: proofImageUrlSchema.min(1, { error: tradeMessages.proofImageRequired }), proofType: proofTypeSchema },
  { error: tradeMessages.unknownField },
);

const reportReasonValues = Object.values(ReportReason).filter((v) => v !== ReportReason.NONE) as [number, ...number[]];
/** POST /api/accuse/trade/{id} and /api/accuse/opinion/{id}: a reason of the spec's enum and an optional detail. */
export const reportBody = z.strictObject(
  {
    reason: z.number({ error: tradeMessages.reportReasonRequired }).refine((v) => reportReasonValues.includes(v), {
      error: tradeMessages.reportReasonRequired,
    }),
    detail: z
      .string({ error: tradeMessages.reportDetailMax })
      .trim()
      .max(REPORT_DETAIL_MAX, { error: tradeMessages.reportDetailMax })
      .default(''),
  },
  { error: tradeMessages.unknownField },
);
export type ReportBody = z.input<typeof reportBody>;
export type ReportData = z.output<typeof reportBody>;

export const tradeListQuery = pagingQuery.extend({
  /** 1 buy, 2 sell; both when absent. */
  tradeType: z.coerce
    .number({ error: tradeMessages.invalidTradeType })
    .refine((v) => v === TradeType.BUY || v === TradeType.SELL, { error: tradeMessages.invalidTradeType })
    .optional(),
  /** Listing status; in-progress when absent. Ended listings are listed for their owner only. */
  status: z.coerce
    .number({ error: tradeMessages.invalidStatus })
    .refine((v) => (Object.values(ListingStatus) as number[]).includes(v), { error: tradeMessages.invalidStatus })
    .optional(),
});
export type TradeListQuery = z.infer<typeof tradeListQuery>;

export const tradeIdParams = z.object({ tradeIdx: idParam });
export const companyIdxParams = z.object({ companyIdx: idParam });

// ---------------------------------------------------------------------------------------------
// Response schemas.
// ---------------------------------------------------------------------------------------------

/** The public face of a listing's or opinion's author. */
export const writerSchema = z.object({
  /** The member's public page is /member/{userIdx}. */
  userIdx: z.number().int(),
  userNickname: z.string(),
  profileImageUrl: z.string(),
  /** NORMAL, PB or CTA; experts show their badge. */
  expertType: z.string(),
  expertName: z.string(),
});

/**
 * What a listing tells about its owner, from real data (issue 10 §6): identity verified, member
 * since, finished trades counted toward a price (decision 0006), and reports operators upheld.
 */
export const writerTrustSchema = z.object({
  identityVerified: z.boolean(),
  memberSince: z.string(),
  countedTrades: z.number().int(),
  upheldReports: z.number().int(),
  /** Deals both sides confirmed (issue 22), and the reviews they left about this member. */
  confirmedTrades: z.number().int(),
  goodReviews: z.number().int(),
  badReviews: z.number().int(),
});
export type WriterTrust = z.infer<typeof writerTrustSchema>;

export const tradeSchema = z.object({
  tradeIdx: z.number().int(),
  companyIdx: z.number().int(),
  companyName: z.string(),
  companyLogoUrl: z.string(),
  tradeType: z.number().int(),
  stockCount: z.number().int(),
  /** Shares not yet agreed or sold in deals (issue 22); the listing finishes when it reaches 0. */
  openStockCount: z.number().int(),
  stockPerPrice: z.number().int(),
  totalPrice: z.number().int(),
  stockCountNegotiationFlag: z.boolean(),
  stockPriceNegotiationFlag: z.boolean(),
  /** Listing status (IN_PROGRESS 11, TRADE_FINISHED 12, TRADE_EXPIRED 13, …) as of the time of reading. */
  tradeStatus: z.number().int(),
  listPin: z.number().int(),
  proofType: z.string(),
  proofCheckStatus: z.number().int(),
  /** The proof image; only its owner sees it (it may show personal data), others get ''. */
  stockTradeProofImageUrl: z.string(),
  finishedPrice: z.number().int().nullable(),
  writer: writerSchema,
  writerTrust: writerTrustSchema,
  isMine: z.boolean(),
  /** Whether the reader has already reported it. */
  isReported: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type Trade = z.infer<typeof tradeSchema>;

export const reportResultSchema = z.object({ accuseIdx: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Favourites and discussion.
// ---------------------------------------------------------------------------------------------

/** POST /api/stock/update/favorite/stock/order: every favourite's companyIdx, in the new order. */
export const favoriteOrderBody = z.strictObject(
  {
    interestingStockList: z
      .array(idParam, { error: tradeMessages.favoriteOrderInvalid })
      .max(1000, { error: tradeMessages.favoriteOrderInvalid })
      .refine((ids) => new Set(ids).size === ids.length, { error: tradeMessages.favoriteOrderInvalid }),
  },
  { error: tradeMessages.unknownField },
);
export const favoritePageParams = z.object({ page: idParam });

export const opinionCreateBody = z.strictObject(
  {
    companyIdx: idParam,
    content: z
      .string({ error: tradeMessages.opinionRequired })
      .trim()
      .min(1, { error: tradeMessages.opinionRequired })
      .max(OPINION_MAX, { error: tradeMessages.opinionTooLong }),
  },
  { error: tradeMessages.unknownField },
);
export type OpinionCreateBody = z.input<typeof opinionCreateBody>;

export const opinionSchema = z.object({
  opinionIdx: z.number().int(),
  companyIdx: z.number().int(),
  content: z.string(),
  writer: writerSchema,
  isMine: z.boolean(),
  isReported: z.boolean(),
  /** The text has scam signals (FSS phrases, a phone number, an open-chat link): shown with SCAM_CAUTION. */
  scamCaution: z.boolean(),
  createdAt: z.string(),
});
export type Opinion = z.infer<typeof opinionSchema>;
export const opinionIdParams = z.object({ opinionIdx: idParam });

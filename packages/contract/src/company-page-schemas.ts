import { priceAlertSchema } from './notification-schemas.ts';
import { pagedEnvelope } from './schemas-common.ts';
import { stockProfileSchema } from './stock-schemas.ts';
import { tradeSchema } from './trade-schemas.ts';
import { z } from './zod.ts';

/** Rows per side and page of a company's listings tab (the page's first read and each page after it). */
export const TRADE_PAGE_SIZE = 10;

const tradePage = pagedEnvelope(tradeSchema).shape.result;

/**
 * A company's page, the signed-in member's own parts in one answer (decision 0037): the profile
 * with their star, the first page of each side's listings with their own and reported marks, and
 * all their price alerts (the panel counts this company's; the limit counts them all). The web
 * client reads it over the shared page; each part is also its own operation, as the spec has them.
 */
export const companyMemberPartsSchema = z.object({
  profile: stockProfileSchema,
  sell: tradePage,
  buy: tradePage,
  priceAlerts: z.array(priceAlertSchema),
});
export type CompanyMemberParts = z.infer<typeof companyMemberPartsSchema>;

import { PRICE_EXCLUSION_TEXT, type PriceExclusionReason } from '@beesang/contract';

/** Decision 0006's reason codes, as operators read them (the text lives in the contract). */
export const exclusionText = (code: string) => PRICE_EXCLUSION_TEXT[code as PriceExclusionReason] ?? code;

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PRICE_PER_SHARE, MAX_TOTAL_AMOUNT } from './constants.ts';
import { formatNumber } from './format.ts';
import { tradeMessages } from './trade-messages.ts';
import { isOutsidePriceBand, listingAmountProblem, parseAmountInput } from './trade-rules.ts';
import { tradeCreateBody, tradeUpdateBody } from './trade-schemas.ts';

/**
 * The money rules of spec §5, as properties. The trade modal and the server call the same
 * functions and schemas, so these properties hold for both sides.
 */

const RUNS = { numRuns: 2000 };
const price = fc.oneof(
  fc.integer({ min: 1, max: MAX_PRICE_PER_SHARE + 1000 }),
  fc.constantFrom(1, MAX_PRICE_PER_SHARE, MAX_PRICE_PER_SHARE + 1),
);
const count = fc.oneof(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 1, max: 200_000 }), fc.constantFrom(1, 100_000, 100_001));

describe('listing amounts', () => {
  it('flags the price first, then the total, with exact BigInt arithmetic', () => {
    fc.assert(
      fc.property(count, price, (c, p) => {
        const expected =
          p > MAX_PRICE_PER_SHARE ? 'priceTooHigh' : BigInt(c) * BigInt(p) > BigInt(MAX_TOTAL_AMOUNT) ? 'totalTooHigh' : null;
        expect(listingAmountProblem(c, p)).toBe(expected);
      }),
      RUNS,
    );
  });

  it('the server schema accepts a listing exactly when the modal would submit it, with the modal’s message', () => {
    fc.assert(
      fc.property(count, price, fc.boolean(), fc.boolean(), (c, p, a, b) => {
        const edit = { stockCount: c, stockPerPrice: p, stockCountNegotiationFlag: a, stockPriceNegotiationFlag: b };
        const problem = listingAmountProblem(c, p);
        for (const [schema, body] of [
          [tradeCreateBody, { ...edit, companyIdx: 1 }],
          [tradeUpdateBody, edit],
        ] as const) {
          const parsed = schema.safeParse(body);
          expect(parsed.success).toBe(problem === null);
          if (!parsed.success)
            expect(parsed.error.issues.map((i) => i.message)).toContain(tradeMessages[problem as 'priceTooHigh' | 'totalTooHigh']);
        }
      }),
      RUNS,
    );
  });

  it('refuses fractions, zero, negatives and numbers sent as strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noInteger: true, noNaN: true }),
          fc.integer({ max: 0 }),
          fc.integer({ min: 1 }).map(String),
          fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, null, true),
        ),
        fc.constantFrom('stockCount', 'stockPerPrice'),
        (bad, field) => {
          const body = { companyIdx: 1, stockCount: 10, stockPerPrice: 1000, [field]: bad };
          expect(tradeCreateBody.safeParse(body).success).toBe(false);
        },
      ),
      RUNS,
    );
  });
});

describe('price band (15 %)', () => {
  it('hints exactly when the price is at or beyond 15 % of the current price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PRICE_PER_SHARE }), fc.integer({ min: 1, max: MAX_PRICE_PER_SHARE }), (p, current) => {
        // |p − current| ≥ 15 % of current, in integers: 100·|p − current| ≥ 15·current.
        const outside = 100n * BigInt(Math.abs(p - current)) >= 15n * BigInt(current);
        expect(isOutsidePriceBand(p, current)).toBe(outside);
      }),
      RUNS,
    );
  });

  it('is "at the band" on both edges and inside one won within them', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 4_000_000 }).map((n) => n * 20),
        (current) => {
          const low = (current * 85) / 100;
          const high = (current * 115) / 100;
          expect(isOutsidePriceBand(low, current)).toBe(true);
          expect(isOutsidePriceBand(high, current)).toBe(true);
          expect(isOutsidePriceBand(low + 1, current)).toBe(false);
          expect(isOutsidePriceBand(high - 1, current)).toBe(false);
          expect(isOutsidePriceBand(current, current)).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it('never hints without a current price or a price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_PRICE_PER_SHARE }), (n) => {
        expect(isOutsidePriceBand(n, 0)).toBe(false);
        expect(isOutsidePriceBand(0, n)).toBe(false);
      }),
    );
  });
});

describe('amount inputs', () => {
  it('keeps digits once separators are removed and round-trips the displayed value', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(parseAmountInput(formatNumber(n))).toBe(String(n));
      }),
      RUNS,
    );
  });

  it('rejects any text with something other than digits and commas; empty stays empty', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const plain = text.replaceAll(',', '');
        const result = parseAmountInput(text);
        if (plain === '') expect(result).toBe('');
        else if (/^\d+$/.test(plain)) expect(result).toBe(plain.replace(/^0+(?=\d)/, ''));
        else expect(result).toBeNull();
      }),
      RUNS,
    );
  });
});

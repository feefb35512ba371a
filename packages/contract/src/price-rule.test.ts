import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayBar, type FinishFacts, judgeFinish, PRICE_MIN_OPEN_MS, weightedMedian, withinDailyBand } from './price-rule.ts';

const at = new Date('2026-11-20T05:00:00Z');
const facts = (over: Partial<FinishFacts> = {}): FinishFacts => ({
  ownerVerified: true,
  ownerSanctioned: false,
  listedAt: new Date(at.getTime() - PRICE_MIN_OPEN_MS),
  finishedAt: at,
  price: 105_000,
  count: 10,
  basis: 100_000,
  alreadyCountedToday: false,
  counterparty: { verified: true, sanctioned: false, samePerson: false },
  ...over,
});

describe('judgeFinish: each condition of decision 0006', () => {
  it('counts a verified, unsanctioned member’s 10-share +5 % finish after exactly 10 minutes', () => {
    expect(judgeFinish(facts())).toEqual([]);
  });

  it('names every failing condition, not only the first', () => {
    // The manipulation script: a 1-share listing finished at once at the maximum price.
    expect(judgeFinish(facts({ listedAt: at, price: 99_999_999, count: 1 }))).toEqual(['TOO_SOON', 'OUT_OF_BAND']);
    expect(judgeFinish(facts({ listedAt: at, price: 1, count: 1 }))).toEqual(['TOO_SOON', 'OUT_OF_BAND', 'TOO_SMALL']);
    expect(
      judgeFinish(facts({ ownerVerified: false, ownerSanctioned: true, alreadyCountedToday: true, basis: 0, count: 1, price: 10 })),
    ).toEqual(['NOT_VERIFIED', 'SANCTIONED', 'NO_BASIS', 'TOO_SMALL', 'ALREADY_COUNTED']);
  });

  it('a finish without a second confirming member never counts; the other side must be a distinct verified, unsanctioned person (issue 22)', () => {
    expect(judgeFinish(facts({ counterparty: undefined }))).toEqual(['SELF_DECLARED']);
    expect(judgeFinish(facts({ counterparty: { verified: false, sanctioned: true, samePerson: true } }))).toEqual([
      'COUNTERPARTY_NOT_VERIFIED',
      'COUNTERPARTY_SANCTIONED',
      'SAME_PERSON',
    ]);
  });

  it('holds the edges exactly: 10 minutes less 1 ms, ±30 % inclusive, 1,000,000 원 inclusive', () => {
    expect(judgeFinish(facts({ listedAt: new Date(at.getTime() - PRICE_MIN_OPEN_MS + 1) }))).toEqual(['TOO_SOON']);
    expect(judgeFinish(facts({ price: 130_000 }))).toEqual([]);
    expect(judgeFinish(facts({ price: 130_001 }))).toEqual(['OUT_OF_BAND']);
    expect(judgeFinish(facts({ price: 70_000, count: 15 }))).toEqual([]);
    expect(judgeFinish(facts({ price: 69_999, count: 15 }))).toEqual(['OUT_OF_BAND']);
    expect(judgeFinish(facts({ price: 100_000, count: 10 }))).toEqual([]);
    expect(judgeFinish(facts({ price: 99_999, count: 10 }))).toEqual(['TOO_SMALL']);
    // Band edges of a basis that is not a multiple of 10: 7 × 1.3 = 9.1 → 9 in, 10 out.
    expect([withinDailyBand(9, 7), withinDailyBand(10, 7), withinDailyBand(5, 7), withinDailyBand(4, 7)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});

const mark = fc.record({ price: fc.integer({ min: 1, max: 99_999_999 }), count: fc.integer({ min: 1, max: 50 }) });

describe('weightedMedian (property)', () => {
  it('is the middle element of the trades expanded share by share (lower median)', () => {
    fc.assert(
      fc.property(fc.array(mark, { minLength: 1, maxLength: 30 }), (marks) => {
        const shares = marks.flatMap((m) => Array<number>(m.count).fill(m.price)).sort((a, b) => a - b);
        expect(weightedMedian(marks)).toBe(shares[Math.ceil(shares.length / 2) - 1]);
      }),
    );
  });

  it('does not depend on the order of the trades', () => {
    fc.assert(
      fc.property(fc.array(mark, { minLength: 1, maxLength: 30 }), fc.integer(), (marks, seed) => {
        const shuffled = [...marks].sort((a, b) => ((a.price * 31 + b.count + seed) % 3) - 1);
        expect(weightedMedian(shuffled)).toBe(weightedMedian(marks));
      }),
    );
  });

  it('the bar holds it between its low and high', () => {
    fc.assert(
      fc.property(fc.array(mark, { minLength: 1, maxLength: 30 }), (marks) => {
        const bar = dayBar(marks);
        expect(bar.low).toBeLessThanOrEqual(bar.close);
        expect(bar.close).toBeLessThanOrEqual(bar.high);
        expect(bar.volume).toBe(marks.reduce((s, m) => s + m.count, 0));
      }),
    );
  });
});

describe('a day of finishes by one or many members (property, pure model)', () => {
  const finish = fc.record({
    member: fc.integer({ min: 1, max: 4 }),
    price: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 50_000, max: 150_000 })),
    count: fc.oneof(fc.constant(1), fc.integer({ min: 1, max: 1_000 })),
    minutesOpen: fc.integer({ min: 0, max: 60 }),
  });

  it('never leaves the band, never moves on a 1-share or 1-원 trade, one counted finish per member', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000, max: 1_000_000 }), fc.array(finish, { maxLength: 40 }), (basis, day) => {
        const counted: Array<{ price: number; count: number }> = [];
        const members = new Set<number>();
        let price = basis;
        for (const f of day) {
          const reasons = judgeFinish(
            facts({
              basis,
              price: f.price,
              count: f.count,
              listedAt: new Date(at.getTime() - f.minutesOpen * 60_000),
              alreadyCountedToday: members.has(f.member),
            }),
          );
          const before = price;
          if (reasons.length === 0) {
            members.add(f.member);
            counted.push({ price: f.price, count: f.count });
            price = weightedMedian(counted);
          }
          if (f.count === 1 && f.price < 1_000_000) expect(price).toBe(before);
          if (f.price === 1) expect(price).toBe(before);
          expect(withinDailyBand(price, basis)).toBe(true);
        }
        expect(counted.length).toBe(members.size);
      }),
    );
  });
});

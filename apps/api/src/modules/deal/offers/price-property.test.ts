import { SanctionState, UserLevel } from '@beesang/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../../test/factories.ts';
import { createMember, freshHeaders, type TestMember } from '../../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, TEST_NOW, type TestApp } from '../../../test/test-app.ts';

/**
 * Issue 22 §2, property: whatever members do — post, offer, accept, confirm, cancel, declare a finish
 * alone, wait — a company's price moves only through a deal two distinct, verified, unsanctioned
 * members both confirmed, and never beyond ±30 % of the day's basis.
 */
let t: TestApp;
const BASIS = 100_000;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp({
    seed: false,
    limits: {
      rules: {
        ...LISTINGS_UNLIMITED,
        messages: { max: 1_000_000, windowMs: 60_000 },
        conversationsPerDay: { max: 1_000_000, windowMs: DAY },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
});

type Who = 'a' | 'b' | 'unverified' | 'noDi' | 'sanctioned';
const WHO: Who[] = ['a', 'b', 'unverified', 'noDi', 'sanctioned'];

type Command =
  | { kind: 'post'; who: Who; count: number; price: number; side: 'sell' | 'buy' }
  | { kind: 'offer'; who: Who; listing: number; count: number; price: number }
  | { kind: 'accept' | 'confirm' | 'cancel'; who: Who; deal: number }
  | { kind: 'finishAlone'; who: Who; listing: number; price: number }
  | { kind: 'wait'; minutes: number }
  /** An offer carried through: the listing's owner accepts, both confirm. */
  | { kind: 'deal'; who: Who; listing: number; count: number; price: number };

// Mostly the two members whose deals can count, so that the property is tried where it matters.
const who = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Who>('a') },
  { weight: 3, arbitrary: fc.constant<Who>('b') },
  { weight: 1, arbitrary: fc.constantFrom<Who>('unverified', 'noDi', 'sanctioned') },
);
const price = fc.oneof(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 60_000, max: 140_000 }));
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('post' as const),
      who,
      count: fc.integer({ min: 1, max: 500 }),
      price,
      side: fc.constantFrom('sell' as const, 'buy' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('offer' as const), who, listing: fc.nat(5), count: fc.integer({ min: 1, max: 500 }), price }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constantFrom('accept' as const, 'confirm' as const, 'cancel' as const), who, deal: fc.nat(5) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('finishAlone' as const), who, listing: fc.nat(5), price }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('wait' as const), minutes: fc.integer({ min: 5, max: 30 }) }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('deal' as const),
      who,
      listing: fc.nat(5),
      count: fc.integer({ min: 10, max: 500 }),
      price: fc.integer({ min: 60_000, max: 140_000 }),
    }),
  },
);
let moved = 0;

describe('the price under any sequence of deals (issue 22 §2)', () => {
  it('moves only through a deal two distinct verified members confirmed, within the band', async () => {
    const members: Record<Who, TestMember> = {
      a: await createMember(t),
      b: await createMember(t),
      unverified: await createMember(t, { level: UserLevel.COMMON }),
      noDi: await createMember(t),
      sanctioned: await createMember(t),
    };
    await t.db.updateTable('users').set({ di_hash: null }).where('id', '=', members.noDi.id).execute();
    await t.db.updateTable('users').set({ sanction_state: SanctionState.WARN }).where('id', '=', members.sanctioned.id).execute();

    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 4, maxLength: 16 }), fc.boolean(), async (commands, alone) => {
        t.clock.set(TEST_NOW);
        const company = await insertCompany(t.db, {
          currentPrice: BASIS,
          previousClose: BASIS,
          priceUpdatedAt: new Date(Date.parse(TEST_NOW) - 2 * DAY),
        });
        const listings: number[] = [];
        const deals: number[] = [];
        // "One member alone" runs: every command is that member's.
        const as = (w: Who) => members[alone ? 'a' : w];
        const post = async (w: Who, url: string, payload?: object) =>
          t.app.inject({ method: 'POST', url, headers: await freshHeaders(t, as(w).id), ...(payload && { payload }) });
        for (const c of commands) {
          if (c.kind === 'wait') t.clock.advance(c.minutes * 60_000);
          else if (c.kind === 'post') {
            const res = await post(c.who, `/api/trade/${c.side}`, {
              companyIdx: company,
              stockCount: c.count,
              stockPerPrice: Math.min(c.price, 9_999_999_999_999 / c.count) | 0 || 1,
              stockCountNegotiationFlag: true,
              stockPriceNegotiationFlag: true,
            });
            if (res.statusCode === 200) listings.push((res.json() as { result: { tradeIdx: number } }).result.tradeIdx);
          } else if (c.kind === 'offer') {
            const listing = listings[c.listing % Math.max(1, listings.length)];
            if (listing === undefined) continue;
            const res = await post(c.who, '/api/deals', {
              tradeIdx: listing,
              stockCount: c.count,
              stockPerPrice: c.price,
              message: '제안',
            });
            if (res.statusCode === 200) deals.push((res.json() as { result: { dealId: number } }).result.dealId);
            else expect(res.statusCode, res.body).toBeLessThan(500);
          } else if (c.kind === 'deal') {
            const listing = listings[c.listing % Math.max(1, listings.length)];
            if (listing === undefined) continue;
            const res = await post(c.who, '/api/deals', {
              tradeIdx: listing,
              stockCount: c.count,
              stockPerPrice: c.price,
              message: '제안',
            });
            if (res.statusCode !== 200) continue;
            const { dealId } = (res.json() as { result: { dealId: number } }).result;
            // The owner accepts (whoever it is), then every member tries to confirm: only its two sides can.
            for (const w of WHO) if ((await post(w, `/api/deals/${dealId}/accept`)).statusCode === 200) break;
            for (const w of WHO) expect((await post(w, `/api/deals/${dealId}/confirm`)).statusCode).toBeLessThan(500);
          } else if (c.kind === 'finishAlone') {
            const listing = listings[c.listing % Math.max(1, listings.length)];
            if (listing === undefined) continue;
            expect((await post(c.who, `/api/trade/finish/${listing}`, { finishedPrice: c.price })).statusCode).toBeLessThan(500);
          } else {
            const deal = deals[c.deal % Math.max(1, deals.length)];
            if (deal === undefined) continue;
            // Both sides try: whoever the step is for gets a turn.
            for (const w of [c.who, ...WHO]) {
              const res = await post(w, `/api/deals/${deal}/${c.kind}`);
              expect(res.statusCode, res.body).toBeLessThan(500);
              if (res.statusCode === 200) break;
            }
          }
        }

        const row = await t.db.selectFrom('companies').select(['current_price']).where('id', '=', company).executeTakeFirstOrThrow();
        const current = Number(row.current_price);
        const counted = await sql<{
          deal_id: string | null;
          seller: number;
          buyer: number;
          seller_level: number;
          buyer_level: number;
          seller_di: string | null;
          buyer_di: string | null;
          seller_sanction: number;
          buyer_sanction: number;
          price: string;
        }>`
          select m.deal_id, d.seller_id as seller, d.buyer_id as buyer, s.user_level as seller_level, b.user_level as buyer_level,
            s.di_hash as seller_di, b.di_hash as buyer_di, s.sanction_state as seller_sanction, b.sanction_state as buyer_sanction, m.price
          from trade_price_marks m left join deals d on d.id = m.deal_id
          left join users s on s.id = d.seller_id left join users b on b.id = d.buyer_id
          where m.company_id = ${company} and m.counted`.execute(t.db);
        for (const m of counted.rows) {
          expect(m.deal_id, 'a counted trade is a confirmed deal').not.toBeNull();
          expect(m.seller).not.toBe(m.buyer);
          expect([m.seller_level, m.buyer_level]).toEqual([UserLevel.REGULAR, UserLevel.REGULAR]);
          expect(m.seller_di && m.buyer_di && m.seller_di !== m.buyer_di).toBeTruthy();
          expect([m.seller_sanction, m.buyer_sanction]).toEqual([SanctionState.NORMAL, SanctionState.NORMAL]);
        }
        if (counted.rows.length === 0 || alone) expect(current).toBe(BASIS);
        if (current !== BASIS) moved++;
        expect(current).toBeGreaterThanOrEqual(BASIS * 0.7);
        expect(current).toBeLessThanOrEqual(BASIS * 1.3);
      }),
      { numRuns: 40, seed: Number(process.env.PROPERTY_SEED ?? 2211) },
    );
    // The property is not vacuous: some runs did move the price, through confirmed deals.
    expect(moved).toBeGreaterThan(0);
  });
});

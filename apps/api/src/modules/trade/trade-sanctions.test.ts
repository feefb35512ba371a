import { ListingStatus, messages, ProofCheckStatus, SanctionState, type Trade, tradeMessages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { createTestApp, LISTINGS_UNLIMITED, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let member: TestMember;
let unissued: number;

beforeAll(async () => {
  t = await createTestApp({ companies: 5, limits: { rules: LISTINGS_UNLIMITED } });
  member = await createMember(t);
  unissued = await insertCompany(t.db, { labels: ['UNISSUED'] });
});
afterAll(async () => {
  await t?.close();
});

const proofUrl = (c: string) => `/uploads/${c.repeat(32)}.webp`;

async function sell(overrides: Record<string, unknown> = {}): Promise<Trade> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/trade/sell',
    payload: {
      companyIdx: unissued,
      stockCount: 100,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
      ...overrides,
    },
    headers: member.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { result: Trade }).result;
}

/** What an operator's sanction does: the member's current state changes; their token stays as it was. */
async function sanction(state: number) {
  await t.db.updateTable('users').set({ sanction_state: state }).where('id', '=', member.id).execute();
}

const row = (id: number) => t.db.selectFrom('trades').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

const edit = (id: number): InjectOptions => ({
  method: 'PATCH',
  url: `/api/trade/${id}`,
  payload: { stockCount: 7, stockPerPrice: 7_000, stockCountNegotiationFlag: true, stockPriceNegotiationFlag: false },
  headers: member.headers,
});
const attach = (id: number, c: string): InjectOptions => ({
  method: 'PUT',
  url: `/api/trade/proof/${id}`,
  payload: { stockTradeProofImageUrl: proofUrl(c), proofType: 'BANK' },
  headers: member.headers,
});

describe('STOP_TRADE on the owner’s own listings (issue: sanctions are enforced on the server)', () => {
  it('blocks editing, attaching and re-attaching a proof with the Korean message, and changes no row', async () => {
    await sanction(SanctionState.NORMAL);
    const plain = await sell();
    const sent = await sell({ stockTradeProofImageUrl: proofUrl('d'), unissuedStockProofCheckFlag: true, proofType: 'CONTRACT' });
    // An operator asked for the proof again: the owner may re-attach it while REATTACHMENT.
    await t.db.updateTable('trades').set({ proof_check_status: ProofCheckStatus.REATTACHMENT }).where('id', '=', sent.tradeIdx).execute();
    const before = [await row(plain.tradeIdx), await row(sent.tradeIdx)];

    await sanction(SanctionState.STOP_TRADE);
    for (const request of [edit(plain.tradeIdx), attach(plain.tradeIdx, 'e'), edit(sent.tradeIdx), attach(sent.tradeIdx, 'f')]) {
      const body = await expectError(t.app, request, 403, tradeMessages.sanctionStopTrade);
      expect(body.code).toBe('SANCTIONED');
    }
    // Suspended: the token itself no longer counts, and says why.
    await sanction(SanctionState.SUSPEND);
    for (const request of [edit(plain.tradeIdx), attach(sent.tradeIdx, 'f')]) {
      await expectError(t.app, request, 403, messages.suspended);
    }
    expect([await row(plain.tradeIdx), await row(sent.tradeIdx)]).toEqual(before);
  });

  it('a warning or a discussion ban does not stop edits, and a lifted sanction frees them at once', async () => {
    await sanction(SanctionState.NORMAL);
    const first = await sell();
    const second = await sell();
    const third = await sell();

    await sanction(SanctionState.WARN);
    const warned = await t.app.inject(edit(first.tradeIdx));
    expect(warned.statusCode, warned.body).toBe(200);
    expect((warned.json() as { result: Trade }).result).toMatchObject({ stockCount: 7, stockPerPrice: 7_000 });

    await sanction(SanctionState.STOP_DEBATE);
    const attached = await t.app.inject(attach(second.tradeIdx, 'a'));
    expect(attached.statusCode, attached.body).toBe(200);
    expect((attached.json() as { result: Trade }).result.proofCheckStatus).toBe(ProofCheckStatus.PENDING);

    await sanction(SanctionState.STOP_TRADE);
    await expectError(t.app, edit(third.tradeIdx), 403, tradeMessages.sanctionStopTrade);
    await sanction(SanctionState.NORMAL);
    const lifted = await t.app.inject(edit(third.tradeIdx));
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(Number((await row(third.tradeIdx)).stock_count)).toBe(7);
  });
});

describe('the sanction matrix on every listing write route (issue 10 §3)', () => {
  const create = (side: 'sell' | 'buy'): InjectOptions => ({
    method: 'POST',
    url: `/api/trade/${side}`,
    payload: {
      companyIdx: unissued,
      stockCount: 10,
      stockPerPrice: 10_000,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
    },
    headers: member.headers,
  });
  const routes = (ids: { edit: number; proof: number; finish: number }) =>
    ({
      'POST /api/trade/sell': create('sell'),
      'POST /api/trade/buy': create('buy'),
      'PATCH /api/trade/:id': edit(ids.edit),
      'PUT /api/trade/proof/:id': attach(ids.proof, 'c'),
      'POST /api/trade/finish/:id': {
        method: 'POST',
        url: `/api/trade/finish/${ids.finish}`,
        payload: { finishedPrice: 10_000 },
        headers: member.headers,
      },
    }) satisfies Record<string, InjectOptions>;
  const remove = (id: number): InjectOptions => ({ method: 'DELETE', url: `/api/trade/${id}`, headers: member.headers });

  const cases = [
    { state: SanctionState.STOP_TRADE, status: 403, message: tradeMessages.sanctionStopTrade, code: 'SANCTIONED', deleteAllowed: true },
    { state: SanctionState.SUSPEND, status: 403, message: messages.suspended, code: 'SUSPENDED', deleteAllowed: false },
  ];
  for (const c of cases) {
    it(`state ${c.state}: create, edit, proof and finish answer ${c.status} and change nothing; delete ${c.deleteAllowed ? 'stays allowed' : 'is refused too'}`, async () => {
      await sanction(SanctionState.NORMAL);
      const ids = { edit: (await sell()).tradeIdx, proof: (await sell()).tradeIdx, finish: (await sell()).tradeIdx };
      const doomed = (await sell()).tradeIdx;
      const before = await Promise.all([ids.edit, ids.proof, ids.finish, doomed].map(row));
      const listings = async () =>
        Number(
          (
            await t.db
              .selectFrom('trades')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('user_id', '=', member.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const count = await listings();

      await sanction(c.state);
      for (const [name, request] of Object.entries(routes(ids))) {
        const body = await expectError(t.app, request, c.status, c.message);
        expect(body.code, name).toBe(c.code);
      }
      expect(await listings()).toBe(count);
      expect(await Promise.all([ids.edit, ids.proof, ids.finish].map(row))).toEqual(before.slice(0, 3));

      if (c.deleteAllowed) {
        const res = await t.app.inject(remove(doomed));
        expect(res.statusCode, res.body).toBe(200);
        // A soft delete: the row stays for operators, marked deleted by its owner.
        const kept = await row(doomed);
        expect(kept.status).toBe(ListingStatus.USER_DELETED);
      } else {
        await expectError(t.app, remove(doomed), 403, messages.suspended);
        expect(await row(doomed)).toEqual(before[3]);
      }
      await sanction(SanctionState.NORMAL);
    });
  }

  it('the same routes all work for a member in good standing, warned or banned from discussion only', async () => {
    for (const state of [SanctionState.NORMAL, SanctionState.WARN, SanctionState.STOP_DEBATE]) {
      await sanction(SanctionState.NORMAL);
      const ids = { edit: (await sell()).tradeIdx, proof: (await sell()).tradeIdx, finish: (await sell()).tradeIdx };
      const doomed = (await sell()).tradeIdx;
      await sanction(state);
      for (const [name, request] of Object.entries(routes(ids))) {
        const res = await t.app.inject(request);
        expect(res.statusCode, `${state} ${name} ${res.body}`).toBe(200);
      }
      expect((await t.app.inject(remove(doomed))).statusCode).toBe(200);
    }
    await sanction(SanctionState.NORMAL);
  });
});

import { messages, ProofCheckStatus, SanctionState, type Trade, tradeMessages } from '@beesang/contract';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCompany } from '../../test/factories.ts';
import { expectError } from '../../test/http.ts';
import { createMember, type TestMember } from '../../test/members.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let member: TestMember;
let unissued: number;

beforeAll(async () => {
  t = await createTestApp({ companies: 5 });
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
    // Suspended: the token itself no longer counts.
    await sanction(SanctionState.SUSPEND);
    for (const request of [edit(plain.tradeIdx), attach(sent.tradeIdx, 'f')]) {
      await expectError(t.app, request, 401, messages.sessionExpired);
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

import { messages } from '@beesang/contract';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';
import { registerErrorHandling } from './errors.ts';

/** Issue 10 §5: every unique-key violation answers 409 in Korean, never 500, and says nothing of the SQL. */
describe('unique-key violations', () => {
  it('a real violation from the database, on whichever index, is a 409 without internals', async () => {
    const t = await createTestApp({ seed: false });
    try {
      const insert = () => t.db.insertInto('app_meta').values({ key: 'race', value: '1' }).execute();
      await insert();
      const error = await insert().catch((e: unknown) => e);
      const app = Fastify({ logger: false });
      registerErrorHandling(app);
      app.get('/raced', async () => {
        throw error;
      });
      const res = await app.inject('/raced');
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: messages.conflict, code: 'CONFLICT' });
      expect(res.body).not.toMatch(/app_meta|duplicate|23505|pkey/i);
    } finally {
      await t.close();
    }
  });

  it('the indexes members meet say what was taken', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    const cases = {
      users_email_live_idx: { message: messages.emailInUse, code: 'EMAIL_IN_USE' },
      users_phone_idx: { message: messages.alreadyMember, code: 'FAIL_HAS_BEESANG_USER' },
      users_di_idx: { message: messages.identityDuplicate, code: 'IDENTITY_DUPLICATE' },
    };
    for (const constraint of Object.keys(cases)) {
      app.get(`/${constraint}`, async () => {
        throw Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505', constraint });
      });
    }
    for (const [constraint, expected] of Object.entries(cases)) {
      const res = await app.inject(`/${constraint}`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual(expected);
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await t.app.inject('/healthz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready while the database answers', async () => {
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });

  it('GET /readyz answers 503 once the database is gone, while /healthz stays up', async () => {
    await t.db.destroy();
    const res = await t.app.inject('/readyz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'database-unavailable' });
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
  });
});

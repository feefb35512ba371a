import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';

type App = { inject(options: InjectOptions): PromiseLike<{ statusCode: number; body: string; json(): unknown }> };

/**
 * An operator's price as the console makes it (issue 21): entered by one operator (`by`) and
 * approved by another (`approver`, an ADMIN when the price is more than ±30 % off). The entry id.
 */
export async function enterAndApprove(
  app: App,
  p: { company: number; price: number; by: Record<string, string>; approver: Record<string, string>; note?: string },
): Promise<number> {
  const entered = await app.inject({
    method: 'POST',
    url: `/api/admin/company/${p.company}/price`,
    headers: p.by,
    payload: { price: p.price, note: p.note ?? '장외 체결 확인' },
  });
  expect(entered.statusCode, entered.body).toBe(202);
  const { entryId } = (entered.json() as { result: { entryId: number } }).result;
  const approved = await app.inject({ method: 'POST', url: `/api/admin/price-entries/${entryId}/approve`, headers: p.approver });
  expect(approved.statusCode, approved.body).toBe(200);
  return entryId;
}

import {
  CONTENT_KINDS,
  type ContentDetail,
  type ContentKind,
  type ContentSummary,
  LIST_PAGE_SIZE_DEFAULT,
  messages,
} from '@beesang/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, getResult } from '../../test/http.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const stored = new Map<ContentKind, number[]>();

interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  size: number;
}
const list = (kind: ContentKind, query = '') => getResult<Paged<ContentSummary>>(t.app, `/api/v2/${kind}/list${query}`);
const detail = (kind: ContentKind, id: number) => getResult<ContentDetail>(t.app, `/api/v2/${kind}/${id}`);
const byNewest = (a: ContentSummary, b: ContentSummary) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt) || b.id - a.id;

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of CONTENT_KINDS) {
    const rows = await t.db.selectFrom('contents').select('id').where('kind', '=', kind).execute();
    stored.set(
      kind,
      rows.map((r) => r.id),
    );
  }
});
afterAll(() => t?.close());

async function everything(kind: ContentKind): Promise<ContentSummary[]> {
  return (await list(kind, '?size=100')).data;
}

describe.each(CONTENT_KINDS)('/api/v2/%s', (kind) => {
  it('lists pinned posts first, then the newest, with totals', async () => {
    const first = await list(kind);
    const ids = stored.get(kind)!;
    expect(ids.length).toBeGreaterThan(1);
    expect(first).toMatchObject({ total: ids.length, page: 1, size: LIST_PAGE_SIZE_DEFAULT });
    expect(first.data).toHaveLength(Math.min(ids.length, LIST_PAGE_SIZE_DEFAULT));
    const all = await everything(kind);
    expect(all.map((p) => p.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    const pinned = all.filter((p) => p.pinned);
    expect(all.slice(0, pinned.length)).toEqual(pinned);
    expect(pinned).toEqual([...pinned].sort(byNewest));
    const rest = all.slice(pinned.length);
    expect(rest).toEqual([...rest].sort(byNewest));
    for (const p of all) {
      expect(p.kind).toBe(kind);
      expect(p.title.length).toBeGreaterThan(0);
      if (kind === 'event') {
        expect(Date.parse(p.eventStartsAt!)).toBeLessThan(Date.parse(p.eventEndsAt!));
      } else {
        expect(p).toMatchObject({ eventStartsAt: null, eventEndsAt: null });
      }
    }
    if (kind === 'notice') expect(pinned.length).toBeGreaterThan(0);
  });

  it('pages without gaps or repeats', async () => {
    const all = await everything(kind);
    const size = 3;
    const seen: ContentSummary[] = [];
    for (let page = 1; page <= Math.ceil(all.length / size); page++) {
      const p = await list(kind, `?page=${page}&size=${size}`);
      expect(p).toMatchObject({ total: all.length, page, size });
      seen.push(...p.data);
    }
    expect(seen).toEqual(all);
    expect((await list(kind, `?page=${Math.ceil(all.length / size) + 1}&size=${size}`)).data).toEqual([]);
  });

  it('shows a post with its body and the newer (prev) and older (next) neighbours', async () => {
    const chain = (await everything(kind)).sort(byNewest);
    for (let i = 0; i < chain.length; i++) {
      const post = chain[i]!;
      const d = await detail(kind, post.id);
      expect(d).toMatchObject(post);
      expect(d.body.length).toBeGreaterThan(post.summary.length);
      expect(d.prevId, `prev of ${post.id}`).toBe(chain[i - 1]?.id ?? null);
      expect(d.nextId, `next of ${post.id}`).toBe(chain[i + 1]?.id ?? null);
    }
  });

  it("answers 404 for another kind's post or a missing one, 400 for a malformed id or page", async () => {
    for (const other of CONTENT_KINDS.filter((k) => k !== kind)) {
      const foreign = stored.get(other)![0]!;
      await expectError(t.app, `/api/v2/${kind}/${foreign}`, 404, messages.contentNotFound);
    }
    await expectError(t.app, `/api/v2/${kind}/987654`, 404, messages.contentNotFound);
    for (const bad of ['0', '-3', 'abc', '2.5', '9999999999']) {
      await expectError(t.app, `/api/v2/${kind}/${bad}`, 400, messages.invalidId);
    }
    await expectError(t.app, `/api/v2/${kind}/list?page=0`, 400, messages.invalidPage);
    await expectError(t.app, `/api/v2/${kind}/list?size=1000`, 400, messages.invalidSize);
  });
});

describe('content routes', () => {
  it('have no other kinds', async () => {
    await expectError(t.app, '/api/v2/blog/list', 404, messages.notFound);
    await expectError(t.app, '/api/v2/blog/1', 404, messages.notFound);
  });
});

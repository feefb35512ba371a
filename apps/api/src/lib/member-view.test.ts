import { describe, expect, it } from 'vitest';
import { createInvalidationBus } from './invalidation.ts';
import { createMemberView } from './member-view.ts';

/** Two instances in one process share a memory bus through `scope`, as app instances on one embedded database do. */
function twoInstances() {
  const scope = {};
  return [createInvalidationBus({ kind: 'memory', scope }), createInvalidationBus({ kind: 'memory', scope })] as const;
}

describe('member view (issue 24)', () => {
  it('keeps a member’s read until their owner announces a change, on every instance; other members keep theirs', async () => {
    const [a, b] = twoInstances();
    const store = new Map([
      [1, 'one'],
      [2, 'two'],
    ]);
    let reads = 0;
    const load = (id: number) => async () => {
      reads++;
      return store.get(id);
    };
    const onA = createMemberView<string | undefined>({ bus: a, topic: 'session', ttlMs: 60_000, maxEntries: 100 });
    const onB = createMemberView<string | undefined>({ bus: b, topic: 'session', ttlMs: 60_000, maxEntries: 100 });
    expect(await onB.get(1, 's', load(1))).toBe('one');
    expect(await onB.get(2, 's', load(2))).toBe('two');
    expect(await onB.get(1, 's', load(1))).toBe('one');
    expect(reads).toBe(2);

    store.set(1, 'changed');
    a.publish('session', '1');
    expect(await onB.get(1, 's', load(1))).toBe('changed');
    expect(await onB.get(2, 's', load(2))).toBe('two');
    expect(reads).toBe(3);
    // A publish without a key (a reconnect) drops everything.
    b.publish('session');
    await onB.get(2, 's', load(2));
    expect(reads).toBe(4);
    onA.close();
    onB.close();
  });

  it('drops every member’s entries on any message of a `clearOn` topic (its key names something else), on every instance', async () => {
    const [a, b] = twoInstances();
    let reads = 0;
    const load = async () => ++reads;
    const onB = createMemberView<number>({ bus: b, topic: 'session', clearOn: ['listings'], ttlMs: 60_000, maxEntries: 100 });
    await onB.get(1, 'page', load);
    await onB.get(2, 'page', load);
    expect(await onB.get(1, 'page', load)).toBe(1);
    // A listing of company 1 changed: member 1's entry goes, and so does member 2's.
    a.publish('listings', '1');
    expect(await onB.get(1, 'page', load)).toBe(3);
    expect(await onB.get(2, 'page', load)).toBe(4);
    onB.close();
    // Closed, it listens no more.
    a.publish('listings', '2');
    expect(await onB.get(2, 'page', load)).toBe(4);
  });

  it('does not keep a read that a change overtook: the next request reads again', async () => {
    const [bus] = twoInstances();
    const view = createMemberView<string>({ bus, topic: 'session', ttlMs: 60_000, maxEntries: 100 });
    let value = 'live';
    let release: () => void = () => {};
    const slow = view.get(7, 's', async () => {
      const read = value;
      await new Promise<void>((r) => {
        release = r;
      });
      return read;
    });
    // The session ends while the read of it is on its way.
    value = 'ended';
    bus.publish('session', '7');
    release();
    expect(await slow).toBe('live');
    expect(await view.get(7, 's', async () => value)).toBe('ended');
    expect(view.size()).toBe(1);
    view.close();
  });

  it('expires entries after ttlMs and keeps at most maxEntries, the oldest going first', async () => {
    const [bus] = twoInstances();
    let t = 0;
    const view = createMemberView<number>({ bus, topic: 'favorites', ttlMs: 1_000, maxEntries: 3, now: () => t });
    let reads = 0;
    const load = async () => ++reads;
    for (const id of [1, 2, 3, 4]) await view.get(id, 'ids', load);
    expect(view.size()).toBe(3);
    expect(await view.get(2, 'ids', load)).toBe(2);
    expect(await view.get(1, 'ids', load)).toBe(5);
    t = 1_001;
    expect(await view.get(1, 'ids', load)).toBe(6);
    view.close();
  });
});

describe('member view, several members at once (issue 24: the listings’ trust lines)', () => {
  it('loads only the members it does not hold, together, and drops one member without the others', async () => {
    const [bus] = twoInstances();
    const view = createMemberView<number>({ bus, topic: 'member', ttlMs: 60_000, maxEntries: 100 });
    const asked: number[][] = [];
    let score = 1;
    const loadMany = async (ids: number[]) => {
      asked.push(ids);
      return new Map(ids.map((id) => [id, id * 10 + score]));
    };
    expect([...(await view.getMany([1, 2, 2, 3], 'trust', loadMany))]).toEqual([
      [1, 11],
      [2, 21],
      [3, 31],
    ]);
    score = 2;
    bus.publish('member', '2');
    expect([...(await view.getMany([3, 2, 4], 'trust', loadMany))].sort(([a], [b]) => a - b)).toEqual([
      [2, 22],
      [3, 31],
      [4, 42],
    ]);
    expect(asked).toEqual([
      [1, 2, 3],
      [2, 4],
    ]);
    view.close();
  });
});

import type { LiveEvent } from '@beesang/contract';
import type { InvalidationBus } from '../../lib/invalidation.ts';
import { decodeNote, encodeNotes, LIVE_TOPIC } from './live-notes.ts';

/** One event as a stream writes it: the SSE `id:` (message events only) and the JSON `data:`. */
export interface LiveFrame {
  id?: string;
  data: string;
}

/** One open stream of one member on this instance (live.routes.ts makes them of SSE replies). */
export interface LiveConnection {
  readonly userId: number;
  /** Writes one frame; false when the stream had to be dropped instead (a client too slow to read). */
  write(frame: LiveFrame): boolean;
  /** Ends the stream; `retryMs` asks the client to wait that long before it reconnects. */
  end(retryMs?: number): void;
}

export interface LiveStats {
  /** Open streams on this instance, and the members they belong to. */
  connections: number;
  members: number;
  /** Bus messages this instance published for `send`. */
  notes: number;
  /** Frames written to this instance's streams. */
  delivered: number;
  /** Streams dropped because their client did not read (it reconnects and reads again). */
  dropped: number;
  /** Oldest streams ended because their member opened more than the limit. */
  evicted: number;
  /** Times the bus reconnected and every stream here was told to read again. */
  resyncs: number;
}

export interface LiveHub {
  /**
   * Sends `event` to every open stream of `userIds`, on every instance. Call it after the
   * transaction that made the event committed; it never throws and never waits (the bus's promise).
   * An event too large for the bus reaches them as `{ type: 'resync' }` instead.
   */
  send(userIds: readonly number[], event: LiveEvent): void;
  /** Registers a stream of this instance; returns its removal. Past the limit per member, ends the oldest. */
  attach(connection: LiveConnection): () => void;
  /** Open streams on this instance. */
  connections(): number;
  stats(): LiveStats;
  /** Ends every stream here (shutdown) and stops listening; `send` does nothing afterwards. */
  close(): void;
}

export interface LiveHubOptions {
  bus: InvalidationBus;
  log?: (message: string, error?: unknown) => void;
  /** Streams one member may hold open on one instance (tabs, devices); a new one past it ends the oldest. Default 10. */
  maxPerMember?: number;
}

/** How long an evicted stream's client waits before trying again, so that eleven tabs do not take turns every few seconds. */
export const EVICTED_RETRY_MS = 60_000;

const RESYNC_FRAME: LiveFrame = { data: JSON.stringify({ type: 'resync' } satisfies LiveEvent) };

export function frameOf(event: LiveEvent): LiveFrame {
  if (event.type === 'resync') return RESYNC_FRAME;
  const data = JSON.stringify(event);
  return event.type === 'message' ? { id: String(event.message.messageId), data } : { data };
}

/**
 * The live channel's hub (decision 0025). Its only state is this instance's registry of open
 * streams; every event goes over the invalidation bus (topic `live`), whose publish runs this
 * instance's handler at once and the other instances' within milliseconds, and each instance
 * writes it to the streams of the recipients it holds.
 */
export function createLiveHub({ bus, log = () => {}, maxPerMember = 10 }: LiveHubOptions): LiveHub {
  const byUser = new Map<number, Set<LiveConnection>>();
  const counts = { notes: 0, delivered: 0, dropped: 0, evicted: 0, resyncs: 0 };
  let open = 0;
  let closed = false;

  const write = (connection: LiveConnection, frame: LiveFrame) => {
    if (connection.write(frame)) counts.delivered++;
    else counts.dropped++;
  };
  const everyConnection = () => [...byUser.values()].flatMap((set) => [...set]);

  const unsubscribe = bus.subscribe(LIVE_TOPIC, (key) => {
    // The bus reconnected (or someone published the topic without a key): events may be lost.
    if (key === undefined) {
      counts.resyncs++;
      for (const connection of everyConnection()) write(connection, RESYNC_FRAME);
      return;
    }
    const note = decodeNote(key);
    if (!note) {
      log('live note ignored: not one of ours');
      return;
    }
    const frame = frameOf(note.event);
    for (const userId of note.userIds) {
      const set = byUser.get(userId);
      if (set) for (const connection of [...set]) write(connection, frame);
    }
  });

  return {
    send(userIds, event) {
      if (closed) return;
      const recipients = [...new Set(userIds)].filter((id) => Number.isSafeInteger(id) && id > 0);
      if (recipients.length === 0) return;
      for (const key of encodeNotes(recipients, event)) {
        counts.notes++;
        bus.publish(LIVE_TOPIC, key);
      }
    },
    attach(connection) {
      if (closed) {
        connection.end();
        return () => {};
      }
      const { userId } = connection;
      let set = byUser.get(userId);
      if (!set) {
        set = new Set();
        byUser.set(userId, set);
      }
      const own = set;
      own.add(connection);
      open++;
      // A Set keeps insertion order: the first is the oldest.
      for (const oldest of own) {
        if (own.size <= maxPerMember) break;
        own.delete(oldest);
        open--;
        counts.evicted++;
        oldest.end(EVICTED_RETRY_MS);
      }
      return () => {
        if (!own.delete(connection)) return;
        open--;
        if (own.size === 0 && byUser.get(userId) === own) byUser.delete(userId);
      };
    },
    connections: () => open,
    stats: () => ({ connections: open, members: byUser.size, ...counts }),
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      const all = everyConnection();
      for (const set of byUser.values()) set.clear();
      byUser.clear();
      open = 0;
      for (const connection of all) connection.end();
    },
  };
}

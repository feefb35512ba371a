import type { ServerResponse } from 'node:http';
import type { SSEMessage, SSEReplyInterface } from '@fastify/sse';
import type { LiveConnection, LiveFrame } from './live.service.ts';

/**
 * Bytes a stream may hold back for a client that does not read, beyond what the socket and Node's
 * own buffer (16 KiB) already took. Past it the stream is dropped: the client reconnects and reads
 * what it missed, instead of this process buffering without bound.
 */
export const MAX_HELD_BYTES = 64 * 1024;

/** A stream as the hub sees it, and the route's one call to write the stream's opening block. */
export interface OpeningConnection extends LiveConnection {
  /**
   * Writes the opening block, then what the hub handed over since the connection was made, in
   * order. Until then nothing goes out: an event sent while the route was reading what the opening
   * block says (the unread totals) comes after it, so it is the event's newer total that stands.
   */
  open(first: SSEMessage): Promise<void>;
}

/**
 * One member's stream as the hub sees it, over @fastify/sse's reply. Frames wait until the opening
 * block is written (`open`), then go straight to the socket while it takes them; once the socket is
 * full (Node asks to wait for 'drain') they wait here, in order, up to MAX_HELD_BYTES, and the
 * stream is destroyed past that.
 */
export function sseConnection(
  userId: number,
  sse: SSEReplyInterface,
  raw: ServerResponse,
  maxHeldBytes = MAX_HELD_BYTES,
): OpeningConnection {
  const held: SSEMessage[] = [];
  let heldBytes = 0;
  let opened = false;
  // A send resolves once its bytes are handed over (or the socket failed); either way nothing to do.
  const put = (message: SSEMessage) => void sse.send(message).catch(() => {});
  const flush = () => {
    while (opened && held.length > 0 && !raw.writableNeedDrain && sse.isConnected) {
      const message = held.shift() as SSEMessage;
      heldBytes -= sizeOf(message);
      put(message);
    }
  };
  raw.on('drain', flush);

  return {
    userId,
    write(frame: LiveFrame) {
      if (!sse.isConnected) return true;
      const message: SSEMessage = frame.id === undefined ? { data: frame.data } : { id: frame.id, data: frame.data };
      if (opened && held.length === 0 && !raw.writableNeedDrain) {
        put(message);
        return true;
      }
      heldBytes += sizeOf(message);
      if (heldBytes > maxHeldBytes) {
        held.length = 0;
        heldBytes = 0;
        raw.destroy();
        return false;
      }
      held.push(message);
      return true;
    },
    async open(first) {
      await sse.send(first).catch(() => {});
      opened = true;
      flush();
    },
    end(retryMs) {
      if (!sse.isConnected) return;
      if (retryMs !== undefined) put({ data: undefined, retry: retryMs });
      sse.close();
    },
  };
}

const sizeOf = (message: SSEMessage) => (message.data as string).length + (message.id?.length ?? 0) + 16;

import type { ServerResponse } from 'node:http';
import type { SSEMessage, SSEReplyInterface } from '@fastify/sse';
import type { LiveConnection, LiveFrame } from './live.service.ts';

/**
 * Bytes a stream may hold back for a client that does not read, beyond what the socket and Node's
 * own buffer (16 KiB) already took. Past it the stream is dropped: the client reconnects and reads
 * what it missed, instead of this process buffering without bound.
 */
export const MAX_HELD_BYTES = 64 * 1024;

/**
 * One member's stream as the hub sees it, over @fastify/sse's reply. Frames go straight to the
 * socket while it takes them; once the socket is full (Node asks to wait for 'drain') they wait
 * here, in order, up to MAX_HELD_BYTES, and the stream is destroyed past that.
 */
export function sseConnection(userId: number, sse: SSEReplyInterface, raw: ServerResponse, maxHeldBytes = MAX_HELD_BYTES): LiveConnection {
  const held: SSEMessage[] = [];
  let heldBytes = 0;
  // A send resolves once its bytes are handed over (or the socket failed); either way nothing to do.
  const put = (message: SSEMessage) => void sse.send(message).catch(() => {});
  const flush = () => {
    while (held.length > 0 && !raw.writableNeedDrain && sse.isConnected) {
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
      if (held.length === 0 && !raw.writableNeedDrain) {
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
    end(retryMs) {
      if (!sse.isConnected) return;
      if (retryMs !== undefined) put({ data: undefined, retry: retryMs });
      sse.close();
    },
  };
}

const sizeOf = (message: SSEMessage) => (message.data as string).length + (message.id?.length ?? 0) + 16;

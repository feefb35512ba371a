import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { SSEMessage, SSEReplyInterface } from '@fastify/sse';
import { describe, expect, it } from 'vitest';
import { sseConnection } from './live-connection.ts';

/**
 * The stream's order as the member's browser receives it. @fastify/sse's reply and Node's response
 * are stood in for by what they show the connection: whether the socket wants a drain, and what was
 * sent, in order.
 */
function socket() {
  const raw = Object.assign(new EventEmitter(), { writableNeedDrain: false, destroyed: false, destroy: () => {} });
  const sent: SSEMessage[] = [];
  const sse = { isConnected: true, send: async (m: SSEMessage) => void sent.push(m), close: () => {} };
  return { raw, sent, sse, data: () => sent.map((m) => m.data) };
}

describe('a live connection', () => {
  it('holds what the hub hands over until its opening block is out, then sends it after, in order', async () => {
    const s = socket();
    const connection = sseConnection(7, s.sse as unknown as SSEReplyInterface, s.raw as unknown as ServerResponse);
    // The route attached the stream and is reading the member's totals: two events arrive meanwhile.
    connection.write({ id: '11', data: '{"type":"message","unreadCount":3}' });
    connection.write({ data: '{"type":"notification","unreadCount":5}' });
    expect(s.sent).toEqual([]);
    await connection.open({ id: '0', retry: 3000, data: '{"type":"counts","messages":2,"notifications":4}' });
    expect(s.data()).toEqual([
      '{"type":"counts","messages":2,"notifications":4}',
      '{"type":"message","unreadCount":3}',
      '{"type":"notification","unreadCount":5}',
    ]);
    expect(s.sent[1]?.id).toBe('11');
    // Open: straight through.
    connection.write({ data: '{"type":"resync"}' });
    expect(s.data().at(-1)).toBe('{"type":"resync"}');
  });

  it('after the opening block, a full socket still holds events until it drains', async () => {
    const s = socket();
    const connection = sseConnection(7, s.sse as unknown as SSEReplyInterface, s.raw as unknown as ServerResponse);
    s.raw.writableNeedDrain = true;
    connection.write({ data: 'a' });
    await connection.open({ id: '0', data: 'first' });
    expect(s.data()).toEqual(['first']);
    s.raw.writableNeedDrain = false;
    s.raw.emit('drain');
    expect(s.data()).toEqual(['first', 'a']);
  });

  it('a client that stops reading while the stream opens is dropped past the held bytes, not buffered without end', () => {
    const s = socket();
    let destroyed = 0;
    s.raw.destroy = () => {
      destroyed++;
    };
    const connection = sseConnection(7, s.sse as unknown as SSEReplyInterface, s.raw as unknown as ServerResponse, 100);
    expect(connection.write({ data: 'x'.repeat(60) })).toBe(true);
    expect(connection.write({ data: 'x'.repeat(60) })).toBe(false);
    expect(destroyed).toBe(1);
  });
});

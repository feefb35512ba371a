import { type IncomingHttpHeaders, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One block of a Server-Sent Events stream as a browser's EventSource reads it, with when it arrived. */
export interface SseBlock {
  id?: string;
  data?: string;
  retry?: number;
  /** Comment lines (`: heartbeat`). */
  comments: string[];
  /** performance.now() when its last byte arrived. */
  at: number;
}

export interface SseClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body of an answer that is not a stream (401, 406). */
  body: string;
  /** Every block so far, in order. */
  blocks: SseBlock[];
  /** The id the browser would send as Last-Event-ID on reconnecting (the last `id:` seen). */
  lastEventId: string | undefined;
  /**
   * The next block with data after the stream's opening block (`blocks[0]`: the unread totals, or
   * resync) and the ones already taken (heartbeats and control blocks skipped).
   */
  next(timeoutMs?: number): Promise<SseBlock & { event: { type: string } & Record<string, unknown> }>;
  /** Resolves once `check` holds for the blocks received so far. */
  until(check: (blocks: SseBlock[]) => boolean, timeoutMs?: number, what?: string): Promise<void>;
  /** Kills the connection as a network failure would (no goodbye). */
  kill(): void;
  /** Resolves when the server ended or the connection broke. */
  ended: Promise<void>;
}

/**
 * A real HTTP/1.1 connection to an SSE endpoint (no Fastify inject: the stream never ends), read as
 * EventSource reads it. Resolves once the answer's headers and, for a stream, its first block came.
 */
export function openSse(url: string, headers: Record<string, string> = {}, opts: { firstBlock?: boolean } = {}): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const blocks: SseBlock[] = [];
    const waiters = new Set<() => void>();
    const notify = () => {
      for (const w of [...waiters]) w();
    };
    // The opening block is looked at as blocks[0]; next() hands out what came after it.
    let cursor = 1;
    let buffer = '';
    let body = '';
    let markEnded: () => void = () => {};
    const ended = new Promise<void>((r) => {
      markEnded = r;
    });
    const req = request(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
    const until: SseClient['until'] = (check, timeoutMs = 2000, what = 'the stream') =>
      new Promise((ok, fail) => {
        if (check(blocks)) return ok();
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          fail(
            new Error(
              `timed out after ${timeoutMs} ms waiting for ${what}; got ${JSON.stringify(blocks.map((b) => b.data ?? b.comments))}`,
            ),
          );
        }, timeoutMs);
        const waiter = () => {
          if (!check(blocks)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          ok();
        };
        waiters.add(waiter);
      });
    const client: SseClient = {
      status: 0,
      headers: {},
      body: '',
      blocks,
      lastEventId: undefined,
      async next(timeoutMs = 2000) {
        const hasData = (from: number) => blocks.slice(from).some((b) => b.data !== undefined);
        await until(() => hasData(cursor), timeoutMs, 'an event');
        while ((blocks[cursor] as SseBlock).data === undefined) cursor++;
        const block = blocks[cursor++] as SseBlock;
        return { ...block, event: JSON.parse(block.data as string) };
      },
      until,
      kill: () => req.destroy(),
      ended,
    };
    req.on('response', (res) => {
      client.status = res.statusCode ?? 0;
      client.headers = res.headers;
      res.setEncoding('utf8');
      const stream = String(res.headers['content-type']).startsWith('text/event-stream');
      if (!stream || opts.firstBlock === false) {
        if (!stream) res.on('end', () => resolve(Object.assign(client, { body })));
        else resolve(client);
      }
      res.on('data', (chunk: string) => {
        if (!stream) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = parseBlock(buffer.slice(0, end));
          blocks.push(block);
          if (block.id !== undefined) client.lastEventId = block.id;
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
        if (blocks.length > 0) resolve(client);
        notify();
      });
      res.on('error', () => {}); // a killed connection: `ended` says so
      res.on('close', () => {
        markEnded();
        notify();
      });
    });
    req.on('error', (error) => {
      markEnded();
      reject(error);
    });
    req.end();
  });
}

function parseBlock(text: string): SseBlock {
  const block: SseBlock = { comments: [], at: performance.now() };
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) {
      block.comments.push(line.slice(1).trim());
      continue;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') block.id = value;
    else if (field === 'data') block.data = block.data === undefined ? value : `${block.data}\n${value}`;
    else if (field === 'retry') block.retry = Number(value);
  }
  return block;
}

/**
 * A CPU profile of a running server over the DevTools protocol (its --inspect port), and its samples
 * given to the innermost part of the code each is in (the embedded database, React's render, our
 * modules, …): scripts/bench/profile.ts (pages and calls under load) and the fan-out bench.
 */

/** A .cpuprofile's nodes and samples (what self time is counted from). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { url: string; functionName: string } }>;
  samples: number[];
}

/** The server's profiler over the DevTools protocol (its --inspect port): on while `during` runs only. */
export async function profiled<T>(inspectPort: number, during: () => Promise<T>): Promise<[T, CpuProfile]> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json()) as Array<{ webSocketDebuggerUrl: string }>;
  const ws = new WebSocket(target?.webSocketDebuggerUrl as string);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 0;
  const pending = new Map<number, (r: unknown) => void>();
  ws.onmessage = (m) => {
    const msg = JSON.parse(String(m.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) pending.get(msg.id)?.(msg.result);
  };
  const send = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
  await send('Profiler.enable');
  await send('Profiler.setSamplingInterval', { interval: 200 });
  await send('Profiler.start');
  const result = await during();
  const { profile } = (await send('Profiler.stop')) as { profile: CpuProfile };
  ws.close();
  return [result, profile];
}

export function shares(profile: CpuProfile) {
  const part = (url: string, fn: string): string => {
    if (fn === '(garbage collector)') return 'GC';
    if (fn === '(idle)' || fn === '(program)') return fn;
    if (url.includes('@electric-sql/pglite')) return 'embedded database (PGlite)';
    if (url.includes('/kysely/')) return 'Kysely';
    if (url.includes('react-dom')) return "React's render (react-dom)";
    if (url.includes('/react/')) return 'React';
    if (url.includes('react-router') || url.includes('turbo-stream')) return 'React Router';
    if (url.includes('fastify') || url.includes('find-my-way') || url.includes('light-my-request') || url.includes('avvio'))
      return 'Fastify';
    if (url.includes('/jose/')) return 'jose (JWT)';
    if (url.includes('/zod/')) return 'Zod';
    if (url.includes('apps/web/build/server')) return 'the pages (web build)';
    const own = /apps\/api\/src\/(modules\/[^/]+|[^/]+)/.exec(url);
    if (own) return `api: ${own[1]}`;
    if (url.includes('node_modules/')) return `lib: ${/node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]}`;
    if (url.startsWith('node:') || url === '') return fn ? `node/native (${fn === '' ? '?' : 'builtins'})` : 'node/native';
    if (url.startsWith('wasm://')) return 'embedded database (PGlite)';
    return `other: ${url.slice(0, 80)} ${fn}`;
  };
  return tally(profile, new Map(profile.nodes.map((n) => [n.id, part(n.callFrame.url, n.callFrame.functionName)])));
}

/** Each label's share of the samples outside idle, largest first (`labels`: a node's label by its id). */
function tally(profile: CpuProfile, labels: Map<number, string>) {
  const counts = new Map<string, number>();
  let total = 0;
  for (const id of profile.samples) {
    const l = labels.get(id) ?? 'other';
    if (l === '(idle)') continue;
    counts.set(l, (counts.get(l) ?? 0) + 1);
    total += 1;
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([l, n]) => [l, (n / total) * 100] as const);
}

/** The functions with the most self time (outside idle), each as `name (file:line)` and its share. */
export function hottest(profile: CpuProfile, count = 15) {
  const label = new Map(
    profile.nodes.map((n) => {
      const f = n.callFrame as CpuProfile['nodes'][number]['callFrame'] & { lineNumber?: number };
      const file = f.url.replace(/^.*\/(node_modules\/|apps\/|scripts\/)/, '$1');
      return [n.id, f.functionName === '(idle)' ? '(idle)' : `${f.functionName || '(anonymous)'} (${file}:${(f.lineNumber ?? 0) + 1})`];
    }),
  );
  return tally(profile, label).slice(0, count);
}

import autocannon from './autocannon.ts';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

export interface LoadOptions {
  /** Sent with every request: a member's `Cookie: ACCESS_TOKEN=…` (pages) or `Authorization: Bearer …` (API calls). */
  headers?: Record<string, string>;
  /**
   * All connections walk one sequence through `paths` together, each request taking the next path,
   * instead of each connection cycling from the first: over 3,000 pages, 50 connections then ask
   * for 50 different pages at a time rather than the same one 50 times (each a cache miss).
   */
  shared?: boolean;
}

/**
 * A bounded load run on loopback: fixed connections and duration, then it stops by itself. With
 * several `paths`, each connection cycles through them (many pages rather than one cached one).
 */
export async function load(
  origin: string,
  paths: string[],
  connections: number,
  seconds: number,
  options: LoadOptions = {},
): Promise<LoadResult> {
  let next = 0;
  const r = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    pipelining: 1,
    headers: options.headers ?? {},
    ...(paths.length === 1
      ? { url: origin + paths[0] }
      : options.shared
        ? {
            requests: [
              {
                method: 'GET' as const,
                setupRequest: (request: autocannon.Request) => ({ ...request, path: paths[next++ % paths.length] as string }),
              },
            ],
          }
        : { requests: paths.map((path) => ({ method: 'GET' as const, path })) }),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    bytes: r.throughput.total,
  };
}

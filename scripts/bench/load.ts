import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  bytes: number;
}

/**
 * A bounded load run on loopback: fixed connections and duration, then it stops by itself. With
 * several `paths`, each connection cycles through them (many pages rather than one cached one).
 */
export async function load(origin: string, paths: string[], connections: number, seconds: number): Promise<LoadResult> {
  const r = await autocannon({
    url: origin,
    connections,
    duration: seconds,
    pipelining: 1,
    ...(paths.length === 1 ? { url: origin + paths[0] } : { requests: paths.map((path) => ({ method: 'GET' as const, path })) }),
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

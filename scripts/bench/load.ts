import autocannon from 'autocannon';

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A bounded load run on loopback: fixed connections and duration, then it stops by itself. */
export async function load(url: string, connections = 100, seconds = 5): Promise<LoadResult> {
  const r = await autocannon({ url, connections, duration: seconds, pipelining: 1 });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

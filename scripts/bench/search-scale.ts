import { performance } from 'node:perf_hooks';
import { SECTORS } from '@beesang/contract';
import { companyName } from '../../apps/api/src/db/seed/names.ts';
import { createRandom } from '../../apps/api/src/db/seed/random.ts';
import { systemClock } from '../../apps/api/src/lib/clock.ts';
import { createSearchIndex } from '../../apps/api/src/modules/stock/search-index.ts';

/** Search latency over `count` companies, in process (no HTTP, no database). */
export async function searchAtScale(count = 20_000, queries = 4000) {
  const random = createRandom(7);
  const taken = new Set<string>();
  const rows = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    code: String(100000 + i),
    name: companyName(random, random.pick(SECTORS), taken),
    logo_url: '',
    labels: [i % 7 === 0 ? 'UNISSUED' : 'KOTC'],
    current_price: 1000 + i,
    view_count: random.int(0, 10_000),
    price_source: 'DEMO' as const,
    price_updated_at: new Date(0),
    price_trade_count: 0,
  }));
  const index = createSearchIndex(async () => rows, systemClock, Number.POSITIVE_INFINITY);
  await index.warm();
  const words = ['비상', 'ㅂㅅ', '비ㅅ', '빗', '1234', '1000', '테크', 'ㅋㅇ', '바이오', 'ㄴㅅㅌ', 'ai', '없는회사', '한빛반도체', 'ㅎㅂ'];
  const samples: number[] = [];
  for (let i = 0; i < queries; i++) {
    const q = words[i % words.length] as string;
    const t = performance.now();
    index.searchSync(q);
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] as number;
  return { count, queries, p50: at(50), p99: at(99) };
}

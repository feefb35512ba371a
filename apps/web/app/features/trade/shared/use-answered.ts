import { useState } from 'react';

const NONE: ReadonlyMap<number, never> = new Map<number, never>();

/**
 * Listings changed on this page, shown as the server answered them until the server's next page
 * (a revalidation after the change, another filter or page) replaces `page`: the answers belong to
 * the page they were given on and go with it, no effect needed to clear them.
 */
export function useAnswered<V>(page: unknown) {
  const [answers, setAnswers] = useState<{ page: unknown; map: ReadonlyMap<number, V> }>({ page, map: NONE });
  const map: ReadonlyMap<number, V> = answers.page === page ? answers.map : NONE;
  const answer = (tradeIdx: number, value: V) =>
    setAnswers((current) => ({ page, map: new Map(current.page === page ? current.map : NONE).set(tradeIdx, value) }));
  return [map, answer] as const;
}

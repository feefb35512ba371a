import { type MessageCaution, scamSignals } from '@beesang/contract';

/**
 * Why a message's recipient is shown '외부 연락·선입금 요구는 사기일 수 있어요' (issue 22 §4): phone
 * numbers, messenger and open-chat links, account numbers and the FSS's scam phrases. Each kind once.
 */
export function cautionsOf(text: string): MessageCaution[] {
  const kinds = new Set<MessageCaution>();
  for (const s of scamSignals(text)) kinds.add(s.kind);
  return [...kinds];
}

import type { Message } from '@beesang/contract';

/** Messages by id, ascending: whatever arrives twice (a live event and a catch-up read) is shown once. */
export function mergeMessages(shown: readonly Message[], incoming: readonly Message[]): Message[] {
  if (incoming.length === 0) return shown as Message[];
  const byId = new Map<number, Message>();
  for (const m of shown) byId.set(m.messageId, m);
  for (const m of incoming) byId.set(m.messageId, m);
  return [...byId.values()].sort((a, b) => a.messageId - b.messageId);
}

export const lastMessageId = (messages: readonly Message[]) => messages.at(-1)?.messageId ?? 0;

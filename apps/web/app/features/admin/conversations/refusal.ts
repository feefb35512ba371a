import { dealMessages, messages } from '@beesang/contract';

/**
 * Why the console will not show a conversation, as the reading's refusal says it: only a reported
 * one may be read, and an id that names none. Null for anything else (the page offers 다시 시도).
 */
export function refusalOf(error: unknown): string | null {
  const e = error as { statusCode?: unknown; code?: unknown } | null;
  if (e?.code === 'NOT_REPORTED') return messages.adminConversationNotReported;
  if (e?.statusCode === 404 || e?.statusCode === 400) return dealMessages.conversationNotFound;
  return null;
}

import type { ConversationDetail, Deal, DealOfferBody, DealReviewBody, MemberPage, Message } from '@beesang/contract';
import { apiFetch } from '../../../lib/api-client';
import type { ConversationList } from '../../../lib/ssr-reads';

/** The deal and conversation calls of issue 22; answers are the contract's shapes inside `{ result }`. */

export type { ConversationList };

export const INBOX_PAGE_SIZE = 20;
export const conversationsPath = (page = 1, size = INBOX_PAGE_SIZE) => `/api/conversations?page=${page}&size=${size}`;
export const conversationPath = (id: number) => `/api/conversations/${id}`;
export const messagesPath = (id: number, after: number) => `/api/conversations/${id}/messages?after=${after}`;
export const memberPath = (userIdx: number) => `/api/members/${userIdx}`;
export const dealPath = (dealId: number, action: DealAction) => `/api/deals/${dealId}/${action}`;

const post = (body?: unknown) => ({ method: 'POST', body: JSON.stringify(body ?? {}) });

export function startDeal(body: DealOfferBody, idempotencyKey: string): Promise<{ dealId: number; conversationId: number }> {
  return apiFetch('/api/deals', { ...post(body), headers: { 'idempotency-key': idempotencyKey } });
}

/** The answers without a body: accept, withdraw, confirm, cancel. */
export type DealAction = 'accept' | 'withdraw' | 'confirm' | 'cancel' | 'counter' | 'decline' | 'review';

export function dealStep(dealId: number, action: 'accept' | 'withdraw' | 'confirm' | 'cancel'): Promise<Deal> {
  return apiFetch<Deal>(dealPath(dealId, action), post());
}

export function counterDeal(dealId: number, body: { stockCount: number; stockPerPrice: number; message?: string }): Promise<Deal> {
  return apiFetch<Deal>(dealPath(dealId, 'counter'), post(body));
}

export function declineDeal(dealId: number, reason: string): Promise<Deal> {
  return apiFetch<Deal>(dealPath(dealId, 'decline'), post({ reason }));
}

export function reviewDeal(dealId: number, body: DealReviewBody): Promise<boolean> {
  return apiFetch<boolean>(dealPath(dealId, 'review'), post(body));
}

export function fetchConversations(page = 1, signal?: AbortSignal): Promise<ConversationList> {
  return apiFetch<ConversationList>(conversationsPath(page), { signal });
}

export function fetchConversation(id: number, signal?: AbortSignal): Promise<ConversationDetail> {
  return apiFetch<ConversationDetail>(conversationPath(id), { signal });
}

export function fetchMessages(id: number, after: number, signal?: AbortSignal): Promise<{ data: Message[] }> {
  return apiFetch<{ data: Message[] }>(messagesPath(id, after), { signal });
}

export function sendMessage(id: number, text: string): Promise<Message> {
  return apiFetch<Message>(`${conversationPath(id)}/messages`, post({ text }));
}

export function markRead(id: number, messageId: number): Promise<boolean> {
  return apiFetch<boolean>(`${conversationPath(id)}/read`, post({ messageId }));
}

export function setBlocked(id: number, blocked: boolean): Promise<boolean> {
  return apiFetch<boolean>(`${conversationPath(id)}/block`, blocked ? post() : { method: 'DELETE' });
}

export function fetchMember(userIdx: number, signal?: AbortSignal): Promise<MemberPage> {
  return apiFetch<MemberPage>(memberPath(userIdx), { signal });
}

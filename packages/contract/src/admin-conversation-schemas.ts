import { conversationListingSchema, dealPersonSchema, messageSchema } from './deal-schemas.ts';
import { z } from './zod.ts';

/**
 * A reported conversation as a moderator reads it in the console (issue 22 §4): both members, the
 * listing, and its messages in the order they were written, each with its cautions. Every reading
 * is an audit entry ('conversation.read'); only a conversation someone reported can be read.
 */

/** The most messages one reading returns (the oldest first); `messageCount` says how many there are. */
export const ADMIN_CONVERSATION_MESSAGES_MAX = 2000;

export const adminConversationSchema = z.object({
  conversationId: z.number().int(),
  listing: conversationListingSchema,
  /** The listing's owner, and the member who wrote to them; '탈퇴한 회원' once one left. */
  owner: dealPersonSchema,
  member: dealPersonSchema,
  /** The oldest first, at most ADMIN_CONVERSATION_MESSAGES_MAX. */
  messages: z.array(messageSchema),
  messageCount: z.number().int(),
  /** Reports filed on the conversation (open and resolved), and which of the two members filed them. */
  reportCount: z.number().int(),
  reportedBy: z.array(z.number().int()),
  createdAt: z.string(),
});
export type AdminConversation = z.infer<typeof adminConversationSchema>;

/** How far back the console's count of messages with cautions looks. */
export const CAUTION_WINDOW_DAYS = 7;
/** How many members the count names (those who sent the most). */
export const CAUTION_TOP_SENDERS = 5;

/** GET /api/admin/cautions: messages shown with the caution line lately, and who sent the most. */
export const adminCautionsSchema = z.object({
  /** Start of the window (ISO), CAUTION_WINDOW_DAYS before now. */
  since: z.string(),
  total7d: z.number().int(),
  topSenders: z.array(z.object({ userIdx: z.number().int(), userNickname: z.string(), count: z.number().int() })),
});
export type AdminCautions = z.infer<typeof adminCautionsSchema>;

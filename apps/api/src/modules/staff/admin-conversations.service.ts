import { type AdminCautions, type AdminConversation, CAUTION_TOP_SENDERS, CAUTION_WINDOW_DAYS } from '@beesang/contract';
import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import type { ReportService } from '../report/report.service.ts';
import { type Actor, type AuditRepository, auditedChange } from './audit.repository.ts';
import type { StaffRepository } from './staff.repository.ts';

/** What the console reads of the deal module's conversations, through its ConversationService. */
export interface ConversationReading {
  forOperator(tx: Db, id: number): Promise<Omit<AdminConversation, 'reportCount' | 'reportedBy'> | undefined>;
  cautionCounts(since: Date, top: number): Promise<{ total: number; senders: AdminCautions['topSenders'] }>;
}

const DAY_MS = 86_400_000;

/**
 * Reported conversations in the console (issue 22 §4). Two members' messages are private: an
 * operator reads only a conversation one of them reported, and every reading is both an audit entry
 * (in the reading's transaction: no entry, no reading) and a look at each member's data in the
 * access log (SECURITY.md 24).
 */
export function createAdminConversationsService(deps: {
  db: Db;
  audit: AuditRepository;
  staff: StaffRepository;
  reports: ReportService;
  conversations: () => ConversationReading;
  clock: Clock;
}) {
  const { db, audit, staff, reports, conversations, clock } = deps;
  const change = auditedChange(db, audit, () => clock.now());
  return {
    async read(actor: Actor, id: number): Promise<AdminConversation> {
      return change(
        actor,
        (c: AdminConversation) => ({
          action: 'conversation.read',
          targetType: 'CONVERSATION',
          targetId: id,
          detail: { owner: c.owner.userIdx, member: c.member.userIdx, messages: c.messageCount, reports: c.reportCount },
        }),
        async (tx) => {
          const reporters = await reports.reporters(tx, 'conversation', id);
          if (reporters.length === 0) throw new AppError(403, 'adminConversationNotReported', 'NOT_REPORTED');
          const view = await conversations().forOperator(tx, id);
          if (!view) throw new AppError(404, 'conversationNotFound', 'NOT_FOUND');
          const at = clock.now();
          await staff.logEach(
            tx,
            [view.owner.userIdx, view.member.userIdx].map((targetUserId) => ({
              staffUserId: actor.id,
              targetUserId,
              action: 'conversation.read',
              detail: `messages of reported conversation ${id}`,
              ip: actor.ip,
              at,
            })),
          );
          return { ...view, reportCount: reporters.length, reportedBy: [...new Set(reporters)].sort((a, b) => a - b) };
        },
      );
    },

    /** Messages shown with the caution line in the last CAUTION_WINDOW_DAYS, and who sent the most (the console's home). */
    async cautions(): Promise<AdminCautions> {
      const since = new Date(clock.now().getTime() - CAUTION_WINDOW_DAYS * DAY_MS);
      const { total, senders } = await conversations().cautionCounts(since, CAUTION_TOP_SENDERS);
      return { since: since.toISOString(), total7d: total, topSenders: senders };
    },
  };
}
export type AdminConversationsService = ReturnType<typeof createAdminConversationsService>;

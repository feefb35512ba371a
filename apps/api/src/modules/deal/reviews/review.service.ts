import { type DealReviewBody, ExpertType, type MemberPage, REVIEW_TAGS, type Trade, UserLevel } from '@beesang/contract';
import type { Db } from '../../../db/database.ts';
import { unitOfWork } from '../../../db/unit-of-work.ts';
import type { Clock } from '../../../lib/clock.ts';
import { AppError } from '../../../lib/errors.ts';
import type { DealMember } from '../conversations/conversation.service.ts';
import type { DealsRepository } from '../offers/deals.repository.ts';
import { personOf } from '../shared/views.ts';
import type { ReviewsRepository } from './reviews.repository.ts';

const EXPERT_NAMES = Object.fromEntries(Object.entries(ExpertType).map(([name, code]) => [code, name])) as Record<number, string>;
const GOOD_TAGS: readonly string[] = REVIEW_TAGS.good;

/** What the member page needs of a member and their listings, from the modules that own them. */
export interface MemberFacts {
  profile(userId: number): Promise<
    | {
        id: number;
        nickname: string;
        profile_image_url: string;
        public_expert_type: number;
        public_expert_name: string | null;
        user_level: number;
        created_at: Date;
        deleted_at: Date | null;
      }
    | undefined
  >;
  openListings(userId: number, viewerId: number | null): Promise<Trade[]>;
}

/**
 * Reviews and the trust summary (issue 22 §3): after a deal both sides confirmed, each may review the
 * other once; a member's page sums them up with their confirmed trades and open listings.
 */
export function createReviewService(deps: {
  db: Db;
  deals: DealsRepository;
  reviews: ReviewsRepository;
  members: MemberFacts;
  clock: Clock;
  /** Tells every instance a member's page changed (their cached page drops). */
  memberChanged: (tx: Db, userId: number) => void;
}) {
  const { db, deals, reviews, members, clock } = deps;
  return {
    async review(member: DealMember, dealId: number, body: Required<DealReviewBody>) {
      const tags = body.good ? body.tags.filter((t) => GOOD_TAGS.includes(t)) : body.tags.filter((t) => !GOOD_TAGS.includes(t));
      if (tags.length !== body.tags.length)
        throw new AppError(400, 'reviewTagInvalid', 'BAD_REQUEST', { fields: { tags: '좋아요·아쉬워요에 맞는 태그를 골라주세요.' } });
      await unitOfWork(db, async (tx) => {
        const d = await deals.lock(tx, dealId);
        if (!d || (d.seller_id !== member.id && d.buyer_id !== member.id)) throw new AppError(404, 'dealNotFound', 'NOT_FOUND');
        if (d.status !== 'CONFIRMED') throw new AppError(409, 'reviewNotAllowed', 'NOT_CONFIRMED');
        const reviewee = d.seller_id === member.id ? d.buyer_id : d.seller_id;
        const added = await reviews.insert(tx, {
          dealId,
          reviewerId: member.id,
          revieweeId: reviewee,
          good: body.good,
          tags,
          text: body.text,
          at: clock.now(),
        });
        if (!added) throw new AppError(409, 'reviewTwice', 'REVIEWED');
        deps.memberChanged(tx, reviewee);
      });
    },

    async page(userId: number, viewerId: number | null): Promise<MemberPage> {
      const profile = await members.profile(userId);
      if (!profile) throw new AppError(404, 'dealMemberNotFound', 'NOT_FOUND');
      const deleted = profile.deleted_at !== null;
      const [trust, tags, recent, listings] = await Promise.all([
        reviews.trustOf([userId]),
        reviews.tagCounts(userId),
        reviews.about(userId, 20),
        deleted ? Promise.resolve([]) : members.openListings(userId, viewerId),
      ]);
      const summary = trust.get(userId) ?? { confirmed: 0, good: 0, bad: 0 };
      const face = personOf(profile.id, profile.nickname, profile.profile_image_url, profile.deleted_at);
      return {
        userIdx: profile.id,
        userNickname: face.userNickname,
        profileImageUrl: face.profileImageUrl,
        expertType: deleted ? 'NORMAL' : (EXPERT_NAMES[profile.public_expert_type] ?? 'NORMAL'),
        expertName: deleted ? '' : (profile.public_expert_name ?? ''),
        memberSince: profile.created_at.toISOString(),
        identityVerified: profile.user_level >= UserLevel.REGULAR,
        confirmedTrades: summary.confirmed,
        goodReviews: summary.good,
        badReviews: summary.bad,
        tags,
        reviews: recent.map((r) => ({
          good: r.good,
          tags: r.tags,
          text: r.text,
          reviewer: personOf(r.reviewer_id, r.nickname, r.profile_image_url, r.deleted_at),
          createdAt: r.created_at.toISOString(),
        })),
        listings,
        deleted,
      };
    },
  };
}
export type ReviewService = ReturnType<typeof createReviewService>;

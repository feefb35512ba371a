import { type UserDetail, UserLevel } from '@beesang/contract';

/** A signed-in member as GET /api/user/myPage/detail describes one (COMMON: not identity-verified). */
export const TEST_MEMBER: UserDetail = {
  userIdx: 7,
  userLevel: UserLevel.COMMON,
  userNickname: '비상개미',
  userName: '비상개미',
  userEmail: 'ant@beesang.kr',
  profileImageUrl: '',
  expertType: 'NORMAL',
  expertName: '',
  officeName: '',
  officeDept: '',
  introduction: '',
  sanctionState: 0,
  sanctionEndsAt: null,
  staffRole: null,
  phoneMasked: '010-****-5678',
  expertStatus: null,
  expertRejectReason: '',
  expertProofUrl: '',
  expertSubmittedAt: null,
  expertDecidedAt: null,
};

/** The same member once identity-verified (REGULAR): may register listings and write. */
export const REGULAR_MEMBER: UserDetail = { ...TEST_MEMBER, userLevel: UserLevel.REGULAR };

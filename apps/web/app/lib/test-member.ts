import type { UserDetail } from '@beesang/contract';

/** A signed-in member as GET /api/user/myPage/detail describes one, for component tests. */
export const TEST_MEMBER: UserDetail = {
  userIdx: 7,
  userLevel: 1,
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
  phoneMasked: '010-****-5678',
};

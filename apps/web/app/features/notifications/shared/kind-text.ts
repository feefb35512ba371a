import type { NotificationGroup, NotificationKind } from '@beesang/contract';

/**
 * What each kind is called in the list, beside its title. Words for the web's list only; the
 * notification's own title and body come from the API. (NOTIFICATION_GROUP_TEXT in the contract
 * names the groups the settings switch.)
 */
export const NOTIFICATION_KIND_TEXT: Record<NotificationKind, string> = {
  FAVORITE_LISTING: '관심 종목 새 매물',
  PRICE_ALERT: '가격 알림',
  DEAL_OFFER: '거래 제안',
  DEAL_COUNTER: '다시 제안',
  DEAL_ACCEPTED: '제안 수락',
  DEAL_MESSAGE: '새 메시지',
  DEAL_CONFIRM_ASKED: '거래 완료 확인 요청',
  DEAL_LAPSING: '곧 만료되는 제안',
  REPORT_OUTCOME: '신고 처리 결과',
  PROOF_OUTCOME: '매물 인증 결과',
  EXPERT_OUTCOME: '전문가 심사 결과',
  SANCTION: '이용 제한',
  LISTING_ENDING: '매물 종료 예정',
  LISTING_ENDED: '매물 종료',
  SECURITY_NEW_DEVICE: '새 기기 로그인',
  SECURITY_PASSWORD: '비밀번호 변경',
  MARKETING: '광고',
};

/** Each group's mark in the list: text on its own tint, every pair AA (the tokens' ink shades). */
export const GROUP_TONE: Record<NotificationGroup, string> = {
  favoriteListings: 'bg-[#fff8e1] text-[#7a5200]',
  priceAlerts: 'bg-rise/10 text-rise-ink',
  deals: 'bg-brand/10 text-brand-hover',
  outcomes: 'bg-success/10 text-success-ink',
  security: 'bg-ink/5 text-ink',
  marketing: 'bg-line/60 text-ink-2',
};

import { tradeUiMessages } from './trade-messages.ts';

/** Korean messages of deals and conversations (issue 22): offers, counter-offers, confirmation, reviews, safety. */
export const dealMessages = {
  // Offer form.
  offerTitle: tradeUiMessages.offer,
  counterTitle: '다시 제안',
  offerCountRequired: '수량을 1주 이상 입력해주세요.',
  offerPriceRequired: '주당 가격을 1원 이상 입력해주세요.',
  countTooMany: '남은 수량보다 많이 제안할 수 없어요.',
  countFixed: '수량 협의가 안 되는 매물이에요. 남은 수량 전체로 제안해주세요.',
  priceFixed: '가격 협의가 안 되는 매물이에요. 등록된 가격으로 제안해주세요.',
  firstMessageRequired: '판매자(구매자)에게 보낼 첫 메시지를 입력해주세요.',
  messageRequired: '메시지를 입력해주세요.',
  messageTooLong: '메시지는 1,000자까지 보낼 수 있어요.',
  declineReasonRequired: '거절 사유를 입력해주세요.',
  declineReasonTooLong: '거절 사유는 200자까지 입력할 수 있어요.',
  // Refusals.
  needsVerification: '거래 제안은 본인인증을 마친 회원만 할 수 있어요.',
  ownListing: '내 매물에는 거래를 제안할 수 없어요.',
  listingClosed: '이미 끝났거나 남은 수량이 없는 매물이에요.',
  offerOpen: '답을 기다리는 제안이 있어요. 그 제안에 답하거나 철회한 뒤 다시 제안해주세요.',
  notYourTurn: '상대방의 답을 기다리는 중이에요.',
  notYours: '내가 참여한 거래가 아니에요.',
  dealNotFound: '거래를 찾을 수 없어요.',
  conversationNotFound: '대화를 찾을 수 없어요.',
  dealStateChanged: '거래 상태가 바뀌었어요. 화면을 새로 고쳐 확인해주세요.',
  notEnoughLeft: '그사이 다른 거래로 남은 수량이 줄었어요. 수량을 줄여 다시 제안해주세요.',
  blocked: '차단한(또는 나를 차단한) 회원과는 제안과 메시지를 주고받을 수 없어요.',
  stopTrade: '거래 정지 중에는 제안·수락·거래 확정을 할 수 없어요.',
  listingHasAgreedDeals: '합의된 거래가 있는 매물이에요. 먼저 거래를 확정하거나 취소해주세요.',
  countBelowReserved: '합의·완료된 수량보다 적게 줄일 수 없어요.',
  limitConversations: '새 대화는 하루 20개까지 시작할 수 있어요. 내일 다시 시도해주세요.',
  limitMessages: '메시지를 너무 빨리 보내고 있어요. 잠시 후 다시 보내주세요.',
  // Reviews.
  reviewNotAllowed: '양쪽이 확정한 거래에만 후기를 남길 수 있어요.',
  reviewTwice: '이 거래의 후기는 이미 남겼어요.',
  reviewTextTooLong: '후기는 200자까지 쓸 수 있어요.',
  reviewTagInvalid: '고를 수 없는 후기 태그예요.',
  reviewGoodRequired: '좋아요 또는 아쉬워요를 골라주세요.',
  dealMemberNotFound: '회원을 찾을 수 없어요.',
  // Safety.
  caution: '외부 연락·선입금 요구는 사기일 수 있어요',
  deletedMember: '탈퇴한 회원',
  conversationReported: '대화를 신고했어요. 운영자가 확인할게요.',
  reportedAlready: '이미 신고한 대화예요.',
  conversationBothReported: '두 회원이 서로 신고한 대화예요. 제재는 회원 화면에서 한 사람씩 정해주세요.',
  counterpartLeft: '탈퇴한 회원과는 더 대화할 수 없어요.',
} as const;

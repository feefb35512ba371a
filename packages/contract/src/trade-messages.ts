import { ListingStatus, ProofCheckStatus } from './enums.ts';

/** Korean messages of the marketplace: listings, favourites, discussion, reports, sanctions (spec §4, §5, §8). */
export const tradeMessages = {
  // Spec §5 "Listing" — the trade modal's titled warnings and hint.
  registerTitle: '매물 등록',
  editBuyTitle: '매수 수정',
  editSellTitle: '매도 수정',
  priceTooHigh: '1주당 가격은 1억원 미만으로 등록해주세요.',
  totalTooHigh: '총 금액은 10조원 미만으로 등록해주세요.',
  priceBandHint: '현재가와 15% 이상 차이가 나는 가격입니다.',
  countLabelSell: '*판매 수량',
  countLabelBuy: '*구매 수량',
  countHint: '원하시는 주식 수를 입력해주세요.',
  priceLabel: '*주당 가격',
  sharesSuffix: '주',
  wonSuffix: '원',
  // Spec §8 notices.
  registerDone: '매물이 등록되었습니다.',
  registerFailed: '매물 등록에 실패했습니다.',
  editDone: '매물이 수정되었습니다.',
  editFailed: '매물 수정에 실패했습니다.',
  favoriteAddTitle: '관심종목 추가',
  favoriteRemoveTitle: '관심종목 삭제',
  favoriteSuccess: '성공',
  favoriteFailed: '실패',
  // Server-side validation (mirrors the client).
  countRequired: '수량을 1주 이상 입력해주세요.',
  priceRequired: '주당 가격을 1원 이상 입력해주세요.',
  integersOnly: '수량과 가격은 숫자로만 입력해주세요.',
  invalidFlag: '협의 여부가 올바르지 않습니다.',
  invalidTradeType: '매수 또는 매도를 선택해주세요.',
  invalidStatus: '지원하지 않는 매물 상태입니다.',
  tradeIdxOnCreate: '새 매물에는 매물 번호를 보낼 수 없습니다.',
  unknownField: '변경할 수 없는 항목이 포함되어 있습니다.',
  invalidProofType: '증빙 종류가 올바르지 않습니다.',
  invalidProofImage: '증빙 이미지 주소가 올바르지 않습니다. 이미지를 다시 올려주세요.',
  proofImageRequired: '미발행 주식 증빙 이미지를 올려주세요.',
  proofOnlyUnissuedSell: '증빙 확인은 미발행 주식 매도 매물에만 신청할 수 있습니다.',
  proofNotChangeable: '증빙 확인이 진행 중이거나 끝난 매물은 증빙을 바꿀 수 없습니다.',
  tradeNotFound: '매물을 찾을 수 없습니다.',
  tradeNotYours: '본인이 등록한 매물만 변경할 수 있습니다.',
  tradeEnded: '이미 종료된 매물입니다.',
  tradeMismatch: '매수/매도 구분이 요청 주소와 맞지 않습니다.',
  finishDone: '거래 완료로 처리되었습니다.',
  deleteDone: '매물이 삭제되었습니다.',
  // Reports.
  reportReasonRequired: '신고 사유를 선택해주세요.',
  reportDetailMax: '신고 내용은 500자 이하로 입력해주세요.',
  reportDuplicate: '이미 신고한 게시물입니다.',
  reportSelf: '본인이 작성한 게시물은 신고할 수 없습니다.',
  reportDone: '신고가 접수되었습니다. 검토 후 조치하겠습니다.',
  // Idempotency-Key (IETF draft).
  idempotencyKeyInvalid: 'Idempotency-Key 형식이 올바르지 않습니다.',
  idempotencyKeyReused: '같은 요청 키로 다른 내용을 보낼 수 없습니다.',
  idempotencyInFlight: '같은 요청을 처리하고 있습니다. 잠시 후 다시 시도해주세요.',
  // Favourites.
  favoriteOrderInvalid: '관심종목 순서가 올바르지 않습니다.',
  favoriteOrderStale: '관심종목 목록이 바뀌었습니다. 새로고침 후 다시 시도해주세요.',
  favoriteLimit: '관심종목은 최대 100개까지 추가할 수 있습니다.',
  favoriteNotFound: '관심종목에 없는 종목입니다.',
  // Discussion.
  opinionRequired: '의견을 입력해주세요.',
  opinionTooLong: '의견은 1,000자 이하로 입력해주세요.',
  opinionNotFound: '의견을 찾을 수 없습니다.',
  opinionNotYours: '본인이 작성한 의견만 삭제할 수 있습니다.',
  // Sanctions (enforced on the server).
  sanctionWarn: '운영정책 위반으로 경고를 받은 계정입니다. 같은 행위가 반복되면 이용이 제한될 수 있습니다.',
  sanctionStopDebate: '운영정책 위반으로 토론 글쓰기가 제한된 계정입니다.',
  sanctionStopTrade: '운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.',
  // The web's notice of the member's own sanction, under the header.
  sanctionNoticeLabel: '운영정책 안내',
  sanctionNoticeUntil: '까지',
  sanctionNoticeContact: '고객센터 문의',
  sanctionNoticeDismiss: '안내 닫기',
} as const;

/** Korean texts of the web's trade modal and the stock page's listings tab (spec §2, §4, §5). */
export const tradeUiMessages = {
  // An order book row's button (and the offer dialog's title: dealMessages.offerTitle).
  offer: '거래 제안',
  // Trade modal.
  sell: '매도',
  buy: '매수',
  tradeTypeLabel: '거래 구분',
  companyLabel: '*종목',
  companyPlaceholder: '종목명 또는 종목코드로 검색하세요',
  companySearching: '검색 중…',
  companyNoResult: '검색 결과가 없습니다.',
  companyClear: '종목 다시 선택',
  currentPrice: '현재가',
  negotiationLabel: '협의 조건',
  priceNegotiable: '가격 협의 가능',
  countNegotiable: '수량 협의 가능',
  totalLabel: '총 금액',
  noticeTitle: '꼭 확인해주세요',
  notices: [
    '매물 등록 시 사용하는 아이템은 게시글을 광고하는 용도로만 쓰입니다. 아이템은 미리 구매해 두어야 하며, 매물이 등록된 뒤에 적용됩니다.',
    '미발행 주권 확인은 완료될 때까지 취소할 수 없으며, 완료된 뒤에는 환불되지 않습니다.',
    '가격을 상습적으로 뒤바꿔 등록하는 회원은 이용이 제한될 수 있습니다.',
  ],
  submitRegister: '등록하기',
  submitEdit: '수정하기',
  submitting: '처리 중…',
  // Unissued-stock proof (optional, sell only).
  proofTitle: '미발행 주식 증빙 (선택)',
  proofHelp: '주식 보유를 증명하는 이미지를 올리면 운영팀이 확인 후 ‘증빙 확인됨’ 배지를 달아드려요.',
  proofTypeLabel: '증빙 종류',
  proofTypeBank: '계좌 이체 내역',
  proofTypeContract: '매매 계약서',
  proofChoose: '이미지 선택',
  proofUploading: '올리는 중',
  proofRemove: '증빙 삭제',
  proofAttached: '증빙 이미지',
  // (Re)attaching the proof of an own unissued-stock sale from the listings tab.
  proofAttach: '증빙 첨부',
  proofReattach: '증빙 다시 올리기',
  proofDialogTitle: '미발행 주식 증빙',
  proofReattachHelp: '운영팀이 증빙을 다시 요청했어요. 주식 보유가 잘 보이는 이미지로 다시 올려주세요.',
  proofSubmit: '증빙 제출',
  proofSubmitDone: '증빙을 제출했어요. 운영팀이 확인하는 동안 ‘증빙 확인 중’으로 표시돼요.',
  proofSubmitFailed: '증빙을 제출하지 못했습니다.',
  // Listings tab.
  sellSide: '매도 매물',
  buySide: '매수 매물',
  sellEmpty: '등록된 매도 매물이 없습니다.',
  buyEmpty: '등록된 매수 매물이 없습니다.',
  bothEmpty: '아직 등록된 매물이 없습니다.',
  listFailed: '매물을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  listLoading: '매물을 불러오는 중…',
  retry: '다시 시도',
  emptyCta: '첫 매물을 등록해보세요.',
  more: '더보기',
  loadFailed: '매물을 더 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  priceNegotiableMark: '가격협의',
  countNegotiableMark: '수량협의',
  pinned: '상단 고정',
  mine: '내 매물',
  edit: '수정',
  finish: '거래완료',
  remove: '삭제',
  report: '신고',
  reported: '신고함',
  cancel: '취소',
  columnPrice: '주당 가격',
  columnCount: '수량',
  columnTotal: '총 금액',
  columnWriter: '작성자',
  // Finish and delete.
  finishTitle: '거래 완료',
  finishHelp: '실제로 거래한 1주당 가격을 입력해주세요.',
  /** Issue 22: a finish the owner declares alone is their own record; only deals both sides confirm make a price. */
  finishAloneNoteTitle: '혼자 처리한 거래완료는 시세에 반영되지 않아요',
  finishAloneNote: '거래완료는 내 매물 기록으로만 남아요. 시세에는 거래 제안으로 합의하고 두 분이 모두 거래 완료를 확인한 거래만 반영돼요.',
  finishPriceLabel: '*체결 가격 (1주당)',
  finishConfirm: '거래 완료 처리',
  finishFailed: '거래 완료 처리에 실패했습니다.',
  deleteTitle: '매물 삭제',
  deleteConfirm: '이 매물을 삭제할까요? 삭제한 매물은 되돌릴 수 없습니다.',
  deleteFailed: '매물 삭제에 실패했습니다.',
} as const;

/** Listing status (spec §3) as the listings tab shows it. */
export const LISTING_STATUS_TEXT: Record<number, string> = {
  [ListingStatus.IN_PROGRESS]: '거래중',
  [ListingStatus.TRADE_FINISHED]: '거래완료',
  [ListingStatus.TRADE_EXPIRED]: '기간만료',
  [ListingStatus.USER_DELETED]: '삭제됨',
  [ListingStatus.ADMIN_DELETED]: '운영자 삭제',
};

/** Proof check status of an unissued-stock sale (spec §3); NONE shows nothing. */
export const PROOF_STATUS_TEXT: Record<number, string> = {
  [ProofCheckStatus.PENDING]: '증빙 확인 중',
  [ProofCheckStatus.REATTACHMENT]: '증빙 재첨부 필요',
  [ProofCheckStatus.VERIFIED]: '증빙 확인됨',
  [ProofCheckStatus.UNIDENTIFIED]: '증빙 확인 불가',
  [ProofCheckStatus.NON_AUTHENTICITY]: '허위 증빙',
};

/** Expert badge of a writer (PB, CTA); normal members have none. */
export const EXPERT_BADGE_TEXT: Record<string, string> = { PB: '증권사 PB', CTA: '세무사' };

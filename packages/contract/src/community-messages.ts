import { ReportReason } from './enums.ts';

// Apart from trade-messages.ts so that a page's first JavaScript carries none of it: only the report
// dialog, the discussion tab and the favourites page (all fetched on demand or pages of their own) use it.

/** Korean names of the report reasons (spec §3 enum, NONE excluded), in the order the report dialog lists them. */
export const reportReasonText: ReadonlyArray<{ reason: ReportReason; text: string }> = [
  { reason: ReportReason.HATEFUL_WRITING, text: '욕설·비방' },
  { reason: ReportReason.ADVERTISING_SPAM, text: '광고·스팸' },
  { reason: ReportReason.PERSONAL_INFORMATION_LEAK, text: '개인정보 노출' },
  { reason: ReportReason.PORNOGRAPHY, text: '음란물' },
  { reason: ReportReason.FAKE_INFORMATION, text: '허위 정보' },
  { reason: ReportReason.FAKE_TRADE, text: '허위 매물' },
];

/** Korean texts of the report dialog, the discussion tab and the favourites page. */
export const communityMessages = {
  reportTradeTitle: '매물 신고',
  reportOpinionTitle: '의견 신고',
  reportReasonLegend: '신고 사유',
  reportDetailLabel: '상세 내용 (선택)',
  reportDetailPlaceholder: '신고 사유를 자세히 적어주시면 검토에 도움이 됩니다.',
  reportSubmit: '신고하기',
  reportDoneTitle: '신고 완료',
  reportFailedTitle: '신고 실패',
  cancel: '취소',
  opinionWrite: '의견 남기기',
  opinionWriteLabel: '의견',
  opinionPlaceholder:
    '이 종목에 대한 생각을 자유롭게 남겨주세요. 욕설, 비방, 광고, 개인정보가 담긴 글은 삭제되고 이용이 제한될 수 있습니다.',
  opinionSubmit: '등록',
  opinionPostedTitle: '의견 등록',
  opinionPosted: '의견이 등록되었습니다.',
  opinionFailed: '의견 등록에 실패했습니다.',
  opinionDeleteTitle: '의견 삭제',
  opinionDeleteConfirm: '이 의견을 삭제할까요? 삭제한 의견은 되돌릴 수 없습니다.',
  opinionDeleted: '의견이 삭제되었습니다.',
  opinionDeleteFailed: '의견을 삭제하지 못했습니다.',
  opinionEmpty: '아직 의견이 없습니다. 첫 의견을 남겨보세요.',
  opinionLoadFailed: '의견을 불러오지 못했습니다.',
  opinionMore: '의견 더 보기',
  opinionReported: '신고함',
  opinionDelete: '삭제',
  opinionReport: '신고',
  retry: '다시 시도',
  favoritePageTitle: '관심 종목',
  favoriteEmpty: '아직 관심 종목이 없습니다.',
  favoriteEmptyHint: '종목 상세 화면의 별을 눌러 관심 종목을 추가해보세요.',
  favoriteBrowse: '전체 종목 보기',
  favoriteOrderTitle: '관심종목 순서',
  favoriteOrderFailed: '순서를 저장하지 못해 이전 순서로 되돌렸습니다.',
  favoriteLoadFailed: '관심 종목을 불러오지 못했습니다.',
  favoriteReorderHelp:
    '순서를 바꾸려면 손잡이를 끌어 놓거나, 손잡이에 초점을 두고 스페이스바로 잡은 뒤 위·아래 화살표로 옮기고 스페이스바로 내려놓으세요. Esc는 취소입니다.',
} as const;

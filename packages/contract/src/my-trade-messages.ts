// Apart from trade-messages.ts: only 마이페이지 › 내 매물 uses it.

/** Korean texts of the member's own listings (마이페이지 › 내 매물). */
export const myTradeMessages = {
  title: '내 매물',
  accountTab: '회원정보',
  pageNav: '마이페이지 메뉴',
  membersOnly: '로그인하고 내가 등록한 매물을 한곳에서 관리하세요.',
  filterLabel: '매물 상태',
  filterAll: '전체',
  countUnit: '건',
  loading: '내 매물을 불러오는 중',
  loadFailed: '내 매물을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.',
  retry: '다시 시도',
  emptyAll: '아직 등록한 매물이 없습니다.',
  emptyAllHint: '사고 싶거나 팔고 싶은 비상장 주식을 매물로 등록해보세요.',
  emptyOpen: '거래중인 매물이 없습니다.',
  emptyFinished: '거래완료된 매물이 없습니다.',
  emptyExpired: '기간이 만료된 매물이 없습니다.',
  emptyPage: '이 페이지에는 매물이 없습니다.',
  firstPage: '첫 페이지로',
  browse: '전체 종목 보기',
  register: '매물 등록',
  total: '총',
  registered: '등록',
  expired: '만료',
  finished: '거래완료',
  finishedPrice: '체결가',
  expiresOn: '만료 예정',
  /** Screen readers hear this instead of "D-7". */
  daysLeft: '만료까지',
  lastDay: '오늘 만료',
  editLoadFailed: '종목 정보를 불러오지 못해 수정할 수 없습니다. 잠시 후 다시 시도해주세요.',
} as const;

/** Enumerations of spec §3 with the numeric codes the API sends. */

export const UserLevel = { NOT_MEMBER: 0, COMMON: 1, REGULAR: 2 } as const;
export type UserLevel = (typeof UserLevel)[keyof typeof UserLevel];

export const SanctionState = { NORMAL: 0, WARN: 1, STOP_DEBATE: 2, STOP_TRADE: 3, SUSPEND: 4 } as const;
export type SanctionState = (typeof SanctionState)[keyof typeof SanctionState];

export const LoginProvider = { BEESANG: 1, GOOGLE: 2, KAKAO: 3, NAVER: 4, APPLE: 5 } as const;
export type LoginProvider = (typeof LoginProvider)[keyof typeof LoginProvider];

export const Platform = { ANDROID: 1, IOS: 2, WEB: 3 } as const;

export const MARKET_LABELS = ['KOSPI', 'KOSDAQ', 'KOTC', 'KONEX', 'VC', 'UNISSUED'] as const;
export type MarketLabel = (typeof MARKET_LABELS)[number];
export const MARKET_LABEL_TEXT: Record<MarketLabel, string> = {
  KOSPI: 'KOSPI',
  KOSDAQ: 'KOSDAQ',
  KOTC: 'K-OTC',
  KONEX: 'KONEX',
  VC: 'VC',
  UNISSUED: '미발행',
};

export const ListingStatus = {
  IN_PROGRESS: 11,
  TRADE_FINISHED: 12,
  TRADE_EXPIRED: 13,
  USER_DELETED: 101,
  ADMIN_DELETED: 102,
} as const;
export type ListingStatus = (typeof ListingStatus)[keyof typeof ListingStatus];

export const ProofCheckStatus = {
  NONE: 0,
  PENDING: 1,
  REATTACHMENT: 2,
  VERIFIED: 11,
  UNIDENTIFIED: 21,
  NON_AUTHENTICITY: 101,
} as const;
export type ProofCheckStatus = (typeof ProofCheckStatus)[keyof typeof ProofCheckStatus];

export const PROOF_TYPES = ['NONE', 'BANK', 'CONTRACT'] as const;
export const ListPin = { NORMAL: 0, TOPFIX: 1 } as const;

export const ReportReason = {
  NONE: 0,
  HATEFUL_WRITING: 1,
  ADVERTISING_SPAM: 2,
  PERSONAL_INFORMATION_LEAK: 3,
  PORNOGRAPHY: 4,
  FAKE_INFORMATION: 5,
  FAKE_TRADE: 10,
} as const;
export type ReportReason = (typeof ReportReason)[keyof typeof ReportReason];

/** A report's state: open until an operator dismisses it or upholds it (hides the content). */
export const ReportStatus = { OPEN: 0, DISMISSED: 1, UPHELD: 2 } as const;
export type ReportStatus = (typeof ReportStatus)[keyof typeof ReportStatus];

export const ExpertType = { NORMAL: 0, PB: 1, CTA: 2 } as const;
export type ExpertTypeName = keyof typeof ExpertType;

export const SignupOutcome = { SUCCESS: 11, FAIL_HAS_BEESANG_USER: 101, FAIL_HAS_SNS_USER: 102 } as const;
export const SocialLookup = {
  SUCCESS_BEESANG_USER_EXIST: 11,
  SUCCESS_USER_SOCIAL_EXIST: 12,
  FAIL_NOT_FOUND: 101,
} as const;
export const ResultCode = { SUCCESS: 11, FAIL: 101 } as const;
export const CARRIERS = ['SKT', 'KTF', 'LGT', 'SKM', 'KTM', 'LGM'] as const;
export const TradeType = { BUY: 1, SELL: 2 } as const;
export type TradeType = (typeof TradeType)[keyof typeof TradeType];

export const RANKING_PERIODS = ['TODAY', 'HIGH_HITS', 'HIGH_VOLUME', 'HIGH_UP', 'HIGH_DOWN', 'NEW'] as const;
export type RankingPeriod = (typeof RANKING_PERIODS)[number];
export const RANKING_PERIOD_TEXT: Record<RankingPeriod, string> = {
  TODAY: '오늘 업데이트',
  HIGH_HITS: '조회 급상승',
  HIGH_VOLUME: '거래 활발',
  HIGH_UP: '상승률 상위',
  HIGH_DOWN: '하락률 상위',
  NEW: 'New VC',
};

/** The spec shows sectors A_B … BIO, COSMETIC, SEMICONDUCTOR, MOBILITY; the rest follow the same style. */
export const SECTORS = [
  'A_B',
  'AI',
  'BIO',
  'COSMETIC',
  'SEMICONDUCTOR',
  'MOBILITY',
  'FINTECH',
  'PLATFORM',
  'GAME',
  'CONTENT',
  'ENERGY',
  'ROBOT',
  'COMMERCE',
  'FOOD',
  'SOFTWARE',
  'MATERIAL',
] as const;
export type Sector = (typeof SECTORS)[number];
export const SECTOR_TEXT: Record<Sector, string> = {
  A_B: '농업·바이오소재',
  AI: '인공지능',
  BIO: '바이오·헬스케어',
  COSMETIC: '화장품·뷰티',
  SEMICONDUCTOR: '반도체',
  MOBILITY: '모빌리티',
  FINTECH: '핀테크',
  PLATFORM: '플랫폼',
  GAME: '게임',
  CONTENT: '콘텐츠·엔터',
  ENERGY: '에너지·2차전지',
  ROBOT: '로봇·자동화',
  COMMERCE: '커머스',
  FOOD: '식품·외식',
  SOFTWARE: '소프트웨어',
  MATERIAL: '소재·부품',
};

export const CHART_RANGES = ['1M', '3M', '1Y', '3Y', '5Y'] as const;
export type ChartRange = (typeof CHART_RANGES)[number];
export const CHART_RANGE_TEXT: Record<ChartRange, string> = {
  '1M': '1개월',
  '3M': '3개월',
  '1Y': '1년',
  '3Y': '3년',
  '5Y': '5년',
};
/** Spec §9: level 1 offers 5 ranges, 2 offers 4, 3 offers 3 (longest ranges dropped first). */
export function chartRangesForLevel(level: 1 | 2 | 3): readonly ChartRange[] {
  return CHART_RANGES.slice(0, 6 - level);
}

export const STOCK_SORTS = ['name', 'price', 'change', 'marketCap', 'views'] as const;
export type StockSort = (typeof STOCK_SORTS)[number];
export const STOCK_SORT_TEXT: Record<StockSort, string> = {
  name: '이름순',
  price: '가격순',
  change: '등락률순',
  marketCap: '시가총액순',
  views: '조회순',
};

export const CONTENT_KINDS = ['notice', 'event', 'news', 'market'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_KIND_TEXT: Record<ContentKind, string> = {
  notice: '공지사항',
  event: '이벤트',
  news: '뉴스',
  market: '시황',
};

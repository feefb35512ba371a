import { ExpertType, LISTING_LIFETIME_DAYS, TradeType, UserLevel } from '@beesang/contract';
import { roundToTick } from './demo-companies.ts';
import type { Random } from './random.ts';

/** Demo members: they own the demo listings and opinions and cannot sign in (no phone, no password). */
export const DEMO_MEMBER_DOMAIN = 'demo.beesang.invalid';

const MEMBERS: Array<{ nickname: string; expert: number; expertName?: string; office?: string; dept?: string }> = [
  { nickname: '비상개미', expert: ExpertType.NORMAL },
  { nickname: '장외고수', expert: ExpertType.NORMAL },
  { nickname: '바이오러버', expert: ExpertType.NORMAL },
  { nickname: 'Seedhunter', expert: ExpertType.NORMAL },
  { nickname: '판교직장인', expert: ExpertType.NORMAL },
  { nickname: '우리사주맨', expert: ExpertType.NORMAL },
  { nickname: '김PB', expert: ExpertType.PB, expertName: '김하늘', office: '비상증권', dept: 'WM센터' },
  { nickname: '이세무사', expert: ExpertType.CTA, expertName: '이도윤', office: '도윤세무회계' },
  { nickname: '새벽매매', expert: ExpertType.NORMAL },
  { nickname: 'ValueKim', expert: ExpertType.NORMAL },
];

const OPINIONS = [
  '이번 분기 실적 발표가 기대됩니다. 매출 성장세가 꾸준하네요.',
  '상장 일정이 구체화되면 관심이 더 커질 것 같습니다.',
  '최근 투자 유치 소식이 있었는데 밸류에이션이 부담스럽긴 합니다.',
  '장기 보유 관점에서 모아가고 있습니다.',
  '거래가 뜸해서 호가 차이가 큰 편이니 가격 확인 잘 하세요.',
  '우리사주 물량이 나오는 시기라 매도 매물이 많아 보이네요.',
  '경쟁사 대비 기술력은 확실히 좋다고 봅니다.',
  '재무제표 보니 부채비율이 조금 높아졌네요. 다음 분기 확인이 필요합니다.',
  '직거래하실 때는 꼭 에스크로나 증권사 계좌 이체로 안전하게 하세요.',
  'IPO 주관사 선정 기사 나왔던데 진행 상황 아시는 분 계신가요?',
];

export interface DemoMarket {
  members: typeof MEMBERS;
  trades: Array<{
    companyIndex: number;
    memberIndex: number;
    tradeType: number;
    count: number;
    price: number;
    countNegotiable: boolean;
    priceNegotiable: boolean;
    createdAt: Date;
    expiresAt: Date;
  }>;
  opinions: Array<{ companyIndex: number; memberIndex: number; body: string; createdAt: Date }>;
}

/**
 * Listings and opinions for the demo companies: some companies busy, most quiet, prices around the
 * current price (a few beyond the 15 % band), all registered within the last 25 days so that they
 * are open on the day the demo is seeded.
 */
export function generateMarket(random: Random, prices: number[], today: Date): DemoMarket {
  const trades: DemoMarket['trades'] = [];
  const opinions: DemoMarket['opinions'] = [];
  const lifetime = LISTING_LIFETIME_DAYS * 86_400_000;
  prices.forEach((current, companyIndex) => {
    if (current <= 0) return;
    const busy = random.chance(0.15);
    const listings = busy ? random.int(4, 10) : random.chance(0.35) ? random.int(1, 3) : 0;
    for (let i = 0; i < listings; i++) {
      const tradeType = random.chance(0.55) ? TradeType.SELL : TradeType.BUY;
      const skew = tradeType === TradeType.SELL ? 0.03 : -0.03;
      const price = Math.max(1, roundToTick(current * (1 + skew + random.normal() * 0.07)));
      const count = random.pick([10, 20, 50, 100, 200, 300, 500, 1000, 2000, 5000]);
      const createdAt = new Date(today.getTime() - random.int(10, 25 * 24 * 60) * 60_000);
      trades.push({
        companyIndex,
        memberIndex: random.int(0, MEMBERS.length - 1),
        tradeType,
        count,
        price,
        countNegotiable: random.chance(0.3),
        priceNegotiable: random.chance(0.4),
        createdAt,
        expiresAt: new Date(createdAt.getTime() + lifetime),
      });
    }
    const talk = busy ? random.int(2, 5) : random.chance(0.2) ? random.int(1, 2) : 0;
    for (let i = 0; i < talk; i++) {
      opinions.push({
        companyIndex,
        memberIndex: random.int(0, MEMBERS.length - 1),
        body: random.pick(OPINIONS),
        createdAt: new Date(today.getTime() - random.int(5, 20 * 24 * 60) * 60_000),
      });
    }
  });
  return { members: MEMBERS, trades, opinions };
}

export const DEMO_MEMBER_LEVEL = UserLevel.REGULAR;

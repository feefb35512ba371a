import type { ContentKind } from '@beesang/contract';
import type { Random } from './random.ts';

export interface DemoContent {
  kind: ContentKind;
  title: string;
  summary: string;
  body: string;
  source: string;
  pinned: boolean;
  publishedAt: Date;
  eventStartsAt: Date | null;
  eventEndsAt: Date | null;
}

const NOTICE_TITLES = [
  '비상 서비스 이용약관 개정 안내',
  '개인정보 처리방침 변경 안내',
  '시스템 정기 점검 안내',
  '비상장 주식 직거래 시 유의사항 안내',
  '미발행 주식 거래 인증 절차 안내',
  '허위 매물 신고 및 제재 기준 안내',
  '고객센터 운영 시간 변경 안내',
  '앱 업데이트 안내',
];
const EVENT_TITLES = ['첫 매물 등록 이벤트', '관심 종목 등록 이벤트', '친구 초대 이벤트', '본인인증 완료 이벤트', '토론 참여 이벤트'];
const NEWS_TOPICS = [
  '시리즈 B 투자 유치',
  '기업공개(IPO) 주관사 선정',
  '해외 시장 진출',
  '신제품 출시',
  '흑자 전환',
  '대규모 공급 계약 체결',
  '기술특례상장 추진',
  '전략적 제휴',
];
const MARKET_TOPICS = [
  '장외시장 주간 동향',
  '비상장 주식 거래대금 분석',
  '업종별 등락 정리',
  'IPO 예정 기업 점검',
  'K-OTC 시장 동향',
  'VC 투자 동향',
];

function paragraphs(random: Random, lead: string, count: number): string {
  const sentences = [
    '시장 참여자들은 향후 실적 개선 여부에 주목하고 있습니다.',
    '비상장 주식은 유동성이 낮아 가격 변동이 클 수 있으므로 투자에 유의해야 합니다.',
    '관련 업계에서는 이번 결정이 중장기 성장의 발판이 될 것으로 보고 있습니다.',
    '회사 측은 추가 투자 유치와 함께 인력 채용을 확대할 계획이라고 밝혔습니다.',
    '거래 전에는 반드시 주주명부와 증권 실물 여부를 확인하시기 바랍니다.',
    '최근 장외시장에서는 바이오와 반도체 업종의 거래가 활발했습니다.',
  ];
  const out = [lead];
  for (let i = 1; i < count; i++) out.push(`${random.pick(sentences)} ${random.pick(sentences)}`);
  return out.join('\n\n');
}

export function generateContents(random: Random, companyNames: string[], today: Date): DemoContent[] {
  const out: DemoContent[] = [];
  const daysAgo = (d: number) => new Date(today.getTime() - d * 86_400_000 - random.int(0, 600) * 60_000);
  NOTICE_TITLES.forEach((title, i) => {
    out.push({
      kind: 'notice',
      title: `[공지] ${title}`,
      summary: `${title}에 대해 알려드립니다.`,
      body: paragraphs(random, `안녕하세요, 비상입니다. ${title}에 대해 알려드립니다.`, 4),
      source: '비상',
      pinned: i < 2,
      publishedAt: daysAgo(i * 9 + 1),
      eventStartsAt: null,
      eventEndsAt: null,
    });
  });
  EVENT_TITLES.forEach((title, i) => {
    const start = daysAgo(i * 20 + 3);
    out.push({
      kind: 'event',
      title,
      summary: `${title}에 참여하고 혜택을 받아보세요.`,
      body: paragraphs(random, `${title}을 진행합니다. 기간 내 참여하신 회원님께 혜택을 드립니다.`, 3),
      source: '비상',
      pinned: false,
      publishedAt: start,
      eventStartsAt: start,
      eventEndsAt: new Date(start.getTime() + 30 * 86_400_000),
    });
  });
  for (let i = 0; i < 60; i++) {
    const company = random.pick(companyNames);
    const topic = random.pick(NEWS_TOPICS);
    out.push({
      kind: 'news',
      title: `${company}, ${topic}`,
      summary: `${company}이(가) ${topic} 소식을 전했습니다.`,
      body: paragraphs(random, `${company}이(가) ${topic} 소식을 전했습니다.`, 4),
      source: random.pick(['비상뉴스', '장외경제', '벤처데일리']),
      pinned: false,
      publishedAt: daysAgo(i * 2),
      eventStartsAt: null,
      eventEndsAt: null,
    });
  }
  for (let i = 0; i < 40; i++) {
    const topic = MARKET_TOPICS[i % MARKET_TOPICS.length] as string;
    out.push({
      kind: 'market',
      title: `${topic} (${40 - i}주차)`,
      summary: `이번 주 ${topic}을 정리했습니다.`,
      body: paragraphs(random, `이번 주 ${topic}을 정리했습니다.`, 5),
      source: '비상 리서치',
      pinned: false,
      publishedAt: daysAgo(i * 7 + 1),
      eventStartsAt: null,
      eventEndsAt: null,
    });
  }
  return out;
}

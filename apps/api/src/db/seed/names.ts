import type { Sector } from '@beesang/contract';
import type { Random } from './random.ts';

const STEMS = [
  '비상',
  '한빛',
  '누리',
  '다온',
  '세움',
  '미래',
  '하늘',
  '푸른',
  '새벽',
  '온누리',
  '가람',
  '나래',
  '다올',
  '라온',
  '마루',
  '바다',
  '사랑',
  '아라',
  '자람',
  '차오름',
  '키움',
  '태양',
  '파랑',
  '해솔',
  '한결',
  '도담',
  '별빛',
  '솔빛',
  '이음',
  '초록',
  '담쟁이',
  '은하',
  '금강',
  '백두',
  '한라',
  '청솔',
  '그린',
  '블루',
  '넥스트',
  '스마트',
  '퀀텀',
  '오로라',
  '코어',
  '메타',
  '제이',
  '에이치',
  '엘',
  '케이',
  '유니',
  '루미',
];

const SUFFIXES: Record<Sector, string[]> = {
  A_B: ['애그리', '팜', '그린바이오'],
  AI: ['AI', '인텔리전스', '딥러닝', '에이아이랩'],
  BIO: ['바이오', '제약', '헬스케어', '메디칼', '진'],
  COSMETIC: ['코스메틱', '뷰티', '화장품'],
  SEMICONDUCTOR: ['반도체', '세미콘', '칩스'],
  MOBILITY: ['모빌리티', '모터스', '오토'],
  FINTECH: ['페이', '핀테크', '파이낸셜'],
  PLATFORM: ['플랫폼', '네트웍스', '커넥트'],
  GAME: ['게임즈', '엔터테인먼트', '스튜디오'],
  CONTENT: ['미디어', '픽쳐스', '뮤직'],
  ENERGY: ['에너지', '배터리', '솔라'],
  ROBOT: ['로보틱스', '로봇', '오토메이션'],
  COMMERCE: ['커머스', '마켓', '리테일'],
  FOOD: ['푸드', '식품', '키친'],
  SOFTWARE: ['소프트', '시스템즈', '테크'],
  MATERIAL: ['소재', '케미칼', '머티리얼즈'],
};

export function companyName(random: Random, sector: Sector, taken: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const name = `${random.pick(STEMS)}${random.pick(SUFFIXES[sector])}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // Rare: every combination drawn; number it.
  let n = 2;
  const base = `${random.pick(STEMS)}${random.pick(SUFFIXES[sector])}`;
  while (taken.has(`${base}${n}`)) n++;
  taken.add(`${base}${n}`);
  return `${base}${n}`;
}

const FAMILY = ['김', '이', '박', '최', '정', '강', '조', '윤', '장', '임', '한', '오', '서', '신', '권'];
const GIVEN = ['민준', '서연', '도윤', '하은', '지호', '수아', '예준', '지우', '현우', '서윤', '준서', '민서', '건우', '채원'];
export function personName(random: Random): string {
  return `${random.pick(FAMILY)}${random.pick(GIVEN)}`;
}

const CITIES = [
  '서울특별시 강남구 테헤란로',
  '서울특별시 마포구 월드컵북로',
  '경기도 성남시 분당구 판교역로',
  '서울특별시 영등포구 여의대로',
  '대전광역시 유성구 대학로',
  '부산광역시 해운대구 센텀중앙로',
  '경기도 수원시 영통구 광교로',
  '인천광역시 연수구 송도과학로',
];
export function address(random: Random): string {
  return `${random.pick(CITIES)} ${random.int(1, 400)}`;
}

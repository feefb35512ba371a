import { describe, expect, it } from 'vitest';
import { hasScamSignals, scamSignals } from './scam-signals.ts';

const kinds = (text: string) => scamSignals(text).map((s) => s.kind);

describe('scam signals (issue 10 §6)', () => {
  it.each([
    ['상장 임박! 지금이 마지막 기회', 'PHRASE'],
    ['원 금 보 장 해드립니다', 'PHRASE'],
    ['확정수익 월 20%', 'PHRASE'],
    ['무조건 수익 납니다', 'PHRASE'],
    ['리딩방 들어오세요', 'PHRASE'],
    ['따상 확정 종목', 'PHRASE'],
    ['문의 010-1234-5678', 'PHONE'],
    ['연락 01012345678 주세요', 'PHONE'],
    ['010 1234 5678 로 문자', 'PHONE'],
    ['+82 10-1234-5678', 'PHONE'],
    ['사무실 02-123-4567', 'PHONE'],
    ['상담 1588-1234', 'PHONE'],
    ['https://open.kakao.com/o/abcd1234 로 오세요', 'OPEN_CHAT'],
    ['텔레그램 @bsstock', 'OPEN_CHAT'],
    ['t.me/unlisted_vip', 'OPEN_CHAT'],
    ['카톡 아이디 남겨주세요', 'OPEN_CHAT'],
    ['오픈채팅 검색', 'OPEN_CHAT'],
    ['국민은행 123456-01-123456 으로 선입금', 'ACCOUNT'],
    ['입금 계좌 110-123-456789 (신한)', 'ACCOUNT'],
    ['우리은행 1002123456789', 'ACCOUNT'],
    ['카카오뱅크 3333-01-1234567 예금주 김비상', 'ACCOUNT'],
  ])('%s → %s', (text, kind) => {
    expect(kinds(text)).toContain(kind);
  });

  it.each([
    '이 회사 실적이 좋아 보이네요. 장기 보유합니다.',
    '현재가 10,000,000원이면 비싸요',
    '2026-11-25 공시 확인했습니다',
    '총 1,234,567주 거래',
    '상장은 언제쯤 할까요? 임박했다는 소문은 못 믿겠네요',
    '수익이 확정된 건 아니죠',
    '주당 12,345원에 100주',
    '11월 25일에 1,200주 거래했어요',
    '은행 다녀와서 답장할게요',
  ])('ordinary discussion is not flagged: %s', (text) => {
    expect(scamSignals(text)).toEqual([]);
  });

  it('a phone number is a phone number, not an account (issue 22)', () => {
    expect(kinds('문의 010-1234-5678')).toEqual(['PHONE']);
    expect(kinds('입금 후 010-1234-5678 로 연락')).toEqual(['PHONE']);
  });

  it('names every signal in one text, and hasScamSignals is false for nothing at all', () => {
    expect(kinds('원금 보장, 확정 수익! 010-1234-5678 또는 open.kakao.com/o/x')).toEqual(['PHRASE', 'PHRASE', 'PHONE', 'OPEN_CHAT']);
    expect(hasScamSignals(null)).toBe(false);
    expect(hasScamSignals('')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { reviewReasonTexts } from './review-reasons';

describe('review reasons in Korean', () => {
  it('names what matched in a text and the shape of the broker pattern', () => {
    expect(reviewReasonTexts(['PHRASE:원금보장', 'PHONE:010-1234-5678', 'OPEN_CHAT:open.kakao.com/o/abc'])).toEqual([
      '문구 “원금보장”',
      '전화번호 010-1234-5678',
      '외부 연락 open.kakao.com/o/abc',
    ]);
    expect(reviewReasonTexts(['COMPANIES:6', 'WINDOW_MINUTES:10'])).toEqual(['10분 안에 6개 종목에 매물']);
    expect(reviewReasonTexts(['SOMETHING:new'])).toEqual([]);
  });
});

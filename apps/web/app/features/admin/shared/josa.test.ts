import { describe, expect, it } from 'vitest';
import { objectParticle, quoted } from './josa';

describe('the object particle', () => {
  it('follows the last syllable, digits read in Korean, and hedges on anything else', () => {
    expect(objectParticle('신고 목록')).toBe('을');
    expect(objectParticle('감사 로그')).toBe('를');
    expect(objectParticle('점검 안내 2')).toBe('를');
    expect(objectParticle('점검 안내 3')).toBe('을');
    expect(objectParticle('Beesang')).toBe('을(를)');
    expect(quoted('서버 점검')).toBe('‘서버 점검’을');
  });
});

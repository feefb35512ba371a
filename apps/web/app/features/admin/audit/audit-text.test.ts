import { describe, expect, it } from 'vitest';
import { actionText, detailText } from './audit-text';

describe('audit entries as operators read them', () => {
  it('names known actions in Korean and keeps unknown codes', () => {
    expect(actionText('member.role')).toBe('권한 변경');
    expect(actionText('conversation.read')).toBe('신고된 대화 열람');
    expect(actionText('something.new')).toBe('something.new');
  });

  it('turns the stored JSON into key: value pairs with instants in Seoul time', () => {
    expect(detailText('{"endsAt":"2026-12-02T08:04:00.000Z","role":null}')).toBe('endsAt: 2026년 12월 2일 17:04 · role: null');
    expect(detailText('{}')).toBe('–');
    expect(detailText('plain words')).toBe('plain words');
  });
});

import { dealMessages as m, REVIEW_TAGS } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { click, describedError, field, key, settle, type } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { ReviewDialog } from './review-dialog';

function show() {
  const api = fakeApi({ 'POST /api/deals/31/review': () => ok(true) });
  const onReviewed = vi.fn();
  const onClose = vi.fn();
  renderInApp(<ReviewDialog dealId={31} counterpart="김매도" onClose={onClose} onReviewed={onReviewed} />);
  return { api, onReviewed, onClose };
}

const radio = (name: string) => screen.getByRole('radio', { name });
const chips = () => screen.queryAllByRole('button', { pressed: false }).concat(screen.queryAllByRole('button', { pressed: true }));

describe('후기 남기기', () => {
  it('좋아요 or 아쉬워요 first; each shows its own tags, and changing the choice clears the tags chosen', () => {
    show();
    expect(screen.getByRole('radiogroup', { name: '거래 평가' })).toBeTruthy();
    expect(chips()).toHaveLength(0);
    click(radio('좋아요'));
    expect(radio('좋아요').getAttribute('aria-checked')).toBe('true');
    expect(
      chips()
        .map((c) => c.textContent)
        .sort(),
    ).toEqual([...REVIEW_TAGS.good].sort());
    click(screen.getByRole('button', { name: REVIEW_TAGS.good[1] }));
    expect(screen.getByRole('button', { name: REVIEW_TAGS.good[1] }).getAttribute('aria-pressed')).toBe('true');
    // Arrows move the choice, as in any radio group.
    key(radio('좋아요'), 'ArrowRight');
    expect(radio('아쉬워요').getAttribute('aria-checked')).toBe('true');
    expect(
      chips()
        .map((c) => c.textContent)
        .sort(),
    ).toEqual([...REVIEW_TAGS.bad].sort());
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
  });

  it('without a choice it asks for one; over 200 characters it says so; nothing is sent', () => {
    const { api } = show();
    click(screen.getByRole('button', { name: '후기 보내기' }));
    expect(screen.getByText(m.reviewGoodRequired)).toBeTruthy();
    click(radio('좋아요'));
    type(field('후기 (선택)'), '가'.repeat(201));
    expect(describedError(field('후기 (선택)'))).toContain(m.reviewTextTooLong);
    click(screen.getByRole('button', { name: '후기 보내기' }));
    expect(api.calls).toHaveLength(0);
  });

  it('sends the choice, the tags and the text once, then closes', async () => {
    const { api, onReviewed, onClose } = show();
    click(radio('아쉬워요'));
    click(screen.getByRole('button', { name: REVIEW_TAGS.bad[1] }));
    type(field('후기 (선택)'), ' 답이 늦었어요 ');
    click(screen.getByRole('button', { name: '후기 보내기' }));
    await settle();
    expect(api.last('POST /api/deals/31/review')?.body).toEqual({ good: false, tags: [REVIEW_TAGS.bad[1]], text: '답이 늦었어요' });
    expect(onReviewed).toHaveBeenCalledWith(31);
    expect(onClose).toHaveBeenCalled();
    expect(within(document.body).getByText('김매도 님에게 후기를 남겼어요.')).toBeTruthy();
  });
});

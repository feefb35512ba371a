import { SanctionState } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { SanctionHistory } from './sanction-history';

const HISTORY = 'GET /api/admin/member/9/sanctions';

describe("a member's sanction history: loading, failing and empty (issue 14 §1)", () => {
  it('says it is loading, then that it could not, and 다시 시도 reads it again', async () => {
    let answer: (r: Response) => void = () => {};
    const api = fakeApi({
      [HISTORY]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    api.failNext(HISTORY, 500, '제재 이력을 읽는 중 오류가 발생했습니다.');
    renderInApp(
      <div data-testid="history">
        <SanctionHistory userIdx={9} />
      </div>,
      { user: null },
    );
    const status = () => within(screen.getByTestId('history')).getByRole('status');
    expect(status().textContent).toBe('제재 이력을 불러오는 중…');
    await settle();
    // The API's own Korean message, when it sent one.
    expect(screen.getByRole('alert').textContent).toContain('제재 이력을 읽는 중 오류가 발생했습니다.');

    click(button('다시 시도'));
    expect(status().getAttribute('aria-busy')).toBe('true');
    answer(
      ok([{ state: SanctionState.STOP_TRADE, reason: '리딩방 홍보', startsAt: '2026-11-01T01:00:00Z', endsAt: null, staffUserIdx: 3 }]),
    );
    await settle();
    expect(screen.getByText('리딩방 홍보')).toBeTruthy();
    expect(screen.getByText('기한 없음')).toBeTruthy();
    expect(api.keys()).toEqual([HISTORY, HISTORY]);
  });

  it('a member never sanctioned: says so', async () => {
    fakeApi({ [HISTORY]: () => ok([]) });
    renderInApp(
      <div data-testid="history">
        <SanctionHistory userIdx={9} />
      </div>,
      { user: null },
    );
    await settle();
    expect(screen.getByText('제재 이력이 없습니다.')).toBeTruthy();
  });
});

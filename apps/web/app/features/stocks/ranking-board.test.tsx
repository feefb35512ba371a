import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stock } from '../../routes/test-kit';
import { button, click, settle } from '../../test/dom';
import { fakeApi, ok } from '../../test/fake-api';
import { renderInApp } from '../../test/render';
import { RANKING_FAILED, RankingBoard, rankingEmptyText } from './ranking-board';

const list = (period: string) => `GET /api/v2/stock/ranking-list/${period}/10`;
/** Picks a ranking tab as a pointer does (Radix selects on mouse down; a plain button on click). */
function pick(name: string) {
  const tab = screen.getByRole('tab', { name });
  act(() => {
    fireEvent.mouseDown(tab, { button: 0 });
    fireEvent.click(tab);
  });
}
const panel = () => screen.getByRole('tabpanel');

describe('home ranking: empty, loading and failing tabs (issue 14 §1)', () => {
  it('a tab loading for the first time shows rows shaped like its list and says so; then its rows', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({
      [list('HIGH_HITS')]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderInApp(<RankingBoard initial={[stock(1, '비상테크')]} />);
    pick('조회 급상승');
    const status = within(panel()).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('조회 급상승 랭킹을 불러오는 중…');
    // As many placeholder rows as the list will have.
    expect(status.querySelectorAll('li')).toHaveLength(10);

    answer(ok([stock(2, '별빛소재')]));
    await settle();
    expect(within(panel()).getByText('별빛소재')).toBeTruthy();
    expect(within(panel()).queryByRole('status')).toBeNull();
  });

  it('a tab with nothing ranked names the ranking and leads to every company', async () => {
    fakeApi({ [list('HIGH_DOWN')]: () => ok([]) });
    renderInApp(<RankingBoard initial={[stock(1, '비상테크')]} />);
    pick('하락률 상위');
    await settle();
    expect(within(panel()).getByText(rankingEmptyText('HIGH_DOWN'))).toBeTruthy();
    expect(rankingEmptyText('HIGH_DOWN')).toBe('‘하락률 상위’에 오른 종목이 아직 없습니다.');
    expect(within(panel()).getByRole('link', { name: '전체 종목 보기 ›' }).getAttribute('href')).toBe('/stock');
  });

  it('a tab that fails says so with 다시 시도, which asks again; the tabs already read are not asked again', async () => {
    const api = fakeApi({ [list('HIGH_VOLUME')]: () => ok([stock(3, '비상바이오')]) });
    api.failNext(list('HIGH_VOLUME'), 500, '오류');
    renderInApp(<RankingBoard initial={[stock(1, '비상테크')]} />);
    pick('거래 활발');
    await settle();
    expect(within(panel()).getByRole('alert').textContent).toContain(RANKING_FAILED);

    // Back and forth: the failed tab still says so, without asking on its own.
    pick('오늘 업데이트');
    expect(within(panel()).getByText('비상테크')).toBeTruthy();
    pick('거래 활발');
    expect(within(panel()).getByRole('alert')).toBeTruthy();
    expect(api.keys()).toEqual([list('HIGH_VOLUME')]);

    click(button('다시 시도'));
    await settle();
    expect(within(panel()).getByText('비상바이오')).toBeTruthy();
    expect(api.keys()).toEqual([list('HIGH_VOLUME'), list('HIGH_VOLUME')]);
  });
});

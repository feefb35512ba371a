import type { ContentKind, RankingPeriod } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createLoadContext } from '../lib/server-context';
import type { SsrReads } from '../lib/ssr-reads';
import { click, settle } from '../test/dom';
import { fakeApi, ok } from '../test/fake-api';
import * as HomeRoute from './home';
import { fault, page, post, renderRoute, stock } from './test-kit';

const RANKING = 'GET /api/v2/stock/ranking-list/TODAY/10';

/** Reads that answer every section; `broken` ones fail until `mend()`. */
function reads(broken: Array<ContentKind | 'ranking'>, empty: ContentKind[] = []) {
  const failing = new Set(broken);
  const asked: string[] = [];
  const r: Partial<SsrReads> = {
    ranking: async (period: RankingPeriod) => {
      asked.push(`ranking ${period}`);
      if (failing.has('ranking')) throw fault();
      return [stock(1, '비상테크')];
    },
    contentList: async (kind) => {
      asked.push(kind);
      if (failing.has(kind)) throw fault();
      return page(empty.includes(kind) ? [] : [post(10, kind, `${kind} 첫 글`)]);
    },
  };
  return { reads: r, asked, mend: () => failing.clear() };
}

const card = (title: string) => screen.getByRole('heading', { name: title }).closest('section') as HTMLElement;

describe('home: each section on its own (issue 14 §1)', () => {
  it('a section the server could not read says so in its card, the others show; 다시 시도 reads the page again', async () => {
    fakeApi();
    const api = reads(['news']);
    const { warned } = renderRoute(HomeRoute, { path: '/', reads: api.reads });
    await settle();
    const news = card('비상장 뉴스');
    expect(within(news).getByRole('alert').textContent).toContain('뉴스를 불러오지 못했습니다.');
    expect(within(card('시황')).getByText('market 첫 글')).toBeTruthy();
    expect(within(card('실시간 랭킹')).getByText('비상테크')).toBeTruthy();
    expect(warned).toEqual(["the home page's news list could not be read for the page; it loads in the browser"]);

    api.mend();
    click(within(news).getByRole('button', { name: '다시 시도' }));
    await settle();
    expect(within(card('비상장 뉴스')).queryByRole('alert')).toBeNull();
    expect(within(card('비상장 뉴스')).getByText('news 첫 글')).toBeTruthy();
    expect(api.asked.filter((k) => k === 'news')).toHaveLength(2);
  });

  it('an empty section says what is missing', async () => {
    fakeApi();
    renderRoute(HomeRoute, { path: '/', reads: reads([], ['notice', 'event']).reads });
    await settle();
    expect(within(card('공지사항')).getByText('아직 등록된 공지사항이 없습니다.')).toBeTruthy();
    expect(within(card('이벤트')).getByText('아직 등록된 이벤트가 없습니다.')).toBeTruthy();
  });

  it('a ranking the server could not read loads in the browser: a skeleton meanwhile, then a failure with 다시 시도', async () => {
    let answer: (r: Response) => void = () => {};
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    const net = fakeApi({ [RANKING]: () => pending });
    net.failNext(RANKING, 500, '오류');
    renderRoute(HomeRoute, { path: '/', reads: reads(['ranking']).reads });
    await settle();
    const ranking = card('실시간 랭킹');
    expect(within(ranking).getByRole('alert').textContent).toContain('랭킹을 불러오지 못했습니다.');

    click(within(ranking).getByRole('button', { name: '다시 시도' }));
    const status = within(ranking).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('오늘 업데이트 랭킹을 불러오는 중…');
    answer(ok([stock(5, '별빛소재')]));
    await settle();
    expect(within(ranking).getByText('별빛소재')).toBeTruthy();
    expect(net.keys()).toEqual([RANKING, RANKING]);
  });

  it('a page with a section missing is not kept by the page cache; a whole one is', async () => {
    const run = async (broken: Array<ContentKind | 'ranking'>) => {
      const context = createLoadContext({
        reads: reads(broken).reads as SsrReads,
        log: { error: () => {}, warn: () => {} },
        demoData: () => false,
        publicUrl: 'http://localhost',
        nonce: '',
      });
      const result = (await HomeRoute.loader({ context, request: new Request('http://localhost/'), params: {} } as never)) as {
        init: ResponseInit | null;
      };
      const loaderHeaders = new Headers(result.init?.headers);
      return new Headers(HomeRoute.headers({ loaderHeaders } as never)).get('Cache-Control');
    };
    expect(await run(['event'])).toBe('no-store');
    expect(await run(['ranking'])).toBe('no-store');
    expect(await run([])).toBeNull();
  });
});

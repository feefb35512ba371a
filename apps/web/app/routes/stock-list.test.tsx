import type { StockSummary } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Paged } from '../lib/ssr-reads';
import { button, click, settle } from '../test/dom';
import * as StockListRoute from './stock-list';
import { fault, page, renderRoute, stock } from './test-kit';

/** The address the loader was asked for, as the list's query: label, sector, sort, order, page. */
type Asked = Record<string, unknown>;

describe('전체 종목: empty, loading and failing (issue 14 §1)', () => {
  it('no company for the filters: says so, and 필터 초기화 leads back to every company', async () => {
    const asked: Asked[] = [];
    renderRoute(StockListRoute, {
      path: '/stock',
      at: '/stock?label=UNISSUED&sector=AI',
      reads: {
        stockList: async (query) => {
          asked.push(query);
          return query.label ? page([]) : page([stock(1, '비상테크')]);
        },
      },
    });
    await settle();
    expect(screen.getByText('조건에 맞는 종목이 없습니다.')).toBeTruthy();
    expect(screen.getByText('시장 구분이나 업종을 바꿔 보세요.')).toBeTruthy();
    expect(screen.getByText('총 0개 종목')).toBeTruthy();

    click(screen.getByRole('link', { name: '필터 초기화' }));
    await settle();
    expect(asked.at(-1)).not.toHaveProperty('label');
    expect(asked.at(-1)).not.toHaveProperty('sector');
    expect(within(screen.getByTestId('stock-list')).getByText('비상테크')).toBeTruthy();
    expect(screen.queryByText('조건에 맞는 종목이 없습니다.')).toBeNull();
  });

  it('no company at all, and a page past the last one, each say their own sentence', async () => {
    const first = renderRoute(StockListRoute, { path: '/stock', reads: { stockList: async () => page([]) } });
    await settle();
    expect(screen.getByText('아직 등록된 종목이 없습니다.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: '필터 초기화' })).toBeNull();
    first.unmount();

    renderRoute(StockListRoute, {
      path: '/stock',
      at: '/stock?sort=price&page=9',
      reads: { stockList: async () => page([], { page: 9, total: 40 }) },
    });
    await settle();
    expect(screen.getByText('이 페이지에는 종목이 없습니다.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '첫 페이지로' }).getAttribute('href')).toBe('/stock?sort=price');
  });

  it('while the next page loads, the list is busy and says so; the new rows then replace it', async () => {
    let answer: (p: Paged<StockSummary>) => void = () => {};
    renderRoute(StockListRoute, {
      path: '/stock',
      reads: {
        stockList: (query) =>
          query.page === 2
            ? new Promise((resolve) => {
                answer = resolve;
              })
            : Promise.resolve(page([stock(1, '비상테크')], { total: 40 })),
      },
    });
    await settle();
    const busy = () => screen.getByTestId('stock-list').parentElement as HTMLElement;
    expect(busy().getAttribute('aria-busy')).toBeNull();

    click(within(screen.getByRole('navigation', { name: '페이지' })).getByRole('link', { name: '2' }));
    await settle();
    expect(busy().getAttribute('aria-busy')).toBe('true');
    expect(within(busy()).getByRole('status').textContent).toBe('목록을 불러오는 중…');
    // The rows stay where they were meanwhile: nothing jumps.
    expect(screen.getByText('비상테크')).toBeTruthy();

    answer(page([stock(2, '별빛소재')], { page: 2, total: 40 }));
    await settle();
    expect(busy().getAttribute('aria-busy')).toBeNull();
    expect(within(busy()).getByRole('status').textContent).toBe('');
    expect(screen.getByText('별빛소재')).toBeTruthy();
  });

  it('a list that cannot be read keeps the title, says so in Korean, and 다시 시도 reads it again', async () => {
    let broken = true;
    renderRoute(StockListRoute, {
      path: '/stock',
      reads: { stockList: async () => (broken ? Promise.reject(fault()) : page([stock(1, '비상테크')])) },
    });
    await settle();
    expect(screen.getByRole('heading', { name: '전체 종목' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('종목 목록을 불러오지 못했습니다.');

    broken = false;
    click(button('다시 시도'));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(screen.getByTestId('stock-list')).getByText('비상테크')).toBeTruthy();
  });
});

import { TRADE_SEARCH_DEBOUNCE_MS } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { button, click, field, settle, type } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { CompanyLookup } from './company-lookup';

const SEARCH = `GET /api/v2/stock/search/${encodeURIComponent('비상')}`;
const found = {
  companyIdx: 4,
  companyName: '비상테크',
  companyLogoUrl: '',
  beesangCode: '900004',
  companyStockCurrentPrice: 3450,
  isFavorite: false,
  priceSource: 'DEMO',
  priceAt: '2026-11-20T05:00:00.000Z',
  priceTradeCount: 0,
};

describe('가격 검토: 종목 찾기 failing and empty (issue 14 §1)', () => {
  it('a failed lookup says so with 다시 시도, which asks again and lists what it finds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = fakeApi({ [SEARCH]: () => ok([found]) });
    api.failNext(SEARCH, 500, '오류');
    renderInApp(<CompanyLookup onChoose={() => {}} />, { user: null });
    type(field('종목 찾기'), '비상');
    await settle(TRADE_SEARCH_DEBOUNCE_MS);
    expect(screen.getByRole('alert').textContent).toContain('종목을 찾지 못했습니다.');

    click(button('다시 시도'));
    await settle(TRADE_SEARCH_DEBOUNCE_MS);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: /비상테크/ })).toBeTruthy();
    expect(api.keys()).toEqual([SEARCH, SEARCH]);
  });

  it('nothing found: says so with the keyword', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fakeApi({ [SEARCH]: () => ok([]) });
    renderInApp(<CompanyLookup onChoose={() => {}} />, { user: null });
    type(field('종목 찾기'), '비상');
    await settle(TRADE_SEARCH_DEBOUNCE_MS);
    expect(screen.getByText('‘비상’에 맞는 종목이 없습니다.')).toBeTruthy();
  });
});

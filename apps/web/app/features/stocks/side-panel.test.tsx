import type { StockProfile } from '@beesang/contract';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidePanel } from './side-panel';

const PROFILE: StockProfile = {
  companyIdx: 7,
  companyName: '비상로보틱스',
  companyLogoUrl: '',
  beesangCode: '900007',
  companyStockCurrentPrice: 105_000,
  stockPriceGap: '5000',
  stockPriceRateGap: '5.00',
  marketCapitalization: 105_000_000_000,
  stockFavorite: false,
  stockLabelType: ['KOTC'],
  sector: 'SOFTWARE',
  priceSource: 'TRADE',
  priceAt: '2026-11-23T05:05:00.000Z',
  priceTradeCount: 3,
  bestBuyPrice: 104_000,
  bestSellPrice: 106_500,
};

const show = (over: Partial<StockProfile> = {}) =>
  render(<SidePanel profile={{ ...PROFILE, ...over }} onToggleFavorite={() => {}} registerLabel="매물 등록" onRegister={() => {}} />);

afterEach(cleanup);

describe('the price says where it came from (decision 0006)', () => {
  it('under a trade price: the counted trades and their time, beside the best 호가', () => {
    show();
    expect(screen.getByTestId('price-provenance').textContent).toBe('확인된 거래 3건 기준 · 11월 23일 14:05');
    expect(screen.getByTestId('best-sell').textContent).toBe('106,500원');
    expect(screen.getByTestId('best-buy').textContent).toBe('104,000원');
  });

  it('an operator’s price, demo data, and a book without listings', () => {
    show({ priceSource: 'MANUAL', bestBuyPrice: null, bestSellPrice: null });
    expect(screen.getByTestId('price-provenance').textContent).toBe('운영자 입력 · 11월 23일 14:05');
    expect(screen.getByTestId('best-sell').textContent).toBe('없음');
    expect(screen.getByTestId('best-buy').textContent).toBe('없음');
    cleanup();
    show({ priceSource: 'DEMO' });
    expect(screen.getByTestId('price-provenance').textContent).toBe('예시 데이터');
  });
});

describe('가격 알림 (issue 23)', () => {
  it('a button under the price block, with how many alerts this company has; no button where the page offers none', () => {
    const onOpen = vi.fn();
    const { rerender } = render(
      <SidePanel
        profile={PROFILE}
        onToggleFavorite={() => {}}
        registerLabel="매물 등록"
        onRegister={() => {}}
        onOpenPriceAlerts={onOpen}
        priceAlertCount={2}
      />,
    );
    const open = screen.getByRole('button', { name: '가격 알림 2개' });
    expect(open.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(open);
    expect(onOpen).toHaveBeenCalledTimes(1);
    rerender(
      <SidePanel
        profile={PROFILE}
        onToggleFavorite={() => {}}
        registerLabel="매물 등록"
        onRegister={() => {}}
        onOpenPriceAlerts={onOpen}
      />,
    );
    expect(screen.getByRole('button', { name: '가격 알림' })).toBeTruthy();
    cleanup();
    show();
    expect(screen.queryByRole('button', { name: /가격 알림/ })).toBeNull();
  });
});

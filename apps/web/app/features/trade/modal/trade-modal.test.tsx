import { messages, SanctionState, TRADE_SEARCH_DEBOUNCE_MS, tradeMessages, UserLevel } from '@beesang/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, dialog, field, notices, settle, type } from '../../../test/dom';
import { ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { gates } from '../../../test/render';
import { OTHER, PROFILE, renderTrade, tradeApi } from '../shared/test-kit';

beforeEach(() => {
  vi.useFakeTimers();
});
const count = () => field('*판매 수량');
const price = () => field('*주당 가격');
const submit = () => button('등록하기');
const total = () => screen.getByTestId('trade-total').textContent;
const alerts = () => notices().map((n) => n.textContent);

function openForStock() {
  click(button('stock register'));
  expect(screen.getByRole('dialog', { name: '매물 등록' })).toBeTruthy();
}

describe('amount inputs', () => {
  it('keep digits only, silently refuse anything else and show thousands separators', () => {
    tradeApi();
    renderTrade();
    openForStock();
    const c = count();
    expect(c.inputMode).toBe('numeric');
    type(c, '12a');
    expect(c.value).toBe('');
    type(c, '1234567');
    expect(c.value).toBe('1,234,567');
    type(c, '1,234,567.5');
    expect(c.value).toBe('1,234,567');
    type(c, '12,34567'); // separators in the wrong place are re-drawn, not refused
    expect(c.value).toBe('1,234,567');
    type(c, '-5');
    expect(c.value).toBe('1,234,567');
    type(c, '007');
    expect(c.value).toBe('7');
    type(c, '');
    expect(c.value).toBe('');
    // The price starts at the stock's current price, with its separator.
    expect(price().value).toBe('10,000');
    type(c, '3');
    expect(total()).toBe('30,000원');
  });
});

describe('submit button', () => {
  it('is enabled only with a company and a count and a price that are not empty or 0; blue for sell, red for buy', () => {
    tradeApi();
    renderTrade();
    click(button('header register'));
    // No company chosen yet.
    type(count(), '10');
    type(price(), '5000');
    expect(submit().disabled).toBe(true);
    click(button('닫기'));

    openForStock();
    expect(submit().disabled).toBe(true); // the count is empty
    type(count(), '0');
    expect(submit().disabled).toBe(true);
    type(count(), '10');
    expect(submit().disabled).toBe(false);
    type(price(), '0');
    expect(submit().disabled).toBe(true);
    type(price(), '');
    expect(submit().disabled).toBe(true);
    type(price(), '9000');
    expect(submit().disabled).toBe(false);
    expect(submit().className).toContain('bg-fall');

    click(screen.getByRole('radio', { name: '매수' }));
    expect(field('*구매 수량').value).toBe('10');
    expect(submit().className).toContain('bg-rise');
  });
});

describe('15 % band hint', () => {
  it('shows at and beyond 15 % from the current price (10,000원), never strictly inside, and does not block', () => {
    tradeApi();
    renderTrade();
    openForStock();
    type(count(), '1');
    const cases: Array<[string, boolean]> = [
      ['8500', true],
      ['8501', false],
      ['10000', false],
      ['11499', false],
      ['11500', true],
      ['1', true],
      ['99999999', true],
    ];
    for (const [value, hinted] of cases) {
      type(price(), value);
      expect(screen.queryByText(tradeMessages.priceBandHint) !== null, value).toBe(hinted);
    }
    type(price(), '8500');
    expect(price().getAttribute('aria-describedby')).toBeTruthy();
    expect(submit().disabled).toBe(false);
  });
});

describe('limit warnings', () => {
  it('a price per share of 100 million or more warns under the register title and sends nothing; fields stay', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    type(count(), '1');
    type(price(), '100000000');
    click(submit());
    await settle();
    expect(alerts()).toContain(`${tradeMessages.registerTitle}${tradeMessages.priceTooHigh}`);
    expect(api.keys()).toEqual([]);
    expect(dialog()).not.toBeNull();
    expect(price().value).toBe('100,000,000');
  });

  it('a total over 9,999,999,999,999원 warns and sends nothing, for a buy as well', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    click(screen.getByRole('radio', { name: '매수' }));
    type(field('*구매 수량'), '100000');
    type(price(), '99999999'); // 9,999,999,900,000: just inside
    click(button('등록하기'));
    await settle();
    expect(api.keys()).toEqual(['POST /api/trade/buy']);

    click(button('stock register'));
    click(screen.getByRole('radio', { name: '매수' }));
    type(field('*구매 수량'), '100001');
    type(price(), '99999999');
    expect(total()).toBe('10,000,099,899,999원');
    click(button('등록하기'));
    await settle();
    expect(alerts()).toContain(`${tradeMessages.registerTitle}${tradeMessages.totalTooHigh}`);
    expect(api.keys()).toEqual(['POST /api/trade/buy']);
    expect(field('*구매 수량').value).toBe('100,001');
  });
});

describe('create', () => {
  it('posts the sale with the logo as its image and an Idempotency-Key, says so, closes and keeps nothing but the company', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    type(count(), '1500');
    type(price(), '9800');
    click(screen.getByRole('checkbox', { name: '가격 협의 가능' }));
    click(submit());
    await settle();
    const call = api.last('POST /api/trade/sell');
    expect(call?.body).toEqual({
      tradeType: 2,
      companyIdx: PROFILE.companyIdx,
      stockCount: 1500,
      stockPerPrice: 9800,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
      stockTradeProofImageUrl: PROFILE.companyLogoUrl,
      unissuedStockProofCheckFlag: false,
      proofType: 'NONE',
    });
    expect(call?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(screen.getByText(tradeMessages.registerDone)).toBeTruthy();
    expect(dialog()).toBeNull();

    click(button('header register'));
    expect(field(/종목/).value).toBe(PROFILE.companyName);
    expect(count().value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '가격 협의 가능' }).checked).toBe(false);
  });

  it('a buy goes to /api/trade/buy without an image', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    click(screen.getByRole('radio', { name: '매수' }));
    type(field('*구매 수량'), '20');
    click(button('등록하기'));
    await settle();
    expect(api.last('POST /api/trade/buy')?.body).toMatchObject({
      tradeType: 1,
      stockTradeProofImageUrl: '',
      unissuedStockProofCheckFlag: false,
    });
  });

  it('a failure keeps every field; a retry of the same draft reuses its key, a changed draft gets a new one', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    type(count(), '40');
    type(price(), '9900');
    api.failNext('POST /api/trade/sell', 500, '서버 오류');
    click(submit());
    await settle();
    expect(screen.getByText(tradeMessages.registerFailed)).toBeTruthy();
    expect(dialog()).not.toBeNull();
    expect([count().value, price().value]).toEqual(['40', '9,900']);

    api.failNext('POST /api/trade/sell', 409, '운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.');
    click(submit());
    await settle();
    expect(screen.getByText('운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.')).toBeTruthy();
    const [first, second] = api.calls.map((c) => c.headers.get('idempotency-key'));
    expect(second).toBe(first);

    type(count(), '41');
    click(submit());
    await settle();
    expect(api.calls[2]?.headers.get('idempotency-key')).not.toBe(first);
    expect(dialog()).toBeNull();
  });
});

describe('a limit reached (issue 10 §4)', () => {
  it("a 429 is a warning notice with the limit's message; the modal and every field stay for later", async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    type(count(), '12');
    type(price(), '9700');
    api.failNext('POST /api/trade/sell', 429, messages.limitListingsPerHour);
    click(submit());
    await settle();
    const notice = screen.getByText(messages.limitListingsPerHour).closest('[data-notice]');
    expect(notice?.querySelector('.bg-warning')).not.toBeNull();
    expect(dialog()).not.toBeNull();
    expect([count().value, price().value]).toEqual(['12', '9,700']);
  });
});

describe('closing and opening', () => {
  it('closing resets the draft but keeps the company; opening for a stock pre-fills its price', () => {
    tradeApi();
    renderTrade();
    openForStock();
    click(screen.getByRole('radio', { name: '매수' }));
    type(field('*구매 수량'), '77');
    type(price(), '12345');
    click(button('닫기'));
    expect(dialog()).toBeNull();
    click(button('header register'));
    expect(screen.getByRole('radio', { name: '매도' }).getAttribute('aria-checked')).toBe('true');
    expect(field(/종목/).value).toBe(PROFILE.companyName);
    expect(count().value).toBe('');
    expect(price().value).toBe('10,000');
  });
});

describe('company search', () => {
  it('waits 500 ms after typing, skips the chosen name, and choosing a result replaces the company', async () => {
    const api = tradeApi();
    renderTrade();
    openForStock();
    const box = screen.getByRole('combobox');
    type(box, PROFILE.companyName);
    await settle(TRADE_SEARCH_DEBOUNCE_MS + 10);
    expect(api.keys()).toEqual([]);

    type(box, '비상모');
    await settle(TRADE_SEARCH_DEBOUNCE_MS - 1);
    expect(api.keys()).toEqual([]);
    await settle(1);
    expect(api.keys()).toEqual([`GET /api/v2/stock/search/${encodeURIComponent('비상모')}`]);
    const list = screen.getByRole('listbox');
    expect(list.style.maxHeight).toBe('280px');
    click(within(list).getByText(OTHER.companyName));
    await settle();
    expect(box).toHaveProperty('value', OTHER.companyName);
    // The untouched pre-filled price follows the new company; the band does too.
    expect(price().value).toBe('4,200');
    expect(screen.queryByText(tradeMessages.priceBandHint)).toBeNull();
    type(price(), '3570');
    expect(screen.getByText(tradeMessages.priceBandHint)).toBeTruthy();
    // An unissued company's sale offers the optional proof.
    expect(screen.getByRole('group', { name: '미발행 주식 증빙 (선택)' })).toBeTruthy();
  });
});

describe('edit', () => {
  it('titles the side, hides the buy/sell toggle, locks the company and patches only count, price and flags', async () => {
    const api = tradeApi();
    renderTrade();
    click(button('edit listing'));
    expect(screen.getByRole('dialog', { name: tradeMessages.editSellTitle })).toBeTruthy();
    expect(screen.queryByRole('radio', { name: '매수' })).toBeNull();
    expect(screen.getByRole('combobox')).toHaveProperty('readOnly', true);
    expect(count().value).toBe('300');
    expect(price().value).toBe('9,800');
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '가격 협의 가능' }).checked).toBe(true);
    type(count(), '250');
    click(button('수정하기'));
    await settle();
    expect(api.last('PATCH /api/trade/501')?.body).toEqual({
      tradeIdx: 501,
      stockCount: 250,
      stockPerPrice: 9800,
      stockCountNegotiationFlag: false,
      stockPriceNegotiationFlag: true,
    });
    expect(api.last('PATCH /api/trade/501')?.headers.get('idempotency-key')).toBeNull();
    expect(screen.getByText(tradeMessages.editDone)).toBeTruthy();
    expect(dialog()).toBeNull();
  });
});

describe('register button rule', () => {
  it('a visitor gets the login dialog, a COMMON member the verification dialog, neither the modal', () => {
    tradeApi();
    renderTrade(null);
    click(button('stock register'));
    expect(gates()).toBe('login open, identity closed');
    expect(dialog()).toBeNull();
    cleanup();
    renderTrade({ ...REGULAR_MEMBER, userLevel: UserLevel.COMMON });
    click(button('header register'));
    expect(gates()).toBe('login closed, identity open');
    expect(dialog()).toBeNull();
  });
});

describe('sanctions', () => {
  it('STOP_TRADE gets the reason at once, for register and edit alike; no modal, no gate, nothing sent', () => {
    const api = tradeApi();
    renderTrade({ ...REGULAR_MEMBER, userLevel: UserLevel.COMMON, sanctionState: SanctionState.STOP_TRADE });
    click(button('stock register'));
    expect(dialog()).toBeNull();
    // Not the verification dialog either: verifying would not lift the sanction.
    expect(gates()).toBe('login closed, identity closed');
    expect(alerts()).toEqual([`${tradeMessages.registerTitle}${tradeMessages.sanctionStopTrade}`]);
    click(button('edit listing'));
    expect(dialog()).toBeNull();
    expect(alerts()).toContain(`${tradeMessages.editSellTitle}${tradeMessages.sanctionStopTrade}`);
    expect(api.calls).toEqual([]);
  });

  it('pressed while the page still reads its member: the modal once a verified member turns up, the ban notice for a banned one', async () => {
    const banned = { ...REGULAR_MEMBER, sanctionState: SanctionState.STOP_TRADE };
    for (const [member, opens] of [
      [REGULAR_MEMBER, true],
      [banned, false],
    ] as const) {
      tradeApi({ 'GET /api/user/myPage/detail': () => ok(member) });
      renderTrade(null, { resumable: true });
      click(button('stock register'));
      expect(dialog()).toBeNull();
      await settle();
      expect(gates()).toBe('login closed, identity closed');
      if (opens) {
        expect(screen.getByRole('dialog', { name: tradeMessages.registerTitle })).toBeTruthy();
        expect(alerts()).toEqual([]);
      } else {
        expect(dialog()).toBeNull();
        expect(alerts()).toEqual([`${tradeMessages.registerTitle}${tradeMessages.sanctionStopTrade}`]);
      }
      cleanup();
    }
  });

  it('a lighter sanction (STOP_DEBATE) still registers listings', () => {
    tradeApi();
    renderTrade({ ...REGULAR_MEMBER, sanctionState: SanctionState.STOP_DEBATE });
    click(button('stock register'));
    expect(screen.getByRole('dialog', { name: tradeMessages.registerTitle })).toBeTruthy();
    expect(alerts()).toEqual([]);
  });
});

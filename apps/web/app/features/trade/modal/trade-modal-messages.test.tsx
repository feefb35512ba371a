import { TradeType } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, dialog, field, settle, type } from '../../../test/dom';
import type { Routes } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { listing, PROFILE, tradeApi } from '../shared/test-kit';
import type { TradeCompany } from '../shared/trade-draft';
import { TradeModalProvider, useTradeModal } from './trade-modal-provider';

/*
 * Spec §5 "Listing" and the listing notices of §8, walked as tables a reviewer can hold against the
 * spec: labels, what the amount inputs keep, the two titled warnings, the 15 % hint at its edges,
 * and the notices after a submit. The spec gives these in English; the Korean is the app's wording
 * (packages/contract tradeMessages), written out here so that a changed wording fails.
 */

beforeEach(() => {
  vi.useFakeTimers();
});

const company = (currentPrice: number): TradeCompany => ({
  companyIdx: PROFILE.companyIdx,
  companyName: PROFILE.companyName,
  companyLogoUrl: PROFILE.companyLogoUrl,
  currentPrice,
  unissued: false,
});

/** The ways into the modal: for a stock at a given current price, with no company, or editing a listing. */
function Openers() {
  const trade = useTradeModal();
  const at = (price: number) => () => trade.register(company(price));
  return (
    <>
      <button type="button" onClick={at(10_000)}>
        at 10000
      </button>
      <button type="button" onClick={at(10_001)}>
        at 10001
      </button>
      <button type="button" onClick={at(4_200)}>
        at 4200
      </button>
      <button type="button" onClick={() => trade.register()}>
        no company
      </button>
      <button type="button" onClick={() => trade.edit(listing({ tradeType: TradeType.SELL }), company(10_000))}>
        edit sell
      </button>
      <button type="button" onClick={() => trade.edit(listing({ tradeType: TradeType.BUY }), company(10_000))}>
        edit buy
      </button>
    </>
  );
}
type Opener = 'at 10000' | 'at 10001' | 'at 4200' | 'no company' | 'edit sell' | 'edit buy';

function open(opener: Opener, routes: Routes = {}) {
  const api = tradeApi(routes);
  renderInApp(
    <TradeModalProvider>
      <Openers />
    </TradeModalProvider>,
  );
  click(button(opener));
  return api;
}
const buySide = () => click(screen.getByRole('radio', { name: '매수' }));
const countField = () => field(/^\*(판매|구매) 수량$/);
const priceField = () => field('*주당 가격');
/** The unit drawn inside the field's box. */
const suffixOf = (input: HTMLElement) => input.parentElement?.querySelector('span[aria-hidden="true"]')?.textContent;
/** A titled notice (spec §8/§9): the title and its text, together in one notice. */
function notice(title: string, text: string): boolean {
  return screen.queryAllByText(text).some((el) => {
    for (let n = el.parentElement, up = 0; n && up < 4; n = n.parentElement, up++) if (n.textContent === `${title}${text}`) return true;
    return false;
  });
}
const submitButton = () => screen.getByRole('button', { name: /^(등록하기|수정하기)$/ }) as HTMLButtonElement;
const offline = () => {
  throw new TypeError('Failed to fetch');
};

describe('spec §5 listing: titles and labels', () => {
  it.each<[Opener, 'sell' | 'buy', string, string, string, string]>([
    // [opened from, side, modal title, count label, count unit, count hint]
    ['at 10000', 'sell', '매물 등록', '*판매 수량', '주', '원하시는 주식 수를 입력해주세요.'],
    ['at 10000', 'buy', '매물 등록', '*구매 수량', '주', '원하시는 주식 수를 입력해주세요.'],
    ['edit sell', 'sell', '매도 수정', '*판매 수량', '주', '원하시는 주식 수를 입력해주세요.'],
    ['edit buy', 'buy', '매수 수정', '*구매 수량', '주', '원하시는 주식 수를 입력해주세요.'],
  ])('%s, %s: title %j, count %j in %j with the hint %j; price *주당 가격 in 원', (opener, side, title, countLabel, unit, hint) => {
    open(opener);
    if (side === 'buy' && !opener.startsWith('edit')) buySide();
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(suffixOf(field(countLabel))).toBe(unit);
    expect(describedError(field(countLabel))).toBe(hint);
    expect(suffixOf(priceField())).toBe('원');
    expect(describedError(priceField())).toBe('');
  });
});

describe('spec §5 listing: amount inputs keep digits only, silently', () => {
  it.each<[string, string]>([
    // [typed over "1,234", shown]
    ['1234567', '1,234,567'],
    ['1,234,567', '1,234,567'],
    ['12,34567', '1,234,567'],
    ['007', '7'],
    ['0', '0'],
    ['', ''],
    ['12a', '1,234'],
    ['-5', '1,234'],
    ['1.5', '1,234'],
    ['1 000', '1,234'],
    ['1e3', '1,234'],
    ['１２', '1,234'],
    ['+12', '1,234'],
  ])('%j → %j', (typed, shown) => {
    open('at 10000');
    for (const input of [countField(), priceField()]) {
      type(input, '1234');
      const before = input.getAttribute('aria-describedby');
      type(input, typed);
      expect(input.value).toBe(shown);
      // A refused keystroke goes without a word: no message, no new description.
      if (shown === '1,234') expect(input.getAttribute('aria-describedby')).toBe(before);
    }
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('spec §5 listing: the two titled warnings abort the submit', () => {
  it.each<['sell' | 'buy', string, string, string]>([
    // [side, count, price, the warning under '매물 등록' ('' = none, the listing is sent)]
    ['sell', '1', '99999999', ''],
    ['sell', '1', '100000000', '1주당 가격은 1억원 미만으로 등록해주세요.'],
    ['sell', '100000', '99999999', ''],
    ['sell', '100001', '99999999', '총 금액은 10조원 미만으로 등록해주세요.'],
    ['sell', '9999999999999', '1', ''],
    ['sell', '10000000000000', '1', '총 금액은 10조원 미만으로 등록해주세요.'],
    // Both over: the price is checked first.
    ['sell', '100001', '100000000', '1주당 가격은 1억원 미만으로 등록해주세요.'],
    ['buy', '1', '100000000', '1주당 가격은 1억원 미만으로 등록해주세요.'],
    ['buy', '100001', '99999999', '총 금액은 10조원 미만으로 등록해주세요.'],
  ])('%s %s주 × %s원 → %j', async (side, count, price, warning) => {
    const api = open('at 10000');
    if (side === 'buy') buySide();
    type(countField(), count);
    type(priceField(), price);
    click(submitButton());
    await settle();
    const path = side === 'buy' ? 'POST /api/trade/buy' : 'POST /api/trade/sell';
    if (warning) {
      expect(notice('매물 등록', warning)).toBe(true);
      expect(api.keys()).toEqual([]);
      // The draft stays for a correction.
      expect(dialog()).not.toBeNull();
      expect(countField().value.replaceAll(',', '')).toBe(count);
    } else {
      expect(api.keys()).toEqual([path]);
      expect(notice('매물 등록', '매물이 등록되었습니다.')).toBe(true);
    }
    for (const w of ['1주당 가격은 1억원 미만으로 등록해주세요.', '총 금액은 10조원 미만으로 등록해주세요.'])
      if (w !== warning) expect(screen.queryByText(w)).toBeNull();
  });

  it('an edit past the limits gets the same warning and sends nothing', async () => {
    const api = open('edit sell');
    type(priceField(), '100000000');
    click(submitButton());
    await settle();
    expect(notice('매물 등록', '1주당 가격은 1억원 미만으로 등록해주세요.')).toBe(true);
    expect(api.keys()).toEqual([]);
  });
});

const HINT = '현재가와 15% 이상 차이가 나는 가격입니다.';

describe('spec §5 listing: the 15 % hint, strictly inside none, at the edge shown', () => {
  it.each<[Opener, string, boolean]>([
    // [current price, price typed, hint shown]; the band's edges are current × 0.85 and × 1.15.
    ['at 10000', '8499', true],
    ['at 10000', '8500', true], // exactly −15 %
    ['at 10000', '8501', false],
    ['at 10000', '10000', false],
    ['at 10000', '11499', false],
    ['at 10000', '11500', true], // exactly +15 %
    ['at 10000', '11501', true],
    ['at 10001', '8500', true], // below 8,500.85
    ['at 10001', '8501', false],
    ['at 10001', '11501', false], // below 11,501.15
    ['at 10001', '11502', true],
    ['at 4200', '3570', true], // exactly −15 %
    ['at 4200', '3571', false],
    ['at 4200', '4829', false],
    ['at 4200', '4830', true], // exactly +15 %
    ['at 4200', '1', true],
    // No company, no current price to differ from.
    ['no company', '1', false],
    ['no company', '99999999', false],
  ])('%s: %s원 → hint %s', (opener, price, hinted) => {
    open(opener);
    type(priceField(), price);
    const hint = screen.queryByText(HINT);
    expect(hint !== null).toBe(hinted);
    if (hint) {
      expect(hint.className).toContain('text-danger');
      expect(describedError(priceField())).toBe(HINT);
    } else expect(describedError(priceField())).toBe('');
  });

  it('the hint never blocks: a price at the edge is registered', async () => {
    const api = open('at 10000');
    type(countField(), '10');
    type(priceField(), '8500');
    expect(screen.getByText(HINT)).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    click(submitButton());
    await settle();
    expect(api.last('POST /api/trade/sell')?.body).toMatchObject({ stockCount: 10, stockPerPrice: 8500 });
  });

  it('an empty or 0 price shows no hint', () => {
    open('at 10000');
    for (const price of ['', '0']) {
      type(priceField(), '1');
      type(priceField(), price);
      expect(screen.queryByText(HINT), price).toBeNull();
    }
  });
});

describe('spec §8 listing notices after the submit', () => {
  it.each<[Opener, 'sell' | 'buy', Routes, string, string]>([
    // [opened from, side, the server's answer, notice title, notice text]
    ['at 10000', 'sell', {}, '매물 등록', '매물이 등록되었습니다.'],
    ['at 10000', 'buy', {}, '매물 등록', '매물이 등록되었습니다.'],
    ['edit sell', 'sell', {}, '매도 수정', '매물이 수정되었습니다.'],
    ['edit buy', 'buy', {}, '매수 수정', '매물이 수정되었습니다.'],
    ['at 10000', 'sell', { 'POST /api/trade/sell': () => new Response('{}', { status: 500 }) }, '매물 등록', '매물 등록에 실패했습니다.'],
    ['at 10000', 'buy', { 'POST /api/trade/buy': () => new Response('{}', { status: 500 }) }, '매물 등록', '매물 등록에 실패했습니다.'],
    ['at 10000', 'sell', { 'POST /api/trade/sell': offline }, '매물 등록', '매물 등록에 실패했습니다.'],
    ['edit sell', 'sell', { 'PATCH /api/trade/501': () => new Response('{}', { status: 500 }) }, '매도 수정', '매물 수정에 실패했습니다.'],
    ['edit buy', 'buy', { 'PATCH /api/trade/501': offline }, '매수 수정', '매물 수정에 실패했습니다.'],
    // The server's own reason, when it gives one, says more than the generic text.
    [
      'at 10000',
      'sell',
      {
        'POST /api/trade/sell': () =>
          Response.json({ message: '운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.', code: 'SANCTIONED' }, { status: 403 }),
      },
      '매물 등록',
      '운영정책 위반으로 매물 등록과 수정이 제한된 계정입니다.',
    ],
  ])('%s (%s) → %j: %j', async (opener, side, routes, title, text) => {
    open(opener, routes);
    if (side === 'buy' && !opener.startsWith('edit')) buySide();
    type(countField(), '12');
    type(priceField(), '9900');
    click(submitButton());
    await settle();
    expect(notice(title, text)).toBe(true);
    // Success closes the modal; a failure keeps it with the draft.
    const failed = !text.endsWith('되었습니다.');
    expect(dialog() !== null).toBe(failed);
  });
});

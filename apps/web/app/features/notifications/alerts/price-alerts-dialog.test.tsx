import { PRICE_ALERTS_MAX, type PriceAlert } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, field, notices, settle, type } from '../../../test/dom';
import { fakeApi, json, ok, type Routes } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { PRICE_ALERTS_PATH } from '../shared/notifications-api';
import { alert } from '../shared/test-kit';
import { LIMIT_REACHED, PriceAlertsDialog } from './price-alerts-dialog';

const COMPANY = { companyIdx: 12, companyName: '비상테크', currentPrice: 12_300 };
const POST = `POST ${PRICE_ALERTS_PATH}`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

function show(initial: PriceAlert[] | null, routes: Routes = {}, failFirst?: string) {
  const api = fakeApi(routes);
  if (failFirst) api.failNext(failFirst, 500, '오류');
  const onCount = vi.fn();
  renderInApp(<PriceAlertsDialog open onClose={() => {}} company={COMPANY} initial={initial} onCount={onCount} />, { path: '/stock/12' });
  return { api, onCount };
}

const price = () => field('알림 가격');
const add = () => button('알림 추가');
const listed = () => screen.queryAllByTestId('price-alert').map((li) => li.textContent);

describe('가격 알림 on the stock page', () => {
  it('starts 5 % above the price now; 아래로 내려가면 moves an untouched price to 5 % below; a typed one stays', () => {
    show([]);
    expect(screen.getByRole('dialog', { name: '가격 알림' }).textContent).toContain('현재가 12,300원');
    expect((screen.getByRole('radio', { name: '위로 넘으면' }) as HTMLInputElement).checked).toBe(true);
    expect(price().value).toBe('12,915');
    expect(describedError(price())).toContain('현재가 12,300원 대비 +5.00%');
    click(screen.getByRole('radio', { name: '아래로 내려가면' }));
    expect(price().value).toBe('11,685');
    expect(describedError(price())).toContain('-5.00%');
    type(price(), '11000');
    expect(price().value).toBe('11,000');
    click(screen.getByRole('radio', { name: '위로 넘으면' }));
    expect(price().value).toBe('11,000');
    // Over a price already passed: said, not refused.
    expect(describedError(price())).toContain('이미 넘은 가격이에요');
  });

  it('adds one: the body the contract asks for, a toast, the list and the page’s count', async () => {
    const { api, onCount } = show([alert(1, { companyIdx: 99, companyName: '다른회사' })], {
      [POST]: (call) => ok(alert(7, call.body as Partial<PriceAlert>)),
    });
    expect(screen.getByText('아직 이 종목에 설정한 알림이 없어요.')).toBeTruthy();
    expect(onCount).toHaveBeenLastCalledWith(0);
    click(add());
    await settle();
    expect(api.last(POST)?.body).toEqual({ companyIdx: 12, direction: 'ABOVE', price: 12_915 });
    expect(listed()).toEqual(['12,915원 위로 넘으면삭제']);
    expect(notices('calm').map((n) => n.textContent)).toContain('가격 알림을 추가했어요.');
    expect(onCount).toHaveBeenLastCalledWith(1);
    expect(screen.getByText(`전체 2 / ${PRICE_ALERTS_MAX}개`)).toBeTruthy();
  });

  it('a missing or too large price is refused under the field in the contract’s words, sending nothing', async () => {
    const { api } = show([]);
    type(price(), '');
    click(add());
    await settle();
    expect(describedError(price())).toContain('알림 가격을 1원 이상 입력해주세요.');
    expect(price().getAttribute('aria-invalid')).toBe('true');
    type(price(), '100000000');
    click(add());
    await settle();
    expect(describedError(price())).toContain('알림 가격은 1억원 미만으로 입력해주세요.');
    expect(api.calls).toHaveLength(0);
  });

  it(`${PRICE_ALERTS_MAX} alerts over every company: no more can be added, and it says why`, () => {
    const full = Array.from({ length: PRICE_ALERTS_MAX }, (_, i) => alert(i + 1, { companyIdx: 100 + i }));
    show(full);
    expect(add().disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe(LIMIT_REACHED);
  });

  it('the API refusing the 50th (another tab added one meanwhile) says its message under the form', async () => {
    const refusal = '가격 알림은 50개까지 만들 수 있어요.';
    const { api } = show([alert(1, { companyIdx: 99 })], { [POST]: () => json({ message: refusal, code: 'PRICE_ALERTS_MAX' }, 400) });
    click(add());
    await settle();
    expect(api.keys()).toEqual([POST]);
    expect(screen.getByRole('alert').textContent).toBe(refusal);
    expect(listed()).toEqual([]);
    expect(notices('urgent')).toHaveLength(0);
  });

  it('삭제 takes one away', async () => {
    const { api, onCount } = show([alert(3, { direction: 'BELOW', price: 11_000, lastFiredAt: '2026-11-25T01:00:00.000Z' }), alert(4)], {
      'DELETE /api/price-alerts/3': () => ok(true),
    });
    expect(listed()).toEqual(['11,000원 아래로 내려가면마지막 알림 2026.11.25삭제', '13,000원 위로 넘으면삭제']);
    click(button('11,000원 아래로 내려가면 알림 삭제'));
    await settle();
    expect(api.keys()).toEqual(['DELETE /api/price-alerts/3']);
    expect(listed()).toEqual(['13,000원 위로 넘으면삭제']);
    expect(onCount).toHaveBeenLastCalledWith(1);
  });

  it('without the page’s alerts they are read on opening; a failure offers 다시 시도', async () => {
    const GET = `GET ${PRICE_ALERTS_PATH}`;
    const { api } = show(null, { [GET]: () => ok({ data: [alert(5)] }) }, GET);
    expect(add().disabled).toBe(true);
    await settle();
    const dialog = screen.getByRole('dialog', { name: '가격 알림' });
    expect(within(dialog).getByText('가격 알림을 불러오지 못했습니다.')).toBeTruthy();
    click(button('다시 시도'));
    await settle();
    expect(listed()).toEqual(['13,000원 위로 넘으면삭제']);
    expect(api.keys()).toEqual([GET, GET]);
    expect(add().disabled).toBe(false);
  });
});

import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, dialog, field, notices, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, ok, type Routes } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { favoriteAlertPath } from '../shared/notifications-api';
import { FavoriteAlertButton } from './favorite-alert-button';
import { FAVORITE_PRICE_ERROR } from './favorite-alert-form';

const GET = `GET ${favoriteAlertPath(12)}`;
const PUT = `PUT ${favoriteAlertPath(12)}`;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

function show(routes: Routes) {
  const api = fakeApi({ [PUT]: (call) => ok({ companyIdx: 12, ...(call.body as object) }), ...routes });
  renderInApp(<FavoriteAlertButton companyIdx={12} companyName="비상테크" />, { path: '/favorite' });
  return api;
}

const toggle = () => screen.getByRole('switch', { name: '비상테크 새 매물 알림 받기' }) as HTMLInputElement;
const price = () => field('가격 조건 (선택)');

describe('새 매물 알림 on a favourite', () => {
  it('nothing is read until the bell is pressed; then the setting, on by default, every new listing', async () => {
    const api = show({ [GET]: () => ok({ companyIdx: 12, enabled: true, price: null }) });
    expect(api.calls).toHaveLength(0);
    click(button('비상테크 새 매물 알림 설정'));
    await settle();
    expect(api.keys()).toEqual([GET]);
    expect(dialog()?.getAttribute('aria-modal')).toBe('true');
    expect(toggle().checked).toBe(true);
    expect(price().value).toBe('');
    expect(describedError(price())).toContain('매도 매물은 이 가격 이하, 매수 매물은 이 가격 이상');
  });

  it('a price condition is saved with PUT, said in the notice, and the bell then says it is on', async () => {
    const api = show({ [GET]: () => ok({ companyIdx: 12, enabled: true, price: null }) });
    click(button('비상테크 새 매물 알림 설정'));
    await settle();
    type(price(), '12000');
    expect(price().value).toBe('12,000');
    click(button('저장'));
    await settle();
    expect(api.last(PUT)?.body).toEqual({ enabled: true, price: 12_000 });
    expect(notices('calm')[0]?.textContent).toContain('비상테크에 12,000원 조건에 맞는 새 매물이 올라오면 알려드릴게요.');
    expect(dialog()).toBeNull();
    expect(button('비상테크 새 매물 알림 설정, 켜짐')).toBeTruthy();
  });

  it('off: the price is set aside and not sent; the bell says it is off', async () => {
    const api = show({ [GET]: () => ok({ companyIdx: 12, enabled: true, price: 9_000 }) });
    click(button('비상테크 새 매물 알림 설정'));
    await settle();
    expect(price().value).toBe('9,000');
    click(toggle());
    expect(price().disabled).toBe(true);
    click(button('저장'));
    await settle();
    expect(api.last(PUT)?.body).toEqual({ enabled: false, price: null });
    expect(notices('calm')[0]?.textContent).toContain('비상테크의 새 매물 알림을 껐어요.');
    expect(button('비상테크 새 매물 알림 설정, 꺼짐').dataset.alert).toBe('off');
  });

  it('a price past the bounds is refused under the field; a failed save keeps the dialog and says why', async () => {
    const api = show({ [GET]: () => ok({ companyIdx: 12, enabled: true, price: null }) });
    click(button('비상테크 새 매물 알림 설정'));
    await settle();
    type(price(), '100000000');
    click(button('저장'));
    await settle();
    expect(describedError(price())).toContain(FAVORITE_PRICE_ERROR);
    expect(api.keys()).toEqual([GET]);
    type(price(), '5000');
    api.failNext(PUT, 404, '관심 종목에 없는 종목이에요.');
    click(button('저장'));
    await settle();
    expect(urgentNotice().textContent).toContain('관심 종목에 없는 종목이에요.');
    expect(dialog()).not.toBeNull();
  });
});

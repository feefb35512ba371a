import type { NotificationSettings } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, notices, settle, urgentNotice } from '../../../test/dom';
import { fakeApi, ok, type Routes } from '../../../test/fake-api';
import { renderInApp } from '../../../test/render';
import { NOTIFICATION_SETTINGS_PATH } from '../shared/notifications-api';
import { settings } from '../shared/test-kit';
import { MARKETING_LABEL, NIGHT_LABEL } from './consent-fields';
import { NotificationSettingsSection } from './notification-settings';

const PUT = `PUT ${NOTIFICATION_SETTINGS_PATH}`;
const GET = `GET ${NOTIFICATION_SETTINGS_PATH}`;
const NOW = new Date('2026-11-26T01:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

/** The PUT answers what it was sent, as the API does. */
const echo: Routes = { [PUT]: (call) => ok(call.body) };

function show(initial: NotificationSettings | null, routes: Routes = echo, failFirst?: string) {
  const api = fakeApi(routes);
  if (failFirst) api.failNext(failFirst, 500, '오류');
  renderInApp(<NotificationSettingsSection initial={initial} clock={() => NOW} />, { path: '/myPage' });
  return api;
}

const toggle = (name: string) => screen.getByRole('switch', { name }) as HTMLInputElement;
const save = () => button('알림 설정 저장');

describe('/myPage › 알림 설정', () => {
  it('a switch per group and channel in a table, named by both; saving sends the whole settings with PUT and says so', async () => {
    const api = show(settings());
    const table = screen.getByRole('table', { name: '알림 종류별로 받을 곳' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['알림', '사이트', '브라우저', '앱']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent?.slice(0, 8)),
    ).toHaveLength(6);
    expect(within(table).getAllByRole('switch')).toHaveLength(18);
    expect(toggle('가격 알림 브라우저').checked).toBe(true);
    // Nothing changed: nothing to save.
    expect(save().disabled).toBe(true);

    click(toggle('가격 알림 브라우저'));
    click(toggle('거래 제안과 메시지 앱'));
    expect(save().disabled).toBe(false);
    click(save());
    await settle();
    const sent = api.last(PUT)?.body as NotificationSettings;
    expect(sent.groups.priceAlerts).toEqual({ site: true, webPush: false, app: true });
    expect(sent.groups.deals).toEqual({ site: true, webPush: true, app: false });
    expect(sent.marketingFlag).toBe(false);
    const [notice] = notices('calm');
    expect(notice?.textContent).toContain('알림 설정');
    expect(notice?.textContent).toContain('알림 설정을 저장했어요.');
    expect(save().disabled).toBe(true);
  });

  it('the night-time consent needs the advertising one: off and disabled without it, turned off with it', async () => {
    const api = show(settings());
    expect(toggle(NIGHT_LABEL).disabled).toBe(true);
    expect(toggle(NIGHT_LABEL).checked).toBe(false);
    // The advertising row of the table waits for the consent too.
    expect(toggle('이벤트·혜택 (광고) 브라우저').disabled).toBe(true);

    click(toggle(MARKETING_LABEL));
    expect(toggle(NIGHT_LABEL).disabled).toBe(false);
    expect(toggle('이벤트·혜택 (광고) 브라우저').disabled).toBe(false);
    click(toggle(NIGHT_LABEL));
    expect(toggle(NIGHT_LABEL).checked).toBe(true);

    // Taking the advertising consent back takes the night-time one with it.
    click(toggle(MARKETING_LABEL));
    expect(toggle(NIGHT_LABEL).checked).toBe(false);
    expect(toggle(NIGHT_LABEL).disabled).toBe(true);
    click(toggle(MARKETING_LABEL));
    click(toggle(NIGHT_LABEL));
    click(save());
    await settle();
    expect(api.last(PUT)?.body).toMatchObject({ marketingFlag: true, nighttimeAlarmFlag: true });
    // A consent given is confirmed with its date.
    expect(notices('calm')[0]?.textContent).toContain('2026.11.26 광고성 정보 수신에 동의하셨어요.');
  });

  it('withdrawing the consent is confirmed with its date, and sends both flags off', async () => {
    const api = show(settings({ marketingFlag: true, nighttimeAlarmFlag: true }));
    expect(toggle(NIGHT_LABEL).checked).toBe(true);
    click(toggle(MARKETING_LABEL));
    click(save());
    await settle();
    expect(api.last(PUT)?.body).toMatchObject({ marketingFlag: false, nighttimeAlarmFlag: false });
    expect(notices('calm')[0]?.textContent).toContain('2026.11.26 광고성 정보 수신 동의를 철회하셨어요.');
  });

  it('a refused save keeps the changes and says why', async () => {
    const api = show(settings());
    api.failNext(PUT, 400, '입력값을 확인해주세요.');
    click(toggle('로그인과 비밀번호 변경 앱'));
    click(save());
    await settle();
    expect(urgentNotice().textContent).toContain('입력값을 확인해주세요.');
    expect(toggle('로그인과 비밀번호 변경 앱').checked).toBe(false);
    expect(save().disabled).toBe(false);
  });

  it('without settings from the page it reads them; a failure offers 다시 시도', async () => {
    const api = show(null, { ...echo, [GET]: () => ok(settings({ marketingFlag: true })) }, GET);
    expect(screen.getByText('알림 설정을 불러오는 중…')).toBeTruthy();
    await settle();
    expect(screen.getByText('알림 설정을 불러오지 못했습니다.')).toBeTruthy();
    click(button('다시 시도'));
    await settle();
    expect(toggle(MARKETING_LABEL).checked).toBe(true);
    expect(api.keys()).toEqual([GET, GET]);
  });
});

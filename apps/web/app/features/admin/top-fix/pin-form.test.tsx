import { describe, expect, it } from 'vitest';
import { button, click, describedError, field, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { PinForm } from './pin-form';

const moderator = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };
// 2026-11-20 14:00 in Seoul.
const NOW = Date.parse('2026-11-20T05:00:00.000Z');
const clock = () => NOW;
const PIN = 'POST /api/admin/trade/123/top-fix';

describe('the pin form (상단 고정)', () => {
  it('ends a week from now by default, entered and sent as Seoul time', async () => {
    const api = fakeApi({ [PIN]: () => ok(true) });
    renderInApp(<PinForm clock={clock} />, { user: moderator });
    expect(field(/고정 종료/).value).toBe('2026-11-27T14:00');

    type(field('매물 번호'), '123');
    type(field(/고정 종료/), '2026-11-30T09:30');
    click(button('고정'));
    await settle();
    expect(api.last(PIN)?.body).toEqual({ endsAt: '2026-11-30T00:30:00.000Z' });
    expect(field('매물 번호').value).toBe('');
  });

  it('refuses a missing number, letters and an end in the past under their fields, sending nothing', async () => {
    const api = fakeApi();
    renderInApp(<PinForm clock={clock} />, { user: moderator });
    click(button('고정'));
    await settle();
    expect(describedError(field('매물 번호'))).toContain('고정할 매물 번호를 입력해주세요.');

    type(field('매물 번호'), '12a'); // digits only: the letter never lands
    expect(field('매물 번호').value).toBe('12');
    type(field(/고정 종료/), '2026-11-20T13:59');
    click(button('고정'));
    await settle();
    expect(describedError(field(/고정 종료/))).toContain('종료 시각은 지금 이후여야 합니다.');
    expect(field('매물 번호').getAttribute('aria-invalid')).toBeNull();

    type(field(/고정 종료/), '');
    click(button('고정'));
    await settle();
    expect(describedError(field(/고정 종료/))).toContain('고정을 끝낼 일시를 입력해주세요.');
    expect(api.calls).toHaveLength(0);
  });

  it('a preset moves the end; the API’s refusal of the listing shows under the number', async () => {
    const api = fakeApi();
    api.failNext(PIN, 409, '진행 중인 매물만 상단에 고정할 수 있습니다.');
    renderInApp(<PinForm clock={clock} />, { user: moderator });
    click(button('종료를 지금부터 30일 뒤로'));
    expect(field(/고정 종료/).value).toBe('2026-12-20T14:00');
    type(field('매물 번호'), '123');
    click(button('고정'));
    await settle();
    expect(api.last(PIN)?.body).toEqual({ endsAt: '2026-12-20T05:00:00.000Z' });
    expect(describedError(field('매물 번호'))).toContain('진행 중인 매물만 상단에 고정할 수 있습니다.');
    expect(urgentNotice().textContent).toContain('상단 고정');
  });
});

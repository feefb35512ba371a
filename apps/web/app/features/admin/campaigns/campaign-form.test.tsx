import { MARKETING_OPT_OUT } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, describedError, dialog, field, notices, settle, type } from '../../../test/dom';
import { type Call, fakeApi, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { CAMPAIGNS_PATH, type CampaignInput, campaignPreviewPath } from './campaign-api';
import { CampaignForm } from './campaign-form';
import { reachText } from './campaign-preview';

const EDITOR = { ...REGULAR_MEMBER, staffRole: 'EDITOR' as const };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

/** The API's preview: the text as members read it, and 1,234 consenting members at night (34 held until 08:00). */
function answer(call: Call) {
  const q = new URL(call.path, 'http://x').searchParams;
  return {
    consenting: 1_234,
    now: 1_200,
    heldUntilMorning: 34,
    title: `(광고) ${q.get('title')}`,
    body: `${q.get('body')}\n${MARKETING_OPT_OUT}`,
  };
}

function show() {
  const api = fakeApi(
    {
      [`POST ${CAMPAIGNS_PATH}`]: (call) =>
        ok({ ...answer({ ...call, path: `/?${new URLSearchParams({ ...(call.body as CampaignInput) })}` }), campaignId: 17 }),
    },
    (call) => (call.method === 'GET' && call.path.startsWith(`${CAMPAIGNS_PATH}/preview?`) ? ok(answer(call)) : undefined),
  );
  renderInApp(<CampaignForm />, { user: EDITOR, path: '/admin/campaigns' });
  return api;
}

const message = () => screen.getByTestId('campaign-message').textContent;
const INPUT = { title: '겨울 이벤트', body: '관심 종목 3개 등록하면 커피 쿠폰을 드려요.', url: '/event/3' };
function fill(input: CampaignInput = INPUT) {
  type(field('제목'), input.title);
  type(field('내용'), input.body);
  type(field('연결할 주소 (선택)'), input.url);
}

describe('캠페인 (광고) in the console', () => {
  it('previews the message as members read it, (광고) first and the opt-out last, then whom it reaches from the API', async () => {
    const api = show();
    expect(message()).toContain('제목과 내용을 입력하면');
    fill();
    // At once, by the same rule; the API's text once typing pauses.
    expect(message()).toContain('(광고) 겨울 이벤트');
    expect(message()).toContain(MARKETING_OPT_OUT);
    expect(message()).toContain('누르면 /event/3');
    expect(api.calls).toHaveLength(0);
    await settle(450);
    expect(api.keys()).toEqual([`GET ${campaignPreviewPath(INPUT)}`]);
    const reach = screen.getByTestId('campaign-reach');
    expect(
      within(reach)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['1,234명', '1,200명', '34명']);
    expect(reach.textContent).toContain('오전 8시에 받는 회원');
  });

  it('refuses a missing title or body and an address off the site under their fields, in the contract’s words, sending nothing', async () => {
    const api = show();
    click(button('보내기'));
    await settle();
    expect(describedError(field('제목'))).toContain('제목을 입력해주세요.');
    expect(describedError(field('내용'))).toContain('내용을 입력해주세요.');
    fill({ ...INPUT, url: 'https://evil.example' });
    click(button('보내기'));
    await settle();
    expect(describedError(field('연결할 주소 (선택)'))).toContain('사이트 안의 주소(/로 시작)를 입력해주세요.');
    expect(describedError(field('제목'))).not.toContain('제목을 입력해주세요.');
    expect(api.keys().filter((k) => k.startsWith('POST'))).toEqual([]);
    expect(dialog()).toBeNull();
  });

  it('보내기 asks first, stating the reach as it is now; confirming sends it and a titled notice says to whom', async () => {
    const api = show();
    fill();
    click(button('보내기'));
    await settle();
    const confirm = screen.getByRole('dialog', { name: '캠페인을 보낼까요?' });
    expect(within(confirm).getByTestId('campaign-confirm-reach').textContent).toBe(
      '광고성 정보 수신에 동의한 회원 1,234명에게 보냅니다. 지금 1,200명이 받고, 34명은 야간 수신 동의가 없어 오전 8시에 받습니다.',
    );
    expect(api.keys().filter((k) => k.startsWith('POST'))).toEqual([]);
    click(within(confirm).getByRole('button', { name: '보내기' }));
    await settle();
    expect(api.last(`POST ${CAMPAIGNS_PATH}`)?.body).toEqual(INPUT);
    const [notice] = notices('calm');
    expect(notice?.textContent).toContain('캠페인 발송');
    expect(notice?.textContent).toContain('캠페인 #17: 광고성 정보 수신에 동의한 회원 1,234명에게 보냅니다.');
    expect(dialog()).toBeNull();
    expect(field('제목').value).toBe('');
  });

  it('취소 sends nothing and keeps what was written', async () => {
    const api = show();
    fill();
    click(button('보내기'));
    await settle();
    click(within(screen.getByRole('dialog')).getByRole('button', { name: '취소' }));
    await settle();
    expect(api.keys().filter((k) => k.startsWith('POST'))).toEqual([]);
    expect(field('제목').value).toBe('겨울 이벤트');
  });
});

describe('the reach in words', () => {
  it('in the day (or with every consent for the night) everyone gets it now', () => {
    expect(reachText({ consenting: 1_234, now: 1_234, heldUntilMorning: 0, title: '', body: '' })).toBe(
      '광고성 정보 수신에 동의한 회원 1,234명에게 보냅니다. 지금 1,234명이 받습니다.',
    );
  });
});

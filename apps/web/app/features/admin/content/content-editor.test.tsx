import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { button, click, field, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import type { AdminContentRow } from './content-api';
import { ContentEditor } from './content-editor';
import { PREVIEW_DEBOUNCE_MS } from './use-preview';

const editor = { ...REGULAR_MEMBER, staffRole: 'EDITOR' as const };
const NOW = Date.parse('2026-11-20T05:00:00.000Z');
const clock = () => NOW;
const PREVIEW = 'POST /api/admin/content/preview';
const CREATE = 'POST /api/admin/content/notice';

describe('the content editor (issue 11 §3)', () => {
  it('asks for the preview once typing pauses and shows the sanitised HTML', async () => {
    vi.useFakeTimers();
    const api = fakeApi({ [PREVIEW]: (c) => ok({ bodyHtml: `<h2>${(c.body as { body: string }).body.slice(3)}</h2>` }) });
    renderInApp(<ContentEditor kind="notice" row={null} onClose={() => {}} clock={clock} />, { user: editor });
    expect(screen.getByText(/본문을 입력하면/)).toBeTruthy();

    type(field(/본문/), '## 점');
    type(field(/본문/), '## 점검 안내');
    await settle(PREVIEW_DEBOUNCE_MS - 50);
    expect(api.keys()).not.toContain(PREVIEW);
    await settle(100);
    expect(api.calls.filter((c) => c.key === PREVIEW).map((c) => c.body)).toEqual([{ body: '## 점검 안내' }]);
    expect(screen.getByTestId('content-preview').innerHTML).toBe('<h2>점검 안내</h2>');
  });

  it('a failed save keeps everything typed and puts the API’s message under its field', async () => {
    const api = fakeApi({ [PREVIEW]: () => ok({ bodyHtml: '<p>본문</p>' }) });
    api.failNext(CREATE, 400, '입력값을 확인해주세요.');
    const onClose = vi.fn();
    renderInApp(<ContentEditor kind="notice" row={null} onClose={onClose} clock={clock} />, { user: editor });
    type(field('제목'), '서버 점검 안내');
    type(field(/본문/), '11월 21일 02:00부터 점검합니다.');

    // The contract's rules run first: an empty title is refused here, nothing is sent.
    type(field('제목'), '   ');
    click(button('저장하고 게시'));
    await settle();
    expect(api.keys()).not.toContain(CREATE);
    expect(screen.getByText('제목을 200자 이내로 입력해주세요.')).toBeTruthy();

    type(field('제목'), '서버 점검 안내');
    click(button('저장하고 게시'));
    await settle();
    expect(api.last(CREATE)?.body).toMatchObject({ title: '서버 점검 안내', body: '11월 21일 02:00부터 점검합니다.', published: true });
    expect(onClose).not.toHaveBeenCalled();
    expect(urgentNotice().textContent).toContain('입력값을 확인해주세요.');
    expect(field('제목').value).toBe('서버 점검 안내');
    expect(field(/본문/).value).toBe('11월 21일 02:00부터 점검합니다.');
  });

  it('a refused field shows its own message under it, and a later save still carries the typed text', async () => {
    let attempt = 0;
    const row: AdminContentRow = {
      id: 5,
      kind: 'notice',
      title: '이벤트 안내',
      summary: '',
      thumbnailUrl: '',
      source: '',
      pinned: false,
      eventStartsAt: null,
      eventEndsAt: null,
      publishedAt: '2026-11-19T01:00:00.000Z',
      body: '본문',
      published: false,
      state: 'DRAFT',
    };
    const refusal = {
      message: '이미지를 확인해주세요.',
      code: 'BAD_REQUEST',
      fields: { imageUrl: '이미지는 비상에 올린 파일만 쓸 수 있습니다.' },
    };
    const api = fakeApi({
      'PATCH /api/admin/content/notice/5': () => (++attempt === 1 ? json(refusal, 400) : ok(true)),
      [PREVIEW]: () => ok({ bodyHtml: '' }),
    });
    const onClose = vi.fn();
    renderInApp(<ContentEditor kind="notice" row={row} onClose={onClose} clock={clock} />, { user: editor });
    expect(screen.getByDisplayValue('2026-11-19T10:00')).toBeTruthy();
    type(field('제목'), '이벤트 안내 (수정)');
    click(button('임시저장'));
    await settle();
    expect(screen.getByText('이미지는 비상에 올린 파일만 쓸 수 있습니다.')).toBeTruthy();
    expect(field('제목').value).toBe('이벤트 안내 (수정)');
    click(button('임시저장'));
    await settle();
    expect(api.last('PATCH /api/admin/content/notice/5')?.body).toMatchObject({ title: '이벤트 안내 (수정)', published: false });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

import type { ContentKind, ContentSummary } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Paged } from '../lib/ssr-reads';
import { button, click, settle } from '../test/dom';
import * as ContentListRoute from './content-list';
import { fault, page, post, renderRoute } from './test-kit';

describe('공지사항, 이벤트, 뉴스, 시황: empty, loading and failing (issue 14 §1)', () => {
  it.each([
    ['/notice', '아직 등록된 공지사항이 없습니다.'],
    ['/event', '아직 등록된 이벤트가 없습니다.'],
    ['/unlisted/news', '아직 등록된 뉴스가 없습니다.'],
    ['/unlisted/market', '아직 등록된 시황이 없습니다.'],
  ])('%s with no posts says %j', async (path, sentence) => {
    const asked: ContentKind[] = [];
    renderRoute(ContentListRoute, {
      path,
      reads: {
        contentList: async (kind) => {
          asked.push(kind);
          return page([]);
        },
      },
    });
    await settle();
    expect(screen.getByText(sentence)).toBeTruthy();
    expect(screen.getByText('새 글이 올라오면 이곳에 보입니다.')).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('a page past the last one leads back to the first', async () => {
    renderRoute(ContentListRoute, {
      path: '/notice',
      at: '/notice?page=7',
      reads: { contentList: async (_kind, n) => page([], { page: n, total: 0, size: 15 }) },
    });
    await settle();
    expect(screen.getByText('이 페이지에는 글이 없습니다.')).toBeTruthy();
    expect(screen.queryByText('아직 등록된 공지사항이 없습니다.')).toBeNull();
    click(screen.getByRole('link', { name: '첫 페이지로' }));
    await settle();
    expect(screen.getByText('아직 등록된 공지사항이 없습니다.')).toBeTruthy();
  });

  it('while another page loads the list is busy and says so', async () => {
    let answer: (p: Paged<ContentSummary>) => void = () => {};
    renderRoute(ContentListRoute, {
      path: '/unlisted/news',
      reads: {
        contentList: (_kind, n) =>
          n === 2
            ? new Promise((resolve) => {
                answer = resolve;
              })
            : Promise.resolve(page([post(1, 'news', '첫 뉴스')], { total: 30, size: 15 })),
      },
    });
    await settle();
    click(within(screen.getByRole('navigation', { name: '페이지' })).getByRole('link', { name: '2' }));
    await settle();
    const list = screen.getByText('첫 뉴스').closest('[aria-busy]') as HTMLElement;
    expect(list.getAttribute('aria-busy')).toBe('true');
    expect(within(list).getByRole('status').textContent).toBe('목록을 불러오는 중…');
    answer(page([post(2, 'news', '둘째 뉴스')], { page: 2, total: 30, size: 15 }));
    await settle();
    expect(screen.getByText('둘째 뉴스').closest('[aria-busy]')).toBeNull();
  });

  it('a list that cannot be read keeps the title, says what failed, and 다시 시도 reads it again', async () => {
    let broken = true;
    renderRoute(ContentListRoute, {
      path: '/event',
      reads: { contentList: async (kind) => (broken ? Promise.reject(fault()) : page([post(3, kind, '가을 이벤트')])) },
    });
    await settle();
    expect(screen.getByRole('heading', { name: '이벤트' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('이벤트를 불러오지 못했습니다.');
    expect(screen.getByRole('alert').textContent).toContain('연결 상태를 확인한 뒤 다시 시도해주세요.');

    broken = false;
    click(button('다시 시도'));
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: /가을 이벤트/ }).getAttribute('href')).toBe('/event/3');
  });

  it('a read the API answers with 404 is the 404 page, not a failure to retry', async () => {
    renderRoute(ContentListRoute, {
      path: '/notice',
      reads: { contentList: async () => Promise.reject(Object.assign(new Error('missing'), { statusCode: 404, code: 'NOT_FOUND' })) },
    });
    await settle();
    expect(screen.getByRole('heading', { name: '페이지를 찾을 수 없습니다' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '다시 시도' })).toBeNull();
  });
});

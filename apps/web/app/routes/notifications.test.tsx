import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { list, notification } from '../features/notifications/shared/test-kit';
import { createLoadContext } from '../lib/server-context';
import type { SsrReads } from '../lib/ssr-reads';
import { settle } from '../test/dom';
import { fakeApi } from '../test/fake-api';
import { REGULAR_MEMBER } from '../test/members';
import * as Notifications from './notifications';
import { renderRoute } from './test-kit';

describe('/notifications', () => {
  it('a visitor reads what the page is for and gets the login button; nothing is read', async () => {
    const api = fakeApi();
    renderRoute(Notifications, { path: '/notifications', user: null });
    await settle();
    expect(screen.getByRole('heading', { name: '알림' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '로그인' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('a member’s first HTML carries the page the loader read, with its page number for the links', async () => {
    const api = fakeApi();
    renderRoute(Notifications, {
      path: '/notifications',
      at: '/notifications?page=2',
      user: REGULAR_MEMBER,
      // The loader reads with the member's cookie, which a test's Request cannot carry.
      loader: () => ({ list: list([notification(30, { title: '지난 가격 알림' })], { page: 2, total: 21 }), page: 2 }),
    });
    await settle();
    expect(screen.getByText('지난 가격 알림')).toBeTruthy();
    expect(screen.getByRole('link', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(api.keys().filter((k) => k.startsWith('GET /api/notifications?'))).toEqual([]);
  });
});

describe('/notifications loader', () => {
  it('reads the page the address names (1 when it names none or nonsense), 20 a page, with the member’s cookie', async () => {
    const asked: unknown[] = [];
    const reads = {
      notifications: async (q: unknown) => {
        asked.push(q);
        return list([]);
      },
    } as unknown as SsrReads;
    const context = createLoadContext({
      reads,
      log: { error() {}, warn() {} },
      demoData: () => false,
      publicUrl: 'http://localhost',
      nonce: '',
    });
    const load = (query: string, cookie = 'ACCESS_TOKEN=a') =>
      Notifications.loader({
        context,
        params: {},
        // A plain request: the DOM's Request drops a Cookie header, as a browser's does.
        request: { url: `http://localhost/notifications${query}`, headers: new Headers({ cookie }) },
      } as never);
    expect((await load('?page=3')).page).toBe(3);
    expect((await load('?page=abc')).page).toBe(1);
    expect(await load('', '')).toEqual({ list: null, page: 1 });
    expect(asked).toEqual([
      { page: 3, size: 20 },
      { page: 1, size: 20 },
    ]);
  });
});

import { dealMessages, messages, type AdminConversation as Reading } from '@beesang/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createLoadContext } from '../lib/server-context';
import type { SsrReads } from '../lib/ssr-reads';
import { settle } from '../test/dom';
import { fakeApi } from '../test/fake-api';
import { REGULAR_MEMBER } from '../test/members';
import * as AdminConversation from './admin-conversation';
import { renderRoute } from './test-kit';

const moderator = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };

/** Runs the route's loader as the server does (a Request with the session cookie), its reading answered by `read`. */
async function load(id: string, read: (id: number) => Promise<Reading>) {
  const asked: number[] = [];
  const context = createLoadContext({
    reads: {
      adminConversation: (n: number) => {
        asked.push(n);
        return read(n);
      },
    } as Partial<SsrReads> as SsrReads,
    log: { error: () => {}, warn: () => {} },
    demoData: () => false,
    publicUrl: 'http://localhost',
    nonce: '',
  });
  // A browser-like test environment drops `cookie` from a Request; the server's requests keep it.
  const request = { url: `http://localhost/admin/conversations/${id}`, headers: new Headers({ cookie: 'ACCESS_TOKEN=t' }) };
  const data = await AdminConversation.loader({ context, request, params: { id } } as never);
  return { data, asked };
}

const refusal = (statusCode: number, code: string) => Object.assign(new Error('refused'), { statusCode, code });

/** The reading's page when there is nothing to read (the reading itself: features/admin/conversations). */
describe('/admin/conversations/:id', () => {
  it('reads the conversation once per visit; a refusal keeps why, a fault leaves it to 다시 시도', async () => {
    const conversation = { conversationId: 31 } as Reading;
    const read = await load('31', async () => conversation);
    expect(read).toEqual({ data: { conversation, refusal: null }, asked: [31] });

    const unreported = await load('31', () => Promise.reject(refusal(403, 'NOT_REPORTED')));
    expect(unreported.data).toEqual({ conversation: null, refusal: messages.adminConversationNotReported });
    const missing = await load('x', () => Promise.reject(refusal(400, 'BAD_REQUEST')));
    expect(missing.data).toEqual({ conversation: null, refusal: dealMessages.conversationNotFound });
    const broken = await load('31', () => Promise.reject(new Error('database down')));
    expect(broken.data).toEqual({ conversation: null, refusal: null });
  });

  it('a conversation nobody reported, or none at all, says why it is not shown; a failure offers 다시 시도', async () => {
    fakeApi();
    const refused = renderRoute(AdminConversation, {
      path: '/admin/conversations/:id',
      at: '/admin/conversations/31',
      user: moderator,
      loader: () => ({ conversation: null, refusal: messages.adminConversationNotReported }),
    });
    await settle();
    expect(screen.getByText(messages.adminConversationNotReported)).toBeTruthy();
    expect(screen.getByRole('link', { name: '신고 목록으로' }).getAttribute('href')).toBe('/admin/reports');
    refused.unmount();

    renderRoute(AdminConversation, {
      path: '/admin/conversations/:id',
      at: '/admin/conversations/31',
      user: moderator,
      loader: () => ({ conversation: null, refusal: null }),
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('신고된 대화를 불러오지 못했습니다.');
  });

  it('an EDITOR reaching the URL reads why not', async () => {
    fakeApi();
    renderRoute(AdminConversation, {
      path: '/admin/conversations/:id',
      at: '/admin/conversations/31',
      user: { ...REGULAR_MEMBER, staffRole: 'EDITOR' },
      loader: () => ({ conversation: null, refusal: null }),
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toContain('운영(MODERATOR) 권한');
  });
});

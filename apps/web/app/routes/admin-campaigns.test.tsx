import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settle } from '../test/dom';
import { fakeApi } from '../test/fake-api';
import { REGULAR_MEMBER } from '../test/members';
import * as Admin from './admin';
import * as AdminCampaigns from './admin-campaigns';
import { renderRoute } from './test-kit';

const EDITOR = { ...REGULAR_MEMBER, staffRole: 'EDITOR' as const };
const MODERATOR = { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const };

describe('who sees 캠페인 (광고)', () => {
  const layout = { path: '/admin', Component: Admin.default };

  it('an editor: in the console’s menu, and the page', async () => {
    fakeApi();
    renderRoute(AdminCampaigns, { path: '/admin/campaigns', user: EDITOR, layout });
    await settle();
    const nav = screen.getByRole('navigation', { name: '운영자 콘솔' });
    expect(within(nav).getByRole('link', { name: '캠페인 (광고)' }).getAttribute('href')).toBe('/admin/campaigns');
    expect(screen.getByRole('heading', { name: '캠페인 (광고)' })).toBeTruthy();
  });

  it('a moderator: not in the menu, and the page says who may use it', async () => {
    fakeApi();
    renderRoute(AdminCampaigns, { path: '/admin/campaigns', user: MODERATOR, layout });
    await settle();
    expect(within(screen.getByRole('navigation', { name: '운영자 콘솔' })).queryByRole('link', { name: '캠페인 (광고)' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('편집(EDITOR) 권한');
    expect(screen.queryByRole('button', { name: '보내기' })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle } from '../test/dom';
import { fakeApi } from '../test/fake-api';
import { REGULAR_MEMBER } from '../test/members';
import * as Admin from './admin';
import * as AdminAudit from './admin-audit';
import * as AdminCompanies from './admin-companies';
import * as AdminContent from './admin-content';
import * as AdminExperts from './admin-experts';
import * as AdminMembers from './admin-members';
import * as AdminPrices from './admin-prices';
import * as AdminProofs from './admin-proofs';
import * as AdminReports from './admin-reports';
import * as AdminReview from './admin-review';
import * as AdminTopFix from './admin-top-fix';
import { type RouteModule, renderRoute } from './test-kit';

const ADMIN = { ...REGULAR_MEMBER, staffRole: 'ADMIN' as const };
const NOW = Date.parse('2026-11-20T05:00:00.000Z');
const empty = { data: [], total: 0, page: 1, size: 20 };
const emptyQueue = { ...empty, oldestWaitingSince: null };
const noFilters = { staff: '', target: '', action: '', from: '', to: '' };
const noCautions = { since: '2026-11-13T05:00:00.000Z', total7d: 0, topSenders: [] };

/**
 * Each console list: its page when the loader could not read it (null, as memberRead answers a
 * failed read), and when it read an empty list. `data` builds the loader's answer from the list.
 */
const LISTS: Array<{ path: string; module: RouteModule; data: (list: unknown) => unknown; failed: string; empty: string }> = [
  {
    path: '/admin/reports',
    module: AdminReports,
    data: (queue) => ({ queue, now: NOW }),
    failed: '신고 목록을 불러오지 못했습니다.',
    empty: '처리할 신고가 없습니다.',
  },
  {
    path: '/admin/review',
    module: AdminReview,
    data: (queue) => ({ queue, now: NOW }),
    failed: '검토 목록을 불러오지 못했습니다.',
    empty: '검토할 항목이 없습니다.',
  },
  {
    path: '/admin/proofs',
    module: AdminProofs,
    data: (queue) => ({ queue, now: NOW }),
    failed: '매물 인증 목록을 불러오지 못했습니다.',
    empty: '검토할 인증이 없습니다.',
  },
  {
    path: '/admin/experts',
    module: AdminExperts,
    data: (queue) => ({ queue, now: NOW }),
    failed: '전문가 심사 목록을 불러오지 못했습니다.',
    empty: '심사를 기다리는 전문가가 없습니다.',
  },
  {
    path: '/admin/top-fix',
    module: AdminTopFix,
    data: (pins) => ({ pins, now: NOW }),
    failed: '고정된 매물 목록을 불러오지 못했습니다.',
    empty: '지금 상단에 고정된 매물이 없습니다.',
  },
  {
    path: '/admin/prices',
    module: AdminPrices,
    // The pending prices read fine: the failure said is the review's alone.
    data: (review) => ({ review, entries: empty }),
    failed: '가격 검토 목록을 불러오지 못했습니다.',
    empty: '가격에서 제외된 체결이 없습니다.',
  },
  {
    path: '/admin/content',
    module: AdminContent,
    data: (list) => ({ kind: 'event', list }),
    failed: '이벤트 목록을 불러오지 못했습니다.',
    empty: '아직 이벤트 글이 없습니다. ‘새 이벤트 쓰기’로 시작하세요.',
  },
  {
    path: '/admin/companies',
    module: AdminCompanies,
    data: (list) => ({ query: '', list }),
    failed: '종목 목록을 불러오지 못했습니다.',
    empty: '등록된 종목이 없습니다. 아래에서 CSV로 가져오세요.',
  },
  {
    path: '/admin/audit',
    module: AdminAudit,
    data: (log) => ({ filters: noFilters, log }),
    failed: '감사 로그를 불러오지 못했습니다.',
    empty: '아직 기록이 없습니다.',
  },
  {
    path: '/admin/members',
    module: AdminMembers,
    data: (result) => ({ query: '김비상', result }),
    failed: '회원 검색 결과를 불러오지 못했습니다.',
    empty: '‘김비상’에 해당하는 회원이 없습니다.',
  },
];

describe('console lists: failing, then empty (issue 14 §1)', () => {
  it.each(LISTS)('$path says $failed with 다시 시도, which reads it again: $empty', async ({ path, module, data, failed, empty: none }) => {
    fakeApi();
    let reads = 0;
    renderRoute(module, {
      path,
      user: ADMIN,
      loader: () => data(reads++ === 0 ? null : emptyQueue),
    });
    await settle();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(failed);
    expect(alert.textContent).toContain('다시 시도');
    // The page keeps its heading while its list is missing.
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();

    click(within(alert).getByRole('button', { name: '다시 시도' }));
    await settle();
    expect(reads).toBe(2);
    expect(screen.queryByText(failed)).toBeNull();
    expect(screen.getByText(none)).toBeTruthy();
  });
});

describe('the console while the next list loads', () => {
  it('dims the section, marks it busy and says so; the new page then shows', async () => {
    fakeApi();
    let answer: (value: unknown) => void = () => {};
    let reads = 0;
    const group = (n: number) => ({
      targetType: 'OPINION',
      targetId: n,
      count: 1,
      reasons: { '2': 1 },
      details: [],
      firstAt: new Date(NOW - 3_600_000).toISOString(),
      lastAt: new Date(NOW - 3_600_000).toISOString(),
      status: 0,
      content: `신고된 글 ${n}`,
      author: { userIdx: 9, userNickname: '광고왕' },
      visible: true,
    });
    renderRoute(AdminReports, {
      path: '/admin/reports',
      user: ADMIN,
      layout: { path: '/admin', Component: Admin.default },
      loader: () =>
        reads++ === 0
          ? { queue: { data: [group(1)], total: 40, page: 1, size: 20, oldestWaitingSince: null }, now: NOW }
          : new Promise((resolve) => {
              answer = resolve;
            }),
    });
    await settle();
    // The console's content column, around the section.
    const section = () => screen.getByRole('heading', { name: '신고' }).closest('.transition-opacity') as HTMLElement;
    expect(section().getAttribute('aria-busy')).toBeNull();

    click(within(screen.getByRole('navigation', { name: '페이지' })).getByRole('link', { name: '2' }));
    await settle();
    expect(section().getAttribute('aria-busy')).toBe('true');
    expect(section().className).toContain('opacity-50');
    expect(within(section()).getByText('목록을 불러오는 중…')).toBeTruthy();
    expect(screen.getByText('신고된 글 1')).toBeTruthy();

    answer({ queue: { data: [group(2)], total: 40, page: 2, size: 20, oldestWaitingSince: null }, now: NOW });
    await settle();
    expect(section().getAttribute('aria-busy')).toBeNull();
    expect(screen.getByText('신고된 글 2')).toBeTruthy();
  });
});

describe('the console front page', () => {
  it('queues it could not count say so on their card, with one 다시 시도 for the page', async () => {
    fakeApi();
    let reads = 0;
    const counted = { ...emptyQueue };
    renderRoute(await import('./admin-home'), {
      path: '/admin',
      user: ADMIN,
      loader: () =>
        reads++ === 0
          ? {
              reports: null,
              flagged: counted,
              proofs: null,
              review: { ...empty },
              experts: counted,
              entries: { ...empty },
              cautions: noCautions,
              now: NOW,
            }
          : {
              reports: counted,
              flagged: counted,
              proofs: counted,
              review: { ...empty },
              experts: counted,
              entries: { ...empty },
              cautions: noCautions,
              now: NOW,
            },
    });
    await settle();
    expect(screen.getAllByText('불러오지 못함')).toHaveLength(2);
    expect(screen.getByRole('alert').textContent).toContain('대기열 2곳의 현황을 불러오지 못했습니다.');
    click(button('다시 시도'));
    await settle();
    expect(reads).toBe(2);
    expect(screen.queryByText('불러오지 못함')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the console front page: messages with cautions (issue 22 §4)', () => {
  const home = (cautions: unknown) => ({
    reports: emptyQueue,
    flagged: emptyQueue,
    proofs: emptyQueue,
    review: { ...empty },
    experts: emptyQueue,
    entries: { ...empty },
    cautions,
    now: NOW,
  });

  it('counts the week’s messages shown with the caution line and names who sent the most, each a way to the member', async () => {
    fakeApi();
    renderRoute(await import('./admin-home'), {
      path: '/admin',
      user: { ...REGULAR_MEMBER, staffRole: 'MODERATOR' as const },
      loader: () =>
        home({
          since: '2026-11-13T05:00:00.000Z',
          total7d: 1234,
          topSenders: [
            { userIdx: 44, userNickname: '선입금요구', count: 12 },
            { userIdx: 45, userNickname: '탈퇴한 회원', count: 3 },
          ],
        }),
    });
    await settle();
    const card = within(screen.getByTestId('caution-card'));
    expect(card.getByRole('heading', { name: '주의 표시된 메시지 (최근 7일)' })).toBeTruthy();
    expect(card.getByText('1,234건')).toBeTruthy();
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '선입금요구 · 회원번호 4412건',
      '탈퇴한 회원 · 회원번호 453건',
    ]);
    expect(card.getByRole('link', { name: /선입금요구/ }).getAttribute('href')).toBe('/admin/members?query=44');
  });

  it('a count it could not read says so, and joins the page’s 다시 시도; an EDITOR does not see it', async () => {
    fakeApi();
    const view = renderRoute(await import('./admin-home'), { path: '/admin', user: ADMIN, loader: () => home(null) });
    await settle();
    expect(within(screen.getByTestId('caution-card')).getByText('불러오지 못함')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('대기열 1곳의 현황을 불러오지 못했습니다.');
    view.unmount();

    renderRoute(await import('./admin-home'), {
      path: '/admin',
      user: { ...REGULAR_MEMBER, staffRole: 'EDITOR' as const },
      loader: () => home(null),
    });
    await settle();
    expect(screen.queryByTestId('caution-card')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('a console page that could not come at all', () => {
  it('keeps the console’s name, says so and 다시 시도 loads it', async () => {
    fakeApi();
    let reads = 0;
    renderRoute(AdminReports, {
      path: '/admin/reports',
      user: ADMIN,
      layout: { path: '/admin', Component: Admin.default },
      layoutErrorBoundary: Admin.ErrorBoundary,
      loader: () => {
        if (reads++ === 0) throw new TypeError('Failed to fetch');
        return { queue: emptyQueue, now: NOW };
      },
    });
    await settle();
    expect(screen.getByRole('heading', { name: '운영자 콘솔' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('콘솔 화면을 불러오지 못했습니다.');
    click(button('다시 시도'));
    await settle();
    expect(screen.getByText('처리할 신고가 없습니다.')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: '운영자 콘솔' })).toBeTruthy();
  });
});

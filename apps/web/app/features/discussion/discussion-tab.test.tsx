import { type Opinion, SanctionState, SCAM_CAUTION, communityMessages as t, tradeMessages, type UserDetail } from '@beesang/contract';
import { cleanup, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, settle, type } from '../../test/dom';
import { fakeApi, json, ok } from '../../test/fake-api';
import { REGULAR_MEMBER, TEST_MEMBER } from '../../test/members';
import { loginDialogOpened, renderInApp } from '../../test/render';
import { DiscussionTab } from './discussion-tab';

const NOW = new Date('2026-11-20T05:00:00.000Z');
const COMPANY = 12;
const list = (page: number) => `GET /api/v2/opinion/all/company/${COMPANY}?page=${page}&size=20`;

let next = 100;
function opinion(over: Partial<Opinion> = {}): Opinion {
  return {
    opinionIdx: next++,
    companyIdx: COMPANY,
    content: '좋은 회사입니다.',
    writer: { userIdx: 77, userNickname: '비상개미', profileImageUrl: '', expertType: 'NORMAL', expertName: '' },
    isMine: false,
    isReported: false,
    scamCaution: false,
    createdAt: new Date(NOW.getTime() - 5 * 60_000).toISOString(),
    ...over,
  };
}
const page = (data: Opinion[], total = data.length, p = 1) => ok({ data, total, page: p, size: 20 });

/** The tab as the stock page holds it: `writeOpen` is state the side panel's button can set too. */
function Host(props: { initialOpen?: boolean }) {
  const [open, setOpen] = useState(props.initialOpen ?? false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        side panel write
      </button>
      <DiscussionTab companyIdx={COMPANY} writeOpen={open} onWriteOpenChange={setOpen} />
    </>
  );
}

async function renderTab(user: UserDetail | null = REGULAR_MEMBER, initialOpen = false) {
  renderInApp(<Host initialOpen={initialOpen} />, { user });
  await settle();
}

const items = () => screen.queryAllByTestId('opinion');
const textarea = () => screen.getByLabelText(t.opinionWriteLabel) as HTMLTextAreaElement;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
});
describe('discussion tab: scam signals (issue 10 §6)', () => {
  it('an opinion the server flags shows the caution as a note under its text; the others do not', async () => {
    fakeApi({
      [list(1)]: () =>
        page([opinion({ content: '원금 보장, 010-1234-5678 로 연락 주세요', scamCaution: true }), opinion({ content: '실적이 좋네요' })]),
    });
    await renderTab();
    const [flagged, plain] = items();
    const note = within(flagged as HTMLElement).getByRole('note');
    expect(note.textContent).toBe(SCAM_CAUTION);
    expect(within(flagged as HTMLElement).getByText('원금 보장, 010-1234-5678 로 연락 주세요')).toBeTruthy();
    expect(within(plain as HTMLElement).queryByRole('note')).toBeNull();
  });
});

describe('discussion tab: the list', () => {
  it('shows writer, expert badge, relative time and the text as plain text with its line breaks', async () => {
    fakeApi({
      [list(1)]: () =>
        page([
          opinion({ content: '<b>굵게</b> 아님\n둘째 줄', createdAt: new Date(NOW.getTime() - 3 * 3600_000).toISOString() }),
          opinion({
            writer: { userIdx: 77, userNickname: '김세무', profileImageUrl: '', expertType: 'CTA', expertName: '김비상' },
            createdAt: '2026-11-01T01:00:00Z',
          }),
        ]),
    });
    await renderTab();
    expect(screen.getByRole('heading', { name: /종목 토론\s*2개/ })).toBeTruthy();
    const [first, second] = items() as [HTMLElement, HTMLElement];
    const text = first.querySelector('p') as HTMLElement;
    expect(text.textContent).toBe('<b>굵게</b> 아님\n둘째 줄');
    expect(text.querySelector('b')).toBeNull();
    expect(text.className).toContain('whitespace-pre-wrap');
    expect(within(first).getByText('3시간 전').getAttribute('dateTime')).toBe(new Date(NOW.getTime() - 3 * 3600_000).toISOString());
    expect(within(second).getByText('세무사')).toBeTruthy();
    expect(within(second).getByText('2026.11.01')).toBeTruthy();
  });

  it('says so when there are no opinions yet', async () => {
    fakeApi({ [list(1)]: () => page([]) });
    await renderTab(null);
    expect(screen.getByText(t.opinionEmpty)).toBeTruthy();
  });

  it('loads older opinions page by page with 더 보기, without repeating one', async () => {
    const firstPage = Array.from({ length: 20 }, () => opinion());
    const repeated = firstPage[19] as Opinion;
    fakeApi({ [list(1)]: () => page(firstPage, 22), [list(2)]: () => page([repeated, opinion(), opinion()], 22, 2) });
    await renderTab();
    expect(items()).toHaveLength(20);
    click(button(t.opinionMore));
    await settle();
    expect(items()).toHaveLength(22);
    expect(screen.queryByRole('button', { name: t.opinionMore })).toBeNull();
  });

  it('offers a retry when the list cannot be read', async () => {
    let fail = true;
    fakeApi({ [list(1)]: () => (fail ? json({ message: '오류', code: 'INTERNAL' }, 500) : page([opinion()])) });
    await renderTab();
    expect(screen.getByText(t.opinionLoadFailed)).toBeTruthy();
    expect(within(screen.getByTestId('discussion-tab')).getByRole('alert').textContent).toContain(t.opinionLoadFailed);
    fail = false;
    click(button(t.retry));
    await settle();
    expect(items()).toHaveLength(1);
  });

  it('while the first page is on its way: opinion-shaped rows, said once to screen readers (issue 14 §1)', async () => {
    let answer: (r: Response) => void = () => {};
    fakeApi({
      [list(1)]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderInApp(<Host />, { user: null });
    const status = within(screen.getByTestId('discussion-tab')).getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('의견을 불러오는 중…');
    expect(status.querySelectorAll('li')).toHaveLength(3);
    answer(page([opinion()]));
    await settle();
    expect(within(screen.getByTestId('discussion-tab')).queryByRole('status')).toBeNull();
    expect(items()).toHaveLength(1);
  });
});

describe('discussion tab: writing', () => {
  it("the side panel's button opens the panel; the counter counts to 1,000; 등록 posts and puts the opinion on top", async () => {
    const mine = opinion({ content: '장기 보유합니다.', isMine: true, createdAt: NOW.toISOString() });
    const api = fakeApi({ [list(1)]: () => page([opinion()]), 'POST /api/opinion': () => ok(mine) });
    await renderTab();
    expect(screen.queryByLabelText(t.opinionWriteLabel)).toBeNull();
    click(button('side panel write'));
    expect(document.activeElement).toBe(textarea());
    expect(button(t.opinionSubmit).disabled).toBe(true);
    type(textarea(), '  장기 보유합니다.  ');
    expect(screen.getByText(/^13 \/ 1,000/)).toBeTruthy();
    type(textarea(), '가'.repeat(1005));
    expect(textarea().value).toHaveLength(1000);
    type(textarea(), '  장기 보유합니다.  ');
    click(button(t.opinionSubmit));
    await settle();
    expect(api.calls.at(-1)?.body).toEqual({ companyIdx: COMPANY, content: '장기 보유합니다.' });
    expect(items()[0]?.textContent).toContain('장기 보유합니다.');
    expect(within(items()[0] as HTMLElement).getByText('방금 전')).toBeTruthy();
    expect(screen.getByText(t.opinionPosted)).toBeTruthy();
    expect(screen.queryByLabelText(t.opinionWriteLabel)).toBeNull();
    expect(screen.getByRole('heading', { name: /2개/ })).toBeTruthy();
  });

  it("a sanctioned member sees the server's Korean reason and keeps every character typed", async () => {
    fakeApi({
      [list(1)]: () => page([]),
      'POST /api/opinion': () => json({ message: tradeMessages.sanctionStopDebate, code: 'SANCTIONED' }, 403),
    });
    await renderTab();
    click(within(screen.getByTestId('discussion-tab')).getByRole('button', { name: t.opinionWrite }));
    type(textarea(), '첫 줄\n둘째 줄');
    click(button(t.opinionSubmit));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(tradeMessages.sanctionStopDebate);
    expect(textarea().value).toBe('첫 줄\n둘째 줄');
    expect(textarea().getAttribute('aria-invalid')).toBe('true');
  });

  it('a draft survives closing the panel (and the tab) until it is posted', async () => {
    fakeApi({ [list(1)]: () => page([]) });
    await renderTab(REGULAR_MEMBER, true);
    type(textarea(), '나중에 마저 쓸 글');
    click(button(t.cancel));
    cleanup();
    await renderTab(REGULAR_MEMBER, true);
    expect(textarea().value).toBe('나중에 마저 쓸 글');
  });

  it('a member barred from debate is told before typing', async () => {
    fakeApi({ [list(1)]: () => page([]) });
    await renderTab({ ...REGULAR_MEMBER, sanctionState: SanctionState.STOP_DEBATE }, true);
    expect(screen.getByRole('alert').textContent).toBe(tradeMessages.sanctionStopDebate);
    type(textarea(), '글');
    expect(button(t.opinionSubmit).disabled).toBe(true);
  });

  it('a visitor gets the login dialog instead of the panel, from either button', async () => {
    fakeApi({ [list(1)]: () => page([]) });
    await renderTab(null);
    click(within(screen.getByTestId('discussion-tab')).getByRole('button', { name: t.opinionWrite }));
    expect(loginDialogOpened()).toBe(true);
    expect(screen.queryByLabelText(t.opinionWriteLabel)).toBeNull();
    click(button('side panel write'));
    await settle();
    expect(screen.queryByLabelText(t.opinionWriteLabel)).toBeNull();
  });

  it('any member may write, identity-verified or not (the server asks no more)', async () => {
    fakeApi({ [list(1)]: () => page([]) });
    await renderTab(TEST_MEMBER);
    click(within(screen.getByTestId('discussion-tab')).getByRole('button', { name: t.opinionWrite }));
    expect(textarea()).toBeTruthy();
  });
});

describe('discussion tab: delete and report', () => {
  it('deletes an own opinion after confirming', async () => {
    const mine = opinion({ isMine: true, content: '지울 글' });
    const api = fakeApi({ [list(1)]: () => page([mine, opinion()]), [`DELETE /api/opinion/${mine.opinionIdx}`]: () => ok(true) });
    await renderTab();
    expect(within(items()[1] as HTMLElement).queryByRole('button', { name: '내 의견 삭제' })).toBeNull();
    click(button('내 의견 삭제'));
    const confirm = screen.getByRole('dialog', { name: t.opinionDeleteTitle });
    expect(within(confirm).getByText(t.opinionDeleteConfirm)).toBeTruthy();
    click(within(confirm).getByRole('button', { name: t.cancel }));
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);

    click(button('내 의견 삭제'));
    click(within(screen.getByRole('dialog')).getByRole('button', { name: t.opinionDelete }));
    await settle();
    expect(items()).toHaveLength(1);
    expect(screen.queryByText('지울 글')).toBeNull();
    expect(screen.getByText(t.opinionDeleted)).toBeTruthy();
  });

  it("reports another member's opinion; it then reads 신고함", async () => {
    const other = opinion({ writer: { userIdx: 77, userNickname: '광고봇', profileImageUrl: '', expertType: 'NORMAL', expertName: '' } });
    const api = fakeApi({
      [list(1)]: () => page([other, opinion({ isReported: true })]),
      [`POST /api/accuse/opinion/${other.opinionIdx}`]: () => ok({ accuseIdx: 5 }),
    });
    await renderTab();
    expect(within(items()[1] as HTMLElement).getByText(t.opinionReported)).toBeTruthy();
    click(button('광고봇님의 의견 신고'));
    const dialog = screen.getByRole('dialog', { name: t.reportOpinionTitle });
    click(within(dialog).getByRole('radio', { name: '광고·스팸' }));
    click(within(dialog).getByRole('button', { name: t.reportSubmit }));
    await settle();
    expect(api.calls.at(-1)?.body).toEqual({ reason: 2, detail: '' });
    expect(within(items()[0] as HTMLElement).getByText(t.opinionReported)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '광고봇님의 의견 신고' })).toBeNull();
  });
});

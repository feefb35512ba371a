import { communityMessages as t, tradeMessages, type UserDetail } from '@beesang/contract';
import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { click, dialog, settle, type, urgentNotice } from '../test/dom';
import { fakeApi, json, ok } from '../test/fake-api';
import { loginDialogOpened, renderInApp } from '../test/render';
import { ReportDialog, type ReportTarget } from './report-dialog';

const PATH = 'POST /api/accuse/opinion/9';

/** A page with one "report" button opening the dialog for opinion 9, as the discussion tab does. */
function Host(props: { onReported(): void; target?: ReportTarget }) {
  const [target, setTarget] = useState<ReportTarget | null>(null);
  return (
    <>
      <button type="button" onClick={() => setTarget(props.target ?? { kind: 'opinion', id: 9 })}>
        open report
      </button>
      <ReportDialog open={target !== null} target={target} onClose={() => setTarget(null)} onReported={props.onReported} />
    </>
  );
}

function openDialog(user?: UserDetail | null, target?: ReportTarget) {
  const onReported = vi.fn();
  renderInApp(<Host onReported={onReported} target={target} />, { user });
  click(screen.getByRole('button', { name: 'open report' }));
  return onReported;
}

const submit = () => screen.getByRole('button', { name: t.reportSubmit }) as HTMLButtonElement;
const detail = () => screen.getByLabelText(t.reportDetailLabel) as HTMLTextAreaElement;

beforeEach(() => {
  vi.useFakeTimers();
});
describe('report dialog', () => {
  it('lists the six reasons of the spec in Korean; sending waits for a reason', () => {
    fakeApi({});
    openDialog();
    const d = dialog() as HTMLElement;
    expect(within(d).getByRole('heading', { name: t.reportOpinionTitle })).toBeTruthy();
    expect(
      within(d)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent),
    ).toEqual(['욕설·비방', '광고·스팸', '개인정보 노출', '음란물', '허위 정보', '허위 매물']);
    expect(submit().disabled).toBe(true);
    click(screen.getByRole('radio', { name: '허위 정보' }));
    expect(submit().disabled).toBe(false);
  });

  it('counts the detail up to 500 characters and cuts anything longer', () => {
    fakeApi({});
    openDialog();
    expect(screen.getByText(/^0 \/ 500/)).toBeTruthy();
    type(detail(), '광고 글입니다');
    expect(screen.getByText(/^7 \/ 500/)).toBeTruthy();
    type(detail(), '가'.repeat(520));
    expect(detail().value).toHaveLength(500);
    expect(screen.getByText(/^500 \/ 500/)).toBeTruthy();
    expect(detail().maxLength).toBe(500);
  });

  it('posts the reason and the trimmed detail with an Idempotency-Key, then confirms and closes', async () => {
    const api = fakeApi({ [PATH]: () => ok({ accuseIdx: 1 }) });
    const onReported = openDialog();
    click(screen.getByRole('radio', { name: '광고·스팸' }));
    type(detail(), '  주식 리딩방 광고  ');
    click(submit());
    await settle();
    expect(api.calls).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({ reason: 2, detail: '주식 리딩방 광고' });
    expect(api.calls[0]?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    expect(screen.getByText(tradeMessages.reportDone)).toBeTruthy();
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('a failed send keeps what was typed; the retry reuses the key, changed content gets a new one', async () => {
    const api = fakeApi({ [PATH]: () => json({ message: '처리 중 오류가 발생했습니다.', code: 'INTERNAL' }, 500) });
    const onReported = openDialog();
    click(screen.getByRole('radio', { name: '욕설·비방' }));
    type(detail(), '심한 욕설');
    click(submit());
    await settle();
    expect(urgentNotice().textContent).toContain('처리 중 오류가 발생했습니다.');
    expect(dialog()).not.toBeNull();
    expect(detail().value).toBe('심한 욕설');
    expect((screen.getByRole('radio', { name: '욕설·비방' }) as HTMLInputElement).checked).toBe(true);

    click(submit());
    await settle();
    type(detail(), '심한 욕설과 비방');
    click(submit());
    await settle();
    const keys = api.calls.map((c) => c.headers.get('idempotency-key'));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(onReported).not.toHaveBeenCalled();
  });

  it("a second report shows the server's '이미 신고한 게시물입니다.' and marks the post as reported", async () => {
    fakeApi({ [PATH]: () => json({ message: tradeMessages.reportDuplicate, code: 'DUPLICATE_REPORT' }, 409) });
    const onReported = openDialog();
    click(screen.getByRole('radio', { name: '허위 정보' }));
    click(submit());
    await settle();
    expect(screen.getByText(tradeMessages.reportDuplicate)).toBeTruthy();
    expect(onReported).toHaveBeenCalledTimes(1);
    expect(dialog()).toBeNull();
  });

  it('reports a listing at /api/accuse/trade/{id}', async () => {
    const api = fakeApi({ 'POST /api/accuse/trade/31': () => ok({ accuseIdx: 2 }) });
    openDialog(undefined, { kind: 'trade', id: 31 });
    expect(screen.getByRole('heading', { name: t.reportTradeTitle })).toBeTruthy();
    click(screen.getByRole('radio', { name: '허위 매물' }));
    click(submit());
    await settle();
    expect(api.calls[0]?.body).toEqual({ reason: 10, detail: '' });
  });

  it('a visitor gets the login dialog instead', async () => {
    const api = fakeApi({});
    openDialog(null);
    await settle();
    expect(dialog()).toBeNull();
    expect(loginDialogOpened()).toBe(true);
    expect(api.calls).toHaveLength(0);
  });
});

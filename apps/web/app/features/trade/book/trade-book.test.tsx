import { ProofCheckStatus, SanctionState, type Trade, TradeType, tradeMessages, tradeUiMessages, type UserDetail } from '@beesang/contract';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { button, click, field, settle, type, urgentNotice } from '../../../test/dom';
import { fakeApi, json, ok } from '../../../test/fake-api';
import { imageFile, stubXhr } from '../../../test/fake-xhr';
import { REGULAR_MEMBER } from '../../../test/members';
import { renderInApp } from '../../../test/render';
import { listing, PROFILE } from '../shared/test-kit';
import { type Paged, TRADE_PAGE_SIZE, tradeListPath } from '../shared/trade-api';
import { TradeBook, type TradeBookData } from './trade-book';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
const page = (data: Trade[], total = data.length): Paged<Trade> => ({ data, total, page: 1, size: TRADE_PAGE_SIZE });

function renderBook(data: TradeBookData, unissued = false, user: UserDetail = REGULAR_MEMBER) {
  const onEdit = vi.fn();
  const onReport = vi.fn();
  const onRegister = vi.fn();
  renderInApp(
    <TradeBook
      companyIdx={PROFILE.companyIdx}
      unissued={unissued}
      data={data}
      onEdit={onEdit}
      onReport={onReport}
      onRegister={onRegister}
    />,
    { user },
  );
  return { onEdit, onReport, onRegister };
}

const side = (name: '매도 매물' | '매수 매물') => screen.getByRole('region', { name });
const rows = (name: '매도 매물' | '매수 매물') => within(side(name)).queryAllByTestId('trade-row');

describe('listings tab', () => {
  it('shows each side with price, count, total, marks, badges and the writer; own rows edit, others report', () => {
    const mine = listing({ tradeIdx: 1 });
    const theirs = listing({
      tradeIdx: 2,
      isMine: false,
      stockPerPrice: 10_200,
      stockCount: 1_000,
      totalPrice: 10_200_000,
      stockPriceNegotiationFlag: false,
      stockCountNegotiationFlag: true,
      proofCheckStatus: ProofCheckStatus.VERIFIED,
      listPin: 1,
      writer: { userIdx: 77, userNickname: '피비', profileImageUrl: '', expertType: 'PB', expertName: '김피비' },
      writerTrust: {
        identityVerified: true,
        memberSince: '2025-07-01T03:00:00.000Z',
        countedTrades: 12,
        upheldReports: 2,
        confirmedTrades: 0,
        goodReviews: 0,
        badReviews: 0,
      },
    });
    const bid = listing({
      tradeIdx: 3,
      tradeType: TradeType.BUY,
      isMine: false,
      isReported: true,
      stockPerPrice: 9_000,
      writerTrust: {
        identityVerified: false,
        memberSince: '2026-11-19T03:00:00.000Z',
        countedTrades: 0,
        upheldReports: 0,
        confirmedTrades: 0,
        goodReviews: 0,
        badReviews: 0,
      },
    });
    const { onEdit, onReport } = renderBook({ sell: page([theirs, mine]), buy: page([bid]) });

    const [pinned, own] = rows('매도 매물');
    expect(pinned?.textContent).toContain('10,200원');
    expect(pinned?.textContent).toContain('1,000주');
    expect(pinned?.textContent).toContain('1,020만원');
    expect(pinned?.textContent).toContain('수량협의');
    expect(pinned?.textContent).not.toContain('가격협의');
    expect(pinned?.textContent).toContain('상단 고정');
    expect(pinned?.textContent).toContain('증빙 확인됨');
    expect(pinned?.textContent).toContain('증권사 PB');
    expect(pinned?.textContent).toContain('거래중');
    // The owner's trust summary, from the answer.
    expect(within(pinned as HTMLElement).getByTestId('writer-trust').textContent).toBe(
      '본인인증 · 확인된 거래 0건 · 좋아요 0 · 시세 반영 거래 12건 · 2025.07 가입 · 신고 처리 2건',
    );
    expect(within(rows('매수 매물')[0] as HTMLElement).getByTestId('writer-trust').textContent).toBe(
      '본인인증 전 · 확인된 거래 0건 · 좋아요 0 · 2026.11 가입',
    );
    // The writer's name and trust line lead to their public page.
    expect(
      within(pinned as HTMLElement)
        .getByRole('link', { name: '피비 거래 프로필' })
        .getAttribute('href'),
    ).toBe('/member/77');
    expect(
      within(pinned as HTMLElement)
        .getByTestId('writer-trust')
        .getAttribute('href'),
    ).toBe('/member/77');
    click(within(pinned as HTMLElement).getByRole('button', { name: /^신고/ }));
    expect(onReport).toHaveBeenCalledWith(theirs);
    expect(within(pinned as HTMLElement).queryByRole('button', { name: /^수정/ })).toBeNull();

    expect(own?.textContent).toContain('내 매물');
    expect(own?.textContent).toContain('가격협의');
    click(within(own as HTMLElement).getByRole('button', { name: '수정 9,800원 매도 매물' }));
    expect(onEdit).toHaveBeenCalledWith(mine);

    // Already reported: the button says so and cannot be pressed again.
    const reported = within(rows('매수 매물')[0] as HTMLElement).getByRole('button', { name: /^신고함/ }) as HTMLButtonElement;
    expect(reported.disabled).toBe(true);
  });

  it('finishing asks for the agreed price (the listing price to start with) and posts it', async () => {
    const api = fakeApi({ 'POST /api/trade/finish/1': () => ok(listing({ tradeIdx: 1, tradeStatus: 12 })) });
    renderBook({ sell: page([listing({ tradeIdx: 1 })]), buy: page([]) });
    click(button(/^거래완료/));
    const dialog = screen.getByRole('dialog', { name: '거래 완료' });
    const agreed = field('*체결 가격 (1주당)');
    expect(agreed.value).toBe('9,800');
    // Issue 22: a finish declared alone is the owner's record; only deals both sides confirm make a price.
    expect(within(dialog).getByText(tradeUiMessages.finishAloneNoteTitle)).toBeTruthy();
    expect(within(dialog).getByText(tradeUiMessages.finishAloneNote)).toBeTruthy();
    type(agreed, '100000000');
    expect(within(dialog).getByText(tradeMessages.priceTooHigh)).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: '거래 완료 처리' }) as HTMLButtonElement).disabled).toBe(true);
    type(agreed, '10500');
    click(within(dialog).getByRole('button', { name: '거래 완료 처리' }));
    await settle();
    expect(api.last('POST /api/trade/finish/1')?.body).toEqual({ finishedPrice: 10_500 });
    expect(screen.getByText(tradeMessages.finishDone)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("others' open listings offer 거래 제안 (the page decides what it opens); own, finished and fully agreed ones do not", () => {
    const open = listing({ tradeIdx: 11, isMine: false, stockCount: 300, openStockCount: 120 });
    const agreed = listing({ tradeIdx: 12, isMine: false, stockPerPrice: 9_900, openStockCount: 0 });
    const finished = listing({ tradeIdx: 13, isMine: false, stockPerPrice: 9_950, tradeStatus: 12 });
    const onOffer = vi.fn();
    renderInApp(
      <TradeBook
        companyIdx={PROFILE.companyIdx}
        unissued={false}
        data={{ sell: page([open, agreed, finished, listing({ tradeIdx: 14, stockPerPrice: 10_000 })]), buy: page([]) }}
        onEdit={vi.fn()}
        onReport={vi.fn()}
        onRegister={vi.fn()}
        onOffer={onOffer}
      />,
    );
    const [first, second, third, own] = rows('매도 매물');
    // Shares already agreed in deals: what is left shows beside the count.
    expect(within(first as HTMLElement).getByTestId('open-count').textContent).toBe('남은 수량 120주');
    expect(within(own as HTMLElement).queryByTestId('open-count')).toBeNull();
    click(within(first as HTMLElement).getByRole('button', { name: '거래 제안 9,800원 매도 매물' }));
    expect(onOffer).toHaveBeenCalledWith(open);
    for (const row of [second, third, own]) expect(within(row as HTMLElement).queryByRole('button', { name: /^거래 제안/ })).toBeNull();
  });

  it('deleting asks first; cancelling sends nothing', async () => {
    const api = fakeApi({ 'DELETE /api/trade/1': () => ok(true) });
    renderBook({ sell: page([listing({ tradeIdx: 1 })]), buy: page([]) });
    click(button(/^삭제/));
    click(button('취소'));
    expect(api.calls).toEqual([]);
    click(button(/^삭제/));
    click(within(screen.getByRole('dialog', { name: '매물 삭제' })).getByRole('button', { name: '삭제' }));
    await settle();
    expect(api.keys()).toEqual(['DELETE /api/trade/1']);
    expect(screen.getByText(tradeMessages.deleteDone)).toBeTruthy();
  });

  it('더보기 appends the next page of that side only, without repeating a row', async () => {
    const first = Array.from({ length: TRADE_PAGE_SIZE }, (_, i) =>
      listing({ tradeIdx: 100 + i, isMine: false, stockPerPrice: 9_000 + i }),
    );
    const next = [first[TRADE_PAGE_SIZE - 1] as Trade, listing({ tradeIdx: 200, isMine: false, stockPerPrice: 9_999 })];
    const path = tradeListPath(PROFILE.companyIdx, TradeType.SELL, 2);
    const api = fakeApi({ [`GET ${path}`]: () => ok({ data: next, total: 11, page: 2, size: TRADE_PAGE_SIZE }) });
    renderBook({ sell: page(first, 11), buy: page([]) });
    expect(rows('매도 매물')).toHaveLength(TRADE_PAGE_SIZE);
    expect(screen.getByText('등록된 매수 매물이 없습니다.')).toBeTruthy();
    click(button('매도 매물 더보기'));
    await settle();
    expect(api.keys()).toEqual([`GET ${path}`]);
    expect(rows('매도 매물')).toHaveLength(11);
    expect(screen.queryByRole('button', { name: '매도 매물 더보기' })).toBeNull();
  });

  it('with no listings at all it invites the first one; a side that failed to load says so', () => {
    const { onRegister } = renderBook({ sell: page([]), buy: page([]) });
    expect(screen.getByText(/아직 등록된 매물이 없습니다/)).toBeTruthy();
    click(button(tradeMessages.registerTitle));
    expect(onRegister).toHaveBeenCalled();
    cleanup();
    renderBook({ sell: null, buy: page([]) });
    expect(within(side('매도 매물')).getByText('매물을 불러오지 못했습니다. 잠시 후 다시 시도해주세요.')).toBeTruthy();
  });
});

describe('proof of an unissued-stock sale', () => {
  const PUT = 'PUT /api/trade/proof/7';
  const proofButton = (row: HTMLElement) => within(row).queryByRole('button', { name: /^증빙 (첨부|다시 올리기)/ });
  const fileInput = () => document.querySelector('input[type="file"]') as HTMLInputElement;

  it('is offered on own open sales whose proof is missing or was sent back, and only on an unissued company', () => {
    const sales = [
      listing({ tradeIdx: 1, proofCheckStatus: ProofCheckStatus.NONE }),
      listing({ tradeIdx: 2, proofCheckStatus: ProofCheckStatus.REATTACHMENT, stockPerPrice: 9_900 }),
      listing({ tradeIdx: 3, proofCheckStatus: ProofCheckStatus.PENDING }),
      listing({ tradeIdx: 4, proofCheckStatus: ProofCheckStatus.VERIFIED }),
      listing({ tradeIdx: 5, isMine: false }),
    ];
    const data = { sell: page(sales), buy: page([listing({ tradeIdx: 6, tradeType: TradeType.BUY })]) };
    renderBook(data, true);
    const [none, back, pending, verified, theirs] = rows('매도 매물') as HTMLElement[];
    expect(proofButton(none as HTMLElement)?.textContent).toBe('증빙 첨부 9,800원 매도 매물');
    expect(proofButton(back as HTMLElement)?.textContent).toBe('증빙 다시 올리기 9,900원 매도 매물');
    expect(back?.textContent).toContain('증빙 재첨부 필요');
    for (const row of [pending, verified, theirs, rows('매수 매물')[0]]) expect(proofButton(row as HTMLElement)).toBeNull();

    cleanup();
    renderBook(data, false);
    expect(screen.queryAllByRole('button', { name: /^증빙/ })).toEqual([]);
  });

  it("reuses the modal's proof upload in a dialog; on success the row shows the check under way", async () => {
    const xhr = stubXhr();
    const api = fakeApi({
      [PUT]: ({ body }) => ok(listing({ tradeIdx: 7, proofCheckStatus: ProofCheckStatus.PENDING, ...(body as object) })),
    });
    renderBook({ sell: page([listing({ tradeIdx: 7 })]), buy: page([]) }, true);
    click(button('증빙 첨부 9,800원 매도 매물'));
    const dialog = screen.getByRole('dialog', { name: '증빙 첨부' });
    expect(within(dialog).getByRole('group', { name: '미발행 주식 증빙' })).toBeTruthy();
    const submit = within(dialog).getByRole('button', { name: '증빙 제출' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true); // nothing to send yet

    act(() => {
      fireEvent.change(fileInput(), { target: { files: [imageFile('proof.png')] } });
    });
    act(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' } }));
    await settle();
    expect(within(dialog).getByRole('img', { name: '증빙 이미지' })).toBeTruthy();
    click(within(dialog).getByRole('radio', { name: '매매 계약서' }));
    expect(submit.disabled).toBe(false);
    click(submit);
    await settle();

    expect(api.keys()).toEqual([PUT]);
    expect(api.last(PUT)?.body).toEqual({
      stockTradeProofImageUrl: '/uploads/0123456789abcdef0123456789abcdef.webp',
      proofType: 'CONTRACT',
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(tradeUiMessages.proofSubmitDone)).toBeTruthy();
    const [row] = rows('매도 매물') as HTMLElement[];
    expect(row?.textContent).toContain('증빙 확인 중');
    expect(proofButton(row as HTMLElement)).toBeNull();
  });

  it("a refused proof keeps the dialog and says the server's reason; a sent-back proof says why it is asked again", async () => {
    const xhr = stubXhr();
    fakeApi({ [PUT]: () => json({ message: tradeMessages.proofNotChangeable, code: 'PROOF_NOT_CHANGEABLE' }, 409) });
    renderBook({ sell: page([listing({ tradeIdx: 7, proofCheckStatus: ProofCheckStatus.REATTACHMENT })]), buy: page([]) }, true);
    click(button(/^증빙 다시 올리기/));
    const dialog = screen.getByRole('dialog', { name: '증빙 다시 올리기' });
    expect(within(dialog).getByText(tradeUiMessages.proofReattachHelp)).toBeTruthy();
    act(() => {
      fireEvent.change(fileInput(), { target: { files: [imageFile('proof.png')] } });
    });
    act(() => xhr.last().respond(200, { result: { fileUrl: '/uploads/0123456789abcdef0123456789abcdef.webp' } }));
    await settle();
    click(within(dialog).getByRole('button', { name: '증빙 제출' }));
    await settle();
    expect(urgentNotice().textContent).toContain(tradeMessages.proofNotChangeable);
    expect(screen.getByRole('dialog', { name: '증빙 다시 올리기' })).toBeTruthy();
    // The book is behind the open dialog, hidden from assistive technology until it closes.
    const book = screen.getByRole('region', { name: '매도 매물', hidden: true });
    expect(book.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(within(book).queryAllByTestId('trade-row')[0]?.textContent).toContain('증빙 재첨부 필요');
  });

  it('a member under STOP_TRADE is told why at once, before choosing any image', () => {
    const api = fakeApi();
    renderBook({ sell: page([listing({ tradeIdx: 7 })]), buy: page([]) }, true, {
      ...REGULAR_MEMBER,
      sanctionState: SanctionState.STOP_TRADE,
    });
    click(button(/^증빙 첨부/));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(urgentNotice().textContent).toBe(`${tradeUiMessages.proofAttach}${tradeMessages.sanctionStopTrade}`);
    expect(api.calls).toEqual([]);
  });
});

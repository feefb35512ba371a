import { messages, type UserDetail } from '@beesang/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, click, settle } from '../../test/dom';
import { fakeApi, json, ok } from '../../test/fake-api';
import { imageFile, stubXhr } from '../../test/fake-xhr';
import { REGULAR_MEMBER } from '../../test/members';
import { renderInApp } from '../../test/render';
import { ExpertReview, ExpertStatusChip } from './expert-review';

/** 전문가 심사 on /myPage (decision 0016): the state in words, the reason of a rejection, a proof sent again. */
const CTA: UserDetail = {
  ...REGULAR_MEMBER,
  expertType: 'CTA',
  expertName: '이세무',
  officeName: '도윤세무회계',
  expertStatus: 'PENDING',
  expertProofUrl: '',
  expertSubmittedAt: null,
};
const PROOF = '/uploads/0123456789abcdef0123456789abcdef.webp';

function renderReview(user: UserDetail) {
  return renderInApp(
    <>
      <ExpertStatusChip status={user.expertStatus ?? 'PENDING'} />
      <ExpertReview user={user} onChanged={() => {}} />
    </>,
    { user },
  );
}

async function uploadProof() {
  const xhr = stubXhr();
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  act(() => {
    fireEvent.change(input, { target: { files: [imageFile('card.png')] } });
  });
  act(() => xhr.last().respond(200, { result: { fileUrl: PROOF } }));
  await settle();
}

describe('expert review on /myPage', () => {
  it('pending without a proof: 심사 중, why it matters, and nothing to send until an image is up', async () => {
    const api = fakeApi({
      'POST /api/user/expert/proof': (c) => ok({ ...CTA, expertProofUrl: (c.body as { proofUrl: string }).proofUrl }),
    });
    renderReview(CTA);
    expect(screen.getByTestId('expert-status').textContent).toBe('심사 중');
    expect(screen.getByText(/승인되기 전에는 다른 회원에게 일반 회원으로 보이고/)).toBeTruthy();
    expect(button('증빙 제출').disabled).toBe(true);
    await uploadProof();
    click(button('증빙 제출'));
    await settle();
    expect(api.calls.find((c) => c.key === 'POST /api/user/expert/proof')?.body).toEqual({ proofUrl: PROOF });
    expect(screen.getByText('증빙을 제출했습니다. 운영자가 확인하면 배지가 표시됩니다.')).toBeTruthy();
  });

  it('rejected: 반려됨 with the reason as written, and a way back into the queue; a refusal is shown under the field', async () => {
    fakeApi({
      'POST /api/user/expert/proof': () =>
        json({ message: messages.expertProofInvalid, code: 'INVALID_PROOF_IMAGE', fields: { proofUrl: messages.expertProofInvalid } }, 400),
    });
    renderReview({ ...CTA, expertStatus: 'REJECTED', expertRejectReason: '명함의 사무소명이 다릅니다.', expertProofUrl: PROOF });
    expect(screen.getByTestId('expert-status').textContent).toBe('반려됨');
    expect(screen.getByRole('alert').textContent).toContain('명함의 사무소명이 다릅니다.');
    expect(screen.getByAltText('제출한 전문가 증빙')).toBeTruthy();
    await uploadProof();
    click(button('다시 심사 받기'));
    await settle();
    // Under the field, and in the notice.
    expect(screen.getAllByText(messages.expertProofInvalid)).toHaveLength(2);
  });

  it('approved: 승인됨 and the badge as others see it; no upload', () => {
    fakeApi();
    renderReview({ ...CTA, expertStatus: 'APPROVED', expertDecidedAt: '2026-11-20T05:00:00.000Z', expertProofUrl: PROOF });
    expect(screen.getByTestId('expert-status').textContent).toBe('승인됨');
    expect(screen.getByText('세무사 · 이세무')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();
  });
});

import { EXPERT_BADGE_TEXT, EXPERT_STATUS_TEXT, type ExpertStatus, formatDateTime, messages, type UserDetail } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { ImageUploadField } from '../../components/ui/image-upload-field';
import { ApiError, apiFetch } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';

/** Text and tint of each state; dark text on a light tint keeps 4.5:1. */
const TONE: Record<ExpertStatus, string> = {
  PENDING: 'bg-[#fff8e1] text-[#7a5200]',
  APPROVED: 'bg-[#e6f7ef] text-[#02683f]',
  REJECTED: 'bg-[#fdecee] text-[#b3202e]',
};

export function ExpertStatusChip({ status }: { status: ExpertStatus }) {
  return (
    <span data-testid="expert-status" className={`rounded-md px-2 py-0.5 text-sm font-semibold ${TONE[status]}`}>
      {EXPERT_STATUS_TEXT[status]}
    </span>
  );
}

/**
 * 전문가 심사 on /myPage (decision 0016): where a PB or CTA member's claim stands, why it was turned
 * down, and the proof (business card or certificate) they send or send again.
 */
export function ExpertReview({ user, onChanged }: { user: UserDetail; onChanged(user: UserDetail): void }) {
  const status = user.expertStatus ?? 'PENDING';
  const [proofUrl, setProofUrl] = useState('');
  const [error, setError] = useState('');
  const [sending, setSending] = useState(false);
  const { notify } = useNotify();
  const badge = `${EXPERT_BADGE_TEXT[user.expertType] ?? ''} · ${user.expertName}`;

  const send = async () => {
    if (!proofUrl || sending) return;
    setSending(true);
    setError('');
    try {
      const saved = await apiFetch<UserDetail>('/api/user/expert/proof', { method: 'POST', body: JSON.stringify({ proofUrl }) });
      setProofUrl('');
      onChanged(saved);
      notify('success', '전문가 심사', '증빙을 제출했습니다. 운영자가 확인하면 배지가 표시됩니다.');
    } catch (e) {
      const message = e instanceof ApiError ? (e.fields?.proofUrl ?? e.message) : messages.genericError;
      setError(message);
      notify('error', '전문가 심사', message);
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="space-y-4 text-[15px]">
      <Explanation user={user} status={status} badge={badge} />
      {status !== 'APPROVED' && (
        <div className="space-y-3 border-t border-line pt-4">
          {user.expertProofUrl && (
            <div>
              <p className="mb-1 text-sm font-semibold text-ink-2">제출한 증빙</p>
              <a href={user.expertProofUrl} target="_blank" rel="noreferrer" className="inline-block">
                <img
                  src={user.expertProofUrl}
                  alt="제출한 전문가 증빙"
                  className="h-24 w-36 rounded-control bg-page object-cover ring-1 ring-line"
                />
              </a>
            </div>
          )}
          <ImageUploadField
            label={user.expertProofUrl ? '새 증빙 (명함 또는 자격증)' : '증빙 (명함 또는 자격증)'}
            value={proofUrl}
            onChange={(url) => {
              setProofUrl(url);
              setError('');
            }}
            error={error}
            hint="이름과 사무소가 보이게 찍어주세요. 운영자만 봅니다."
          />
          <Button onClick={send} disabled={!proofUrl || sending}>
            {sending ? '제출 중…' : status === 'REJECTED' ? '다시 심사 받기' : user.expertProofUrl ? '새 증빙으로 제출' : '증빙 제출'}
          </Button>
        </div>
      )}
    </div>
  );
}

function Explanation({ user, status, badge }: { user: UserDetail; status: ExpertStatus; badge: string }) {
  if (status === 'APPROVED') {
    return (
      <p className="text-ink-2">
        토론과 매물에 <span className="rounded-md bg-brand/10 px-1.5 py-0.5 text-sm font-semibold text-brand-hover">{badge}</span> 배지가
        표시됩니다.
        {user.expertDecidedAt && <span className="num block text-sm text-ink-3">승인 {formatDateTime(user.expertDecidedAt)}</span>}
      </p>
    );
  }
  if (status === 'REJECTED') {
    return (
      <div role="alert" className="rounded-control bg-[#fdecee] px-4 py-3">
        <p className="font-semibold text-[#b3202e]">반려 사유</p>
        <p className="mt-1 break-words whitespace-pre-wrap text-ink">{user.expertRejectReason}</p>
        <p className="mt-2 text-sm text-ink-2">증빙을 다시 올리면 다시 심사합니다. 그때까지 다른 회원에게는 일반 회원으로 보입니다.</p>
      </div>
    );
  }
  return user.expertSubmittedAt ? (
    <p className="text-ink-2">
      제출한 증빙을 운영자가 확인하고 있습니다. 승인되면 토론과 매물에 <b className="font-semibold text-ink">{badge}</b> 배지가 표시되고, 그
      전에는 일반 회원으로 보입니다.
      <span className="num block text-sm text-ink-3">제출 {formatDateTime(user.expertSubmittedAt)}</span>
    </p>
  ) : (
    <p className="text-ink-2">
      명함이나 자격증 사진을 올리면 운영자가 확인합니다. 승인되기 전에는 다른 회원에게 일반 회원으로 보이고, 전문가 이름과 사무소도 표시되지
      않습니다.
    </p>
  );
}

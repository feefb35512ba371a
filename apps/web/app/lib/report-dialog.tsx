import {
  dealMessages,
  messages,
  REPORT_DETAIL_MAX,
  type ReportReason,
  reportReasonText,
  communityMessages as t,
  tradeMessages,
} from '@beesang/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../components/ui/button';
import { Modal } from '../components/ui/modal';
import { ApiError, apiFetch } from './api-client';
import { newIdempotencyKey } from './idempotency-key';
import { useNotify } from './notify';
import { useSession } from './session';

export interface ReportTarget {
  kind: 'trade' | 'opinion' | 'conversation';
  id: number;
}

/** A conversation (issue 22) is reported under its own path, with the listing report's body. */
export const reportPath = (target: ReportTarget) =>
  target.kind === 'conversation' ? `/api/conversations/${target.id}/report` : `/api/accuse/${target.kind}/${target.id}`;

const TITLE: Record<ReportTarget['kind'], string> = {
  trade: t.reportTradeTitle,
  opinion: t.reportOpinionTitle,
  conversation: '대화 신고',
};

/**
 * Report (신고) of a listing, an opinion or a conversation: one reason of the spec's enum, an optional detail of at
 * most 500 characters, POST /api/accuse/{kind}/{id}. A visitor gets the login dialog instead. What
 * was typed stays when sending fails; a repeated send of the same content reuses its
 * Idempotency-Key, so a retry after a lost answer cannot file the report twice.
 */
export function ReportDialog(props: { open: boolean; target: ReportTarget | null; onClose(): void; onReported?(): void }) {
  const { open, target, onClose, onReported } = props;
  const session = useSession();
  const { notify } = useNotify();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [detail, setDetail] = useState('');
  const [sending, setSending] = useState(false);
  const key = useRef<string | null>(null);
  const id = useId();
  const visible = open && target !== null && session.isLoggedIn;

  // A visitor cannot report: the login dialog opens instead (spec §6).
  useEffect(() => {
    if (open && target && !session.isLoggedIn) {
      session.openLoginDialog();
      onClose();
    }
  }, [open, target, session, onClose]);

  // Every newly opened report starts empty.
  useEffect(() => {
    if (!visible) return;
    setReason(null);
    setDetail('');
    key.current = null;
  }, [visible]);

  if (!visible || !target) return null;

  const change = (next: () => void) => {
    next();
    key.current = null; // different content, different request
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason === null || sending) return;
    key.current ??= newIdempotencyKey();
    setSending(true);
    try {
      await apiFetch<{ accuseIdx: number }>(reportPath(target), {
        method: 'POST',
        headers: { 'Idempotency-Key': key.current },
        body: JSON.stringify({ reason, detail: detail.trim() }),
      });
      notify('success', t.reportDoneTitle, target.kind === 'conversation' ? dealMessages.conversationReported : tradeMessages.reportDone);
      onReported?.();
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return;
      notify('error', t.reportFailedTitle, error instanceof ApiError ? error.message : messages.genericError);
      // Already reported: nothing left to do here, and the caller can mark it.
      if (error instanceof ApiError && error.code === 'DUPLICATE_REPORT') {
        onReported?.();
        onClose();
      }
    } finally {
      setSending(false);
    }
  };

  const title = TITLE[target.kind];
  return (
    <Modal open onClose={onClose} title={title} width={420}>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend className="mb-2 text-sm font-semibold text-ink-2">{t.reportReasonLegend}</legend>
          <div className="grid grid-cols-2 gap-2">
            {reportReasonText.map((r) => (
              <label
                key={r.reason}
                className={`flex h-11 cursor-pointer items-center gap-2 rounded-control px-3 text-[15px] ring-1 has-focus-visible:ring-2 has-focus-visible:ring-brand ${
                  reason === r.reason ? 'bg-brand/5 font-semibold text-brand ring-brand' : 'ring-line hover:bg-page'
                }`}
              >
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={r.reason}
                  checked={reason === r.reason}
                  onChange={() => change(() => setReason(r.reason))}
                  className="size-4 accent-brand"
                />
                {r.text}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-5">
          <div className="mb-1.5 flex items-baseline justify-between">
            <label htmlFor={`${id}-detail`} className="text-sm font-semibold text-ink-2">
              {t.reportDetailLabel}
            </label>
            <span id={`${id}-count`} className="num text-xs text-ink-3">
              {detail.length.toLocaleString('ko-KR')} / {REPORT_DETAIL_MAX}
              <span className="sr-only">자</span>
            </span>
          </div>
          <textarea
            id={`${id}-detail`}
            value={detail}
            maxLength={REPORT_DETAIL_MAX}
            rows={4}
            aria-describedby={`${id}-count`}
            placeholder={t.reportDetailPlaceholder}
            onChange={(e) => change(() => setDetail(e.target.value.slice(0, REPORT_DETAIL_MAX)))}
            className="w-full resize-none rounded-control border border-line px-3 py-2.5 text-[16px] placeholder:text-ink-3 focus:border-brand"
          />
        </div>
        <div className="mt-5 flex gap-2">
          <Button variant="ghost" onClick={onClose} className="flex-1">
            {t.cancel}
          </Button>
          <Button type="submit" disabled={reason === null || sending} aria-busy={sending} className="flex-1">
            {t.reportSubmit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

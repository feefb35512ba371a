import { messages as common, type Deal, dealMessages as m } from '@beesang/contract';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ListFailed, ListLoading } from '../../../components/ui/list-state';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { ReportDialog } from '../../../lib/report-dialog';
import { sendMessage, setBlocked } from '../shared/deals-api';
import { Composer } from './composer';
import { type ConfirmStep, ConfirmStepDialog } from './confirm-step-dialog';
import { ConversationHeader } from './conversation-header';
import { DealActions } from './deal-actions';
import { Thread } from './thread';
import { type ConversationData, useConversation } from './use-conversation';
import { useDealMoves } from './use-deal-moves';

const BLOCK_STEP: ConfirmStep = {
  title: '차단하기',
  message: '차단하면 서로 제안과 메시지를 주고받을 수 없어요. 이미 합의한 거래는 완료 확인이나 취소로 마무리할 수 있어요.',
  confirmLabel: '차단하기',
  danger: true,
};

const useIsoLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect;

/**
 * /messages/{id}: the counterpart and the listing, the thread with its deal cards and their actions,
 * and the message box — on a phone one column with the box fixed at the bottom, above the safe area.
 */
export function ConversationPage({ id, me, initial }: { id: number; me: number; initial: ConversationData | null }) {
  const c = useConversation(id, initial);
  const { notify } = useNotify();
  const detail = c.state.status === 'ready' ? c.state.detail : null;
  const moves = useDealMoves({
    detail,
    me,
    onDeal: (deal) => {
      c.setDeal(deal);
      void c.catchUp();
    },
    onStale: () => {
      void c.refreshDetail();
      void c.catchUp();
    },
  });
  const [blocking, setBlocking] = useState(false);
  const [blockPending, setBlockPending] = useState(false);
  const [reporting, setReporting] = useState(false);

  // Scrolled to the newest on arrival, and with each new message unless the reader scrolled up to read.
  const scroller = useRef<HTMLDivElement>(null);
  const end = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const count = c.state.status === 'ready' ? c.state.messages.length : 0;
  const lastMine = c.state.status === 'ready' && c.state.messages.at(-1)?.sender?.userIdx === me;
  useIsoLayoutEffect(() => {
    if (count > 0 && (atEnd.current || lastMine)) end.current?.scrollIntoView?.({ block: 'end' });
  }, [count, lastMine]);
  useEffect(() => {
    const near = () => {
      const el = scroller.current;
      const inner = el && el.scrollHeight > el.clientHeight ? el.scrollHeight - el.scrollTop - el.clientHeight : 0;
      const page = document.documentElement.scrollHeight - window.scrollY - window.innerHeight;
      atEnd.current = inner < 80 && page < 160;
    };
    window.addEventListener('scroll', near, { passive: true });
    return () => window.removeEventListener('scroll', near);
  }, []);

  if (c.state.status === 'loading') {
    return (
      <div className="mx-auto max-w-[800px]">
        <ListLoading label="대화를 불러오는 중…" shape="post" rows={4} />
      </div>
    );
  }
  if (c.state.status === 'failed' || !detail) {
    return (
      <div className="mx-auto max-w-[800px] rounded-card bg-white ring-1 ring-line">
        <ListFailed message="대화를 불러오지 못했습니다." onRetry={c.retry} />
      </div>
    );
  }

  const blockedReason = detail.blockedByMe
    ? '차단한 회원이에요. 차단을 풀면 다시 메시지와 제안을 주고받을 수 있어요.'
    : detail.blockedMe
      ? m.blocked
      : detail.counterpart.deleted
        ? '탈퇴한 회원에게는 메시지를 보낼 수 없어요.'
        : null;

  const send = async (text: string) => {
    try {
      c.addMessage(await sendMessage(id, text));
      return true;
    } catch (error) {
      if (endsSession(error)) return false;
      const status = error instanceof ApiError ? error.status : 500;
      notify(
        status === 429 ? 'warning' : 'error',
        '메시지',
        error instanceof ApiError && status < 500 ? error.message : common.genericError,
      );
      if (status === 403 || status === 409) void c.refreshDetail();
      return false;
    }
  };

  const block = async (blocked: boolean) => {
    setBlockPending(true);
    try {
      await setBlocked(id, blocked);
      c.setDetail((d) => ({ ...d, blockedByMe: blocked }));
      setBlocking(false);
      notify(
        'success',
        blocked ? '차단하기' : '차단 풀기',
        blocked ? `${detail.counterpart.userNickname} 님을 차단했어요.` : '차단을 풀었어요.',
      );
    } catch (error) {
      if (!endsSession(error))
        notify('error', blocked ? '차단하기' : '차단 풀기', error instanceof ApiError ? error.message : common.genericError);
    } finally {
      setBlockPending(false);
    }
  };

  const actions = (deal: Deal) => (
    <DealActions
      deal={deal}
      me={me}
      counterpart={detail.counterpart.userNickname}
      blocked={detail.blockedByMe || detail.blockedMe}
      pending={moves.pending}
      onMove={(move) => moves.onMove(deal, move)}
    />
  );

  return (
    <div className="mx-auto max-w-[800px] max-md:-mx-4 max-md:-my-6 max-md:pb-40">
      <div className="md:flex md:h-[calc(100dvh-8rem)] md:min-h-[480px] md:flex-col md:overflow-hidden md:rounded-card md:bg-white md:ring-1 md:ring-line">
        <div className="max-md:sticky max-md:top-16 max-md:z-20">
          <ConversationHeader
            detail={detail}
            onBlock={() => setBlocking(true)}
            onUnblock={() => void block(false)}
            onReport={() => setReporting(true)}
          />
        </div>
        <div
          ref={scroller}
          onScroll={(e) => {
            const el = e.currentTarget;
            atEnd.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
          className="bg-page px-4 py-4 md:flex-1 md:overflow-y-auto"
        >
          {c.state.messages.length === 0 && <p className="py-10 text-center text-sm text-ink-3">아직 주고받은 메시지가 없어요.</p>}
          <Thread detail={detail} messages={c.state.messages} me={me} actions={actions} />
          <div ref={end} className="scroll-mb-40 md:scroll-mb-0" />
        </div>
        <div className="max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30">
          <Composer disabledReason={blockedReason} onSend={send} />
        </div>
      </div>
      {moves.dialogs}
      <ConfirmStepDialog
        step={blocking ? BLOCK_STEP : null}
        pending={blockPending}
        onClose={() => setBlocking(false)}
        onConfirm={() => void block(true)}
      />
      <ReportDialog
        open={reporting}
        target={{ kind: 'conversation', id }}
        onClose={() => setReporting(false)}
        onReported={() => c.setDetail((d) => ({ ...d, reportedByMe: true }))}
      />
    </div>
  );
}

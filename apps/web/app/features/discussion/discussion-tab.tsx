import { formatNumber, communityMessages as t } from '@beesang/contract';
import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { ListEmpty, ListFailed } from '../../components/ui/list-state';
import { ApiError, endsSession } from '../../lib/api-client';
import { useNotify } from '../../lib/notify';
import { ReportDialog, type ReportTarget } from '../../lib/report-dialog';
import { useSession } from '../../lib/session';
import { ConfirmDialog } from './confirm-dialog';
import { deleteOpinion, postOpinion } from './discussion-api';
import { OpinionItem } from './opinion-item';
import { OpinionWrite } from './opinion-write';
import { useOpinionDraft } from './use-opinion-draft';
import { useOpinions } from './use-opinions';

/**
 * The stock page's discussion (토론) tab: the company's opinions, newest first, and the write panel,
 * opened by the side panel's '의견 남기기' (through `writeOpen`) or by the button here.
 */
export function DiscussionTab(props: { companyIdx: number; writeOpen: boolean; onWriteOpenChange(open: boolean): void }) {
  const { companyIdx, writeOpen, onWriteOpenChange } = props;
  const session = useSession();
  const { notify } = useNotify();
  const list = useOpinions(companyIdx, session.user?.userIdx ?? null);
  const [draft, setDraft] = useOpinionDraft(companyIdx);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const showWrite = writeOpen && session.isLoggedIn;
  const headingId = useId();

  // Opened for a visitor (the session ended, say): the login dialog instead.
  useEffect(() => {
    if (writeOpen && !session.isLoggedIn) {
      session.openLoginDialog();
      onWriteOpenChange(false);
    }
  }, [writeOpen, session, onWriteOpenChange]);

  const submit = async () => {
    setSending(true);
    setError(null);
    try {
      const opinion = await postOpinion(companyIdx, draft.trim());
      list.prepend(opinion);
      setDraft('');
      onWriteOpenChange(false);
      notify('success', t.opinionPostedTitle, t.opinionPosted);
    } catch (e) {
      // Sanctions and validation come back as the server's Korean message; the draft stays.
      if (!endsSession(e)) setError(e instanceof ApiError ? e.message : t.opinionFailed);
    } finally {
      setSending(false);
    }
  };

  const confirmDelete = async () => {
    if (deleting === null) return;
    setBusy(true);
    try {
      await deleteOpinion(deleting);
      list.remove(deleting);
      notify('success', t.opinionDeleteTitle, t.opinionDeleted);
      setDeleting(null);
    } catch (e) {
      notify('error', t.opinionDeleteTitle, e instanceof ApiError ? e.message : t.opinionDeleteFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby={headingId} data-testid="discussion-tab">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-[15px] font-semibold">
          종목 토론 {list.status === 'ready' && <span className="num font-normal text-ink-3">{formatNumber(list.total)}개</span>}
        </h2>
        {!showWrite && (
          <Button
            variant="ghost"
            className="h-9 text-sm"
            onClick={() => (session.isLoggedIn ? onWriteOpenChange(true) : session.openLoginDialog())}
          >
            {t.opinionWrite}
          </Button>
        )}
      </div>
      {showWrite && (
        <div className="mb-2">
          <OpinionWrite
            draft={draft}
            onDraftChange={(text) => {
              setDraft(text);
              if (error) setError(null);
            }}
            onSubmit={submit}
            onCancel={() => {
              setError(null);
              onWriteOpenChange(false);
            }}
            sending={sending}
            error={error}
            sanctionState={session.user?.sanctionState ?? 0}
          />
        </div>
      )}
      {list.status === 'loading' && <OpinionSkeleton />}
      {list.status === 'error' && <ListFailed message={t.opinionLoadFailed} onRetry={list.retry} />}
      {list.status === 'ready' && list.items.length === 0 && <ListEmpty>{t.opinionEmpty}</ListEmpty>}
      {list.status === 'ready' && list.items.length > 0 && (
        <ul className="divide-y divide-line" aria-label="의견 목록">
          {list.items.map((o) => (
            <OpinionItem
              key={o.opinionIdx}
              opinion={o}
              now={list.now}
              onDelete={() => setDeleting(o.opinionIdx)}
              onReport={() => setReporting({ kind: 'opinion', id: o.opinionIdx })}
            />
          ))}
        </ul>
      )}
      {list.status === 'ready' && list.hasMore && (
        <div className="mt-2 text-center">
          {list.moreFailed && (
            <p role="alert" className="mb-2 text-sm text-danger">
              {t.opinionLoadFailed} 아래 버튼으로 다시 시도해주세요.
            </p>
          )}
          <Button
            variant="ghost"
            full
            className="h-10 text-sm"
            disabled={list.loadingMore}
            aria-busy={list.loadingMore}
            onClick={list.more}
          >
            {t.opinionMore}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t.opinionDeleteTitle}
        message={t.opinionDeleteConfirm}
        confirmLabel={t.opinionDelete}
        busy={busy}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
      <ReportDialog
        open={reporting !== null}
        target={reporting}
        onClose={() => setReporting(null)}
        onReported={() => reporting && list.markReported(reporting.id)}
      />
    </section>
  );
}

/** Three opinion-shaped rows while the first page loads; said once to screen readers. */
function OpinionSkeleton() {
  return (
    <div role="status" aria-busy="true" data-list-state="loading">
      <span className="sr-only">의견을 불러오는 중…</span>
      <ul aria-hidden="true" className="divide-y divide-line">
        {[0, 1, 2].map((i) => (
          <li key={i} className="flex animate-pulse gap-3 py-4">
            <span className="size-9 shrink-0 rounded-full bg-page" />
            <span className="flex-1 space-y-2">
              <span className="block h-3.5 w-32 rounded bg-page" />
              <span className="block h-3.5 w-full rounded bg-page" />
              <span className="block h-3.5 w-2/3 rounded bg-page" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { MARKETING_OPT_OUT, MARKETING_PREFIX, QUIET_HOURS } from '@beesang/contract';
import type { CampaignInput, CampaignPreview } from './campaign-api';
import type { Preview } from './use-campaign-preview';

const people = (n: number) => `${n.toLocaleString('ko-KR')}명`;

/** The text as the API will send it; before it answers, the same rule applied here ('(광고)' first, the opt-out last). */
export function messageOf(input: CampaignInput, preview: CampaignPreview | null): { title: string; body: string } {
  if (preview) return { title: preview.title, body: preview.body };
  return { title: `${MARKETING_PREFIX} ${input.title.trim()}`, body: `${input.body.trim()}\n${MARKETING_OPT_OUT}` };
}

export function reachText(p: CampaignPreview): string {
  const rest =
    p.heldUntilMorning > 0 ? `받고, ${people(p.heldUntilMorning)}은 야간 수신 동의가 없어 오전 ${QUIET_HOURS.to}시에 받습니다` : '받습니다';
  return `광고성 정보 수신에 동의한 회원 ${people(p.consenting)}에게 보냅니다. 지금 ${people(p.now)}이 ${rest}.`;
}

/**
 * The campaign as a member's notification shows it, and whom it reaches: everyone who consented,
 * of them who gets it now and who at 08:00 (between 21:00 and 08:00 KST, those without the
 * night-time consent wait).
 */
export function CampaignPreviewPanel({ input, preview }: { input: CampaignInput; preview: Preview }) {
  const answer = preview.state === 'done' ? preview.preview : preview.state === 'loading' ? preview.last : null;
  const message = messageOf(input, preview.state === 'done' ? preview.preview : null);
  const empty = !input.title.trim() && !input.body.trim();
  return (
    <section aria-labelledby="campaign-preview-title" className="rounded-card bg-white p-4 ring-1 ring-line">
      <h2 id="campaign-preview-title" className="font-bold">
        미리보기
      </h2>
      <div className="mt-3 rounded-card bg-page p-4" data-testid="campaign-message">
        {empty ? (
          <p className="text-sm text-ink-3">제목과 내용을 입력하면 회원이 받을 알림이 여기에 보여요.</p>
        ) : (
          <>
            <p className="text-xs text-ink-3">비상 · 알림</p>
            <p className="mt-1 font-semibold break-words">{message.title}</p>
            <p className="mt-1 text-sm break-words whitespace-pre-line text-ink-2">{message.body}</p>
            {input.url.trim() && <p className="num mt-2 text-xs text-ink-3">누르면 {input.url.trim()}</p>}
          </>
        )}
      </div>
      <div className="mt-3" aria-live="polite" aria-busy={preview.state === 'loading' || undefined}>
        {preview.state === 'failed' ? (
          <p className="text-sm text-danger">{preview.message}</p>
        ) : answer ? (
          <dl className="num grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 text-sm" data-testid="campaign-reach">
            <dt className="text-ink-3">수신 동의 회원</dt>
            <dd className="text-right font-semibold">{people(answer.consenting)}</dd>
            <dt className="text-ink-3">지금 받는 회원</dt>
            <dd className="text-right font-semibold">{people(answer.now)}</dd>
            <dt className="text-ink-3">오전 {QUIET_HOURS.to}시에 받는 회원</dt>
            <dd className="text-right font-semibold">{people(answer.heldUntilMorning)}</dd>
          </dl>
        ) : (
          <p className="text-sm text-ink-3">
            {preview.state === 'loading' ? '받는 회원 수를 세는 중…' : '제목과 내용을 입력하면 받는 회원 수가 보여요.'}
          </p>
        )}
      </div>
    </section>
  );
}

import { campaignBody } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CountedTextarea } from '../../../components/ui/counted-textarea';
import { Form } from '../../../components/ui/form';
import { useNotify } from '../../../lib/notify';
import { ConfirmDialog } from '../shared/confirm-dialog';
import { CONTROL, Field } from '../shared/field';
import { schemaErrors } from '../shared/schema-errors';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { type CampaignInput, type CampaignPreview, previewCampaign, sendCampaign } from './campaign-api';
import { CampaignPreviewPanel, reachText } from './campaign-preview';
import { useCampaignPreview } from './use-campaign-preview';

const TITLE = '캠페인 발송';
const EMPTY: CampaignInput = { title: '', body: '', url: '' };
type Errors = Partial<Record<keyof CampaignInput, string>>;

/**
 * 캠페인 (광고): a title, a body and the page it opens, previewed as members will read it with
 * whom it reaches; sent after a confirmation that states the reach as it is at that moment.
 */
export function CampaignForm() {
  const [input, setInput] = useState<CampaignInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [asking, setAsking] = useState<{ input: CampaignInput; reach: CampaignPreview } | null>(null);
  const [checking, setChecking] = useState(false);
  const preview = useCampaignPreview(input);
  const { busy, run } = useAdminAction();
  const { notify } = useNotify();
  const change = (patch: Partial<CampaignInput>) => {
    setInput((i) => ({ ...i, ...patch }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(Object.keys(patch).map((k) => [k, undefined])) }));
  };

  /** Checked with the contract's schema, then the reach read again: the confirmation says what it is now. */
  async function ask() {
    const parsed = campaignBody.safeParse(input);
    if (!parsed.success) return setErrors(schemaErrors(parsed.error) as Errors);
    setErrors({});
    setChecking(true);
    const result = await run(TITLE, () => previewCampaign(parsed.data), { revalidate: false });
    setChecking(false);
    if (result.ok) setAsking({ input: parsed.data, reach: result.value });
    else setErrors(fieldErrorsOf(result.error));
  }

  async function send() {
    if (!asking) return;
    const result = await run(TITLE, () => sendCampaign(asking.input), { revalidate: false });
    setAsking(null);
    if (!result.ok) return setErrors(fieldErrorsOf(result.error));
    notify('success', TITLE, `캠페인 #${result.value.campaignId}: ${reachText(result.value)}`);
    setInput(EMPTY);
  }

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
      <Form onSubmit={ask} className="space-y-3 rounded-card bg-white p-4 ring-1 ring-line" aria-labelledby="campaign-form-title">
        <h2 id="campaign-form-title" className="font-bold">
          캠페인 작성
        </h2>
        <Field label="제목" error={errors.title} hint="알림 제목 앞에 '(광고)'가 붙습니다.">
          {(c) => (
            <input {...c} className={CONTROL} maxLength={60} value={input.title} onChange={(e) => change({ title: e.target.value })} />
          )}
        </Field>
        <CountedTextarea
          label="내용"
          value={input.body}
          onValue={(body) => change({ body })}
          max={500}
          rows={5}
          error={errors.body}
          hint="끝에 수신거부 방법이 붙습니다."
        />
        <Field
          label="연결할 주소 (선택)"
          error={errors.url}
          hint="알림을 누르면 열리는 사이트 안의 주소, 예: /event/3. 비우면 첫 화면입니다."
        >
          {(c) => (
            <input
              {...c}
              className={CONTROL}
              inputMode="url"
              autoComplete="off"
              placeholder="/event/3"
              value={input.url}
              onChange={(e) => change({ url: e.target.value })}
            />
          )}
        </Field>
        <p className="text-xs text-ink-3">
          광고성 정보 수신에 동의한 회원에게만 보냅니다. 21시부터 08시 사이에는 야간 수신에도 동의한 회원만 바로 받고, 나머지는 08시에
          받습니다. 발송은 감사 로그에 남습니다.
        </p>
        <Button type="submit" size="control" disabled={busy || checking} aria-busy={checking || undefined}>
          보내기
        </Button>
      </Form>
      <CampaignPreviewPanel input={input} preview={preview} />
      <ConfirmDialog
        open={asking !== null}
        title="캠페인을 보낼까요?"
        confirmLabel="보내기"
        busy={busy}
        onConfirm={() => void send()}
        onClose={() => setAsking(null)}
      >
        {asking && (
          <>
            <p className="font-semibold text-ink">{`(광고) ${asking.input.title}`}</p>
            <p className="mt-2" data-testid="campaign-confirm-reach">
              {reachText(asking.reach)}
            </p>
            <p className="mt-2 text-sm">보낸 뒤에는 취소할 수 없습니다.</p>
          </>
        )}
      </ConfirmDialog>
    </div>
  );
}

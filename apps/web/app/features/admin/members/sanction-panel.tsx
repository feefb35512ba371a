import { type AdminMemberRow, SanctionState } from '@beesang/contract';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { CONTROL, Field } from '../shared/field';
import { emptySanction, SANCTION_LABEL, SanctionFields, sanctionBody } from '../shared/sanction-fields';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { sanctionMember } from './members-api';

const REASON_REQUIRED = '제재 사유를 입력해주세요.';

/** A new sanction: its step, the operators' reason and how long it lasts. */
export function SanctionPanel({ row, onDone }: { row: AdminMemberRow; onDone(): void }) {
  const { busy, run } = useAdminAction();
  const [draft, setDraft] = useState(emptySanction);
  const [error, setError] = useState('');

  async function apply() {
    if (!draft.reason.trim()) return setError(REASON_REQUIRED);
    setError('');
    const result = await run('회원 제재', () => sanctionMember(row.userIdx, sanctionBody(draft, Date.now())), {
      done: `${row.userNickname}님: ${SANCTION_LABEL[draft.state]}`,
    });
    if (result.ok) onDone();
    else setError(Object.values(fieldErrorsOf(result.error))[0] ?? '');
  }

  return (
    <Form onSubmit={apply}>
      <SanctionFields value={draft} onChange={setDraft} />
      {error && <p className="mt-1 text-sm text-danger">{error}</p>}
      <div className="mt-3 flex justify-end">
        <Button type="submit" size="control" disabled={busy}>
          제재 적용
        </Button>
      </div>
    </Form>
  );
}

/** Lifting (state 0) needs its reason too: the audit log says why a sanction ended early. */
export function LiftSanction({ row, onDone }: { row: AdminMemberRow; onDone(): void }) {
  const { busy, run } = useAdminAction();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  async function lift() {
    if (!reason.trim()) return setError('해제 사유를 입력해주세요.');
    setError('');
    const body = { state: SanctionState.NORMAL, reason: reason.trim() };
    const result = await run('제재 해제', () => sanctionMember(row.userIdx, body), {
      done: `${row.userNickname}님의 제재를 해제했습니다.`,
    });
    if (result.ok) onDone();
  }

  return (
    <Form onSubmit={lift} className="flex flex-wrap items-start gap-2">
      <Field label="해제 사유" error={error} className="min-w-0 flex-1">
        {(c) => (
          <input
            {...c}
            className={CONTROL}
            value={reason}
            maxLength={300}
            placeholder="예: 이의 신청 인용 (회원에게 보이지 않는 운영 기록)"
            onChange={(e) => setReason(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="control" className="mt-6" disabled={busy}>
        제재 해제
      </Button>
    </Form>
  );
}

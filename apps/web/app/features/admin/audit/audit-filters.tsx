import { useEffect, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { CONTROL, Field } from '../shared/field';
import type { AuditFilters } from './audit-api';
import { AUDIT_ACTIONS, actionText } from './audit-text';

/** The audit log's filters, kept in the URL so that a filtered view can be shared and exported. */
export function AuditFilterForm({ filters }: { filters: AuditFilters }) {
  const [, setSearch] = useSearchParams();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  const actions = useId();
  const set = (patch: Partial<AuditFilters>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = () => setSearch(Object.fromEntries(Object.entries(draft).filter(([, v]) => v.trim() !== '')));

  return (
    <Form
      onSubmit={submit}
      className="mt-4 grid gap-3 rounded-card bg-white p-4 ring-1 ring-line sm:grid-cols-3 lg:grid-cols-[140px_1fr_1fr_150px_150px_auto] lg:items-start"
      aria-label="감사 로그 필터"
    >
      <Field label="운영자 회원번호">
        {(c) => (
          <input
            {...c}
            className={CONTROL}
            inputMode="numeric"
            value={draft.staff}
            onChange={(e) => set({ staff: e.target.value.replace(/\D/g, '') })}
          />
        )}
      </Field>
      <Field label="대상" hint="예: USER:12, TRADE:345, COMPANY:7">
        {(c) => <input {...c} className={CONTROL} maxLength={60} value={draft.target} onChange={(e) => set({ target: e.target.value })} />}
      </Field>
      <Field label="행위" hint="코드 입력 또는 목록에서 선택">
        {(c) => (
          <>
            <input
              {...c}
              list={actions}
              className={CONTROL}
              maxLength={60}
              value={draft.action}
              onChange={(e) => set({ action: e.target.value })}
            />
            <datalist id={actions}>
              {AUDIT_ACTIONS.map((a) => (
                <option key={a} value={a}>
                  {actionText(a)}
                </option>
              ))}
            </datalist>
          </>
        )}
      </Field>
      <Field label="시작일">
        {(c) => (
          <input
            {...c}
            type="date"
            className={CONTROL}
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => set({ from: e.target.value })}
          />
        )}
      </Field>
      <Field label="종료일">
        {(c) => (
          <input
            {...c}
            type="date"
            className={CONTROL}
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => set({ to: e.target.value })}
          />
        )}
      </Field>
      <div className="flex gap-2 sm:col-span-3 sm:justify-end lg:col-span-1 lg:mt-6">
        <Link
          to="/admin/audit"
          className="inline-flex h-10 items-center rounded-control px-3 text-sm font-semibold text-ink-2 ring-1 ring-line hover:bg-page"
        >
          초기화
        </Link>
        <Button type="submit" size="control">
          조회
        </Button>
      </div>
    </Form>
  );
}

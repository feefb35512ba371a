import { MARKET_LABEL_TEXT, MARKET_LABELS, SECTOR_TEXT, SECTORS, staffMay } from '@beesang/contract';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ImageUploadField } from '../../../components/ui/image-upload-field';
import { useSession } from '../../../lib/session';
import { currentPriceText, ManualPriceForm } from '../prices/manual-price-form';
import { CONTROL, Field, TEXTAREA } from '../shared/field';
import { fieldErrorsOf, useAdminAction } from '../shared/use-admin-action';
import { type AdminCompanyRow, patchCompany } from './companies-api';
import { type CompanyDraft, type CompanyErrors, companyDraftOf, companyPatch } from './company-form';

/** Every field an editor may change on a company, and (with the prices area) its manual price. */
export function CompanyEditor({ row, onClose }: { row: AdminCompanyRow; onClose(): void }) {
  const role = useSession().user?.staffRole;
  const labelsError = useId();
  const { busy, run } = useAdminAction();
  const [draft, setDraft] = useState(() => companyDraftOf(row));
  const [errors, setErrors] = useState<CompanyErrors>({});
  const set = (patch: Partial<CompanyDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: keyof CompanyDraft, label: string, extra: { hint?: string; max?: number; type?: string } = {}) => (
    <Field label={label} error={errors[key]} hint={extra.hint}>
      {(c) => (
        <input
          {...c}
          type={extra.type ?? 'text'}
          className={CONTROL}
          maxLength={extra.max}
          value={draft[key] as string}
          onChange={(e) => set({ [key]: e.target.value })}
        />
      )}
    </Field>
  );

  async function save() {
    const found = companyPatch(draft, row);
    if ('errors' in found) return setErrors(found.errors);
    setErrors({});
    const result = await run('종목 수정', () => patchCompany(row.companyIdx, found.patch), {
      done: `${draft.companyName} 정보를 저장했습니다.`,
    });
    if (result.ok) onClose();
    else setErrors(fieldErrorsOf(result.error));
  }

  const labelToggle = (label: string, on: boolean) =>
    set({ stockLabelType: on ? [...draft.stockLabelType, label] : draft.stockLabelType.filter((l) => l !== label) });

  return (
    <div className="space-y-6">
      <Form onSubmit={save} className="grid gap-4 sm:grid-cols-2" aria-label={`${row.companyName} 정보 수정`}>
        {text('companyName', '회사명', { max: 100 })}
        <Field label="업종" error={errors.sector}>
          {(c) => (
            <select {...c} className={CONTROL} value={draft.sector} onChange={(e) => set({ sector: e.target.value })}>
              {SECTORS.map((s) => (
                <option key={s} value={s}>
                  {SECTOR_TEXT[s]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <fieldset className="sm:col-span-2" aria-describedby={errors.stockLabelType ? labelsError : undefined}>
          <legend className="mb-1 text-sm font-semibold text-ink-2">시장 구분 (하나 이상)</legend>
          <div className="flex flex-wrap gap-x-4 gap-y-2">
            {MARKET_LABELS.map((l) => (
              <label key={l} className="inline-flex items-center gap-1.5 text-sm">
                <input
                  type="checkbox"
                  className="size-4"
                  checked={draft.stockLabelType.includes(l)}
                  onChange={(e) => labelToggle(l, e.target.checked)}
                />
                {MARKET_LABEL_TEXT[l]}
              </label>
            ))}
          </div>
          {errors.stockLabelType && (
            <p id={labelsError} className="mt-1 text-sm text-danger">
              {errors.stockLabelType}
            </p>
          )}
        </fieldset>
        {text('sharesOutstanding', '발행주식수 (주)', { hint: '숫자만 입력합니다.' })}
        {text('ceoName', '대표자', { max: 50 })}
        {text('foundedOn', '설립일', { type: 'date', hint: '모르면 비워 둡니다.' })}
        {text('homepageUrl', '홈페이지', { max: 500, hint: 'https://로 시작하는 주소' })}
        <div className="sm:col-span-2">{text('address', '주소', { max: 300 })}</div>
        <Field label="사업 개요" error={errors.businessSummary} className="sm:col-span-2">
          {(c) => (
            <textarea
              {...c}
              rows={4}
              maxLength={2000}
              className={TEXTAREA}
              value={draft.businessSummary}
              onChange={(e) => set({ businessSummary: e.target.value })}
            />
          )}
        </Field>
        <div className="sm:col-span-2">
          <ImageUploadField
            label="로고"
            value={draft.companyLogoUrl}
            onChange={(companyLogoUrl) => set({ companyLogoUrl })}
            error={errors.companyLogoUrl}
            hint="비우면 자동 생성 로고를 씁니다."
          />
        </div>
        {errors[''] && <p className="text-sm text-danger sm:col-span-2">{errors['']}</p>}
        <div className="sticky -bottom-6 flex justify-end gap-2 border-t border-line bg-white py-3 sm:col-span-2">
          <Button variant="ghost" size="control" onClick={onClose}>
            닫기
          </Button>
          <Button type="submit" size="control" disabled={busy}>
            저장
          </Button>
        </div>
      </Form>
      {staffMay(role, 'prices') && (
        <section aria-labelledby="company-price-title" className="border-t border-line pt-4">
          <h3 id="company-price-title" className="mb-2 font-bold">
            운영자 가격 입력
          </h3>
          <ManualPriceForm company={{ ...row, context: currentPriceText(row) }} />
        </section>
      )}
    </div>
  );
}

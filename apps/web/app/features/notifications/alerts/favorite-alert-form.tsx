import { formatNumber } from '@beesang/contract';
import { useEffect, useId, useState } from 'react';
import { AmountField } from '../../../components/ui/amount-field';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ListFailed } from '../../../components/ui/list-state';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { SwitchInput } from '../settings/switch-input';
import { type FavoriteAlert, fetchFavoriteAlert, saveFavoriteAlert } from '../shared/notifications-api';

export const FAVORITE_ALERT_TITLE = '새 매물 알림';
/** favoriteAlertBody's bounds (the contract gives them no words of their own). */
const PRICE_MAX = 99_999_999;
export const FAVORITE_PRICE_ERROR = '가격은 1원 이상 1억원 미만으로 입력해주세요.';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready' };

/**
 * A favourite's new-listing alert: on (the default) or off, and optionally only at or better than a
 * price — a sale at or below it, a purchase at or above it. Read when shown, saved with PUT.
 */
export function FavoriteAlertForm(props: { companyIdx: number; companyName: string; onSaved(alert: FavoriteAlert): void }) {
  const { companyIdx, companyName } = props;
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [enabled, setEnabled] = useState(true);
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const { notify } = useNotify();
  const switchId = useId();

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, and again on 다시 시도
  useEffect(() => {
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchFavoriteAlert(companyIdx, controller.signal).then(
      (a) => {
        setEnabled(a.enabled);
        setPrice(a.price === null ? '' : String(a.price));
        setLoad({ status: 'ready' });
      },
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [companyIdx, attempt]);

  if (load.status === 'failed') {
    return <ListFailed size="compact" message="알림 설정을 불러오지 못했습니다." onRetry={() => setAttempt((n) => n + 1)} />;
  }

  const submit = async () => {
    const value = price === '' ? null : Number(price);
    if (enabled && value !== null && (value < 1 || value > PRICE_MAX)) return setError(FAVORITE_PRICE_ERROR);
    setSaving(true);
    try {
      const saved = await saveFavoriteAlert(companyIdx, { enabled, price: enabled ? value : null });
      const text = !saved.enabled
        ? `${companyName}의 새 매물 알림을 껐어요.`
        : saved.price === null
          ? `${companyName}에 새 매물이 올라오면 알려드릴게요.`
          : `${companyName}에 ${formatNumber(saved.price)}원 조건에 맞는 새 매물이 올라오면 알려드릴게요.`;
      notify('success', FAVORITE_ALERT_TITLE, text);
      props.onSaved(saved);
    } catch (e) {
      if (!endsSession(e)) notify('error', FAVORITE_ALERT_TITLE, e instanceof ApiError ? e.message : '알림 설정을 저장하지 못했습니다.');
    } finally {
      setSaving(false);
    }
  };

  const loading = load.status === 'loading';
  return (
    <Form onSubmit={submit} aria-busy={loading || undefined}>
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={switchId} className="font-semibold">
          {companyName} 새 매물 알림 받기
        </label>
        <SwitchInput id={switchId} checked={enabled} disabled={loading} onChange={(e) => setEnabled(e.target.checked)} />
      </div>
      <div className="mt-3">
        <AmountField
          label="가격 조건 (선택)"
          suffix="원"
          value={price}
          disabled={loading || !enabled}
          onChange={(digits) => {
            setPrice(digits);
            setError(undefined);
          }}
          hint="매도 매물은 이 가격 이하, 매수 매물은 이 가격 이상일 때만 알려드려요. 비워 두면 새 매물마다 알려드려요."
          warning={error}
          invalid={Boolean(error)}
          accent="text-brand"
        />
      </div>
      <Button type="submit" full className="mt-4" disabled={loading || saving} aria-busy={saving || undefined}>
        저장
      </Button>
    </Form>
  );
}

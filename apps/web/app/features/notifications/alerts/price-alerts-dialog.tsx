import { formatDate, formatNumber, PRICE_ALERTS_MAX, type PriceAlert } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { ListFailed } from '../../../components/ui/list-state';
import { Modal } from '../../../components/ui/modal';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { createPriceAlert, deletePriceAlert, fetchPriceAlerts } from '../shared/notifications-api';
import { DIRECTION_TEXT, PriceAlertForm } from './price-alert-form';

const TITLE = '가격 알림';
export const LIMIT_REACHED = `가격 알림은 ${PRICE_ALERTS_MAX}개까지 만들 수 있어요. 필요 없는 알림을 지운 뒤 추가해주세요.`;

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; alerts: PriceAlert[] };

/**
 * The stock page's 가격 알림: this company's alerts (each deletable) and a new one. `initial` is
 * every alert of the member (the loader's), since the limit counts them all; without it they are read
 * when the dialog first opens. `onCount` tells the page how many this company has now.
 */
export function PriceAlertsDialog(props: {
  open: boolean;
  onClose(): void;
  company: { companyIdx: number; companyName: string; currentPrice: number };
  initial: PriceAlert[] | null;
  onCount(count: number): void;
}) {
  const { company, onCount } = props;
  const [load, setLoad] = useState<Load>(props.initial ? { status: 'ready', alerts: props.initial } : { status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | undefined>();
  const { notify, toast } = useNotify();
  const needsRead = props.open && load.status !== 'ready';

  // biome-ignore lint/correctness/useExhaustiveDependencies: read on opening, and on 다시 시도
  useEffect(() => {
    if (!needsRead) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchPriceAlerts(controller.signal).then(
      (r) => setLoad({ status: 'ready', alerts: r.data }),
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [needsRead, attempt]);

  const all = load.status === 'ready' ? load.alerts : [];
  const mine = all.filter((a) => a.companyIdx === company.companyIdx);
  const count = mine.length;
  useEffect(() => {
    if (load.status === 'ready') onCount(count);
  }, [load.status, count, onCount]);

  const change = (next: (alerts: PriceAlert[]) => PriceAlert[]) =>
    setLoad((l) => (l.status === 'ready' ? { status: 'ready', alerts: next(l.alerts) } : l));
  const said = (error: unknown) => (error instanceof ApiError ? error.message : '처리하지 못했습니다. 잠시 후 다시 시도해주세요.');

  const add = async (body: { companyIdx: number; direction: PriceAlert['direction']; price: number }) => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const created = await createPriceAlert(body);
      change((alerts) => [...alerts, created]);
      toast('success', '가격 알림을 추가했어요.');
      return true;
    } catch (error) {
      // A refusal (the limit, a price out of range) is said under the form; the session's end by the client.
      if (error instanceof ApiError && error.status === 400) setRefusal(error.fields?.price ?? error.message);
      else if (!endsSession(error)) notify('error', TITLE, said(error));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const remove = async (alert: PriceAlert) => {
    try {
      await deletePriceAlert(alert.alertId);
      change((alerts) => alerts.filter((a) => a.alertId !== alert.alertId));
      setRefusal(undefined);
      toast('success', '가격 알림을 지웠어요.');
    } catch (error) {
      if (!endsSession(error)) notify('error', TITLE, said(error));
    }
  };

  return (
    <Modal open={props.open} onClose={props.onClose} title={TITLE} width={420}>
      <p className="text-sm text-ink-2">
        <span className="font-semibold text-ink">{company.companyName}</span>
        {company.currentPrice > 0 && <span className="num"> · 현재가 {formatNumber(company.currentPrice)}원</span>}
      </p>
      <p className="mt-1 text-xs text-ink-3">가격이 정한 값을 넘거나 내려가면 알려드려요. 같은 알림은 하루에 한 번만 보내요.</p>
      <section aria-labelledby="price-alerts-title" className="mt-4">
        <h3 id="price-alerts-title" className="font-semibold">
          설정한 알림 <span className="num text-sm font-normal text-ink-3">{count}개</span>
        </h3>
        {load.status === 'failed' ? (
          <ListFailed size="compact" message="가격 알림을 불러오지 못했습니다." onRetry={() => setAttempt((n) => n + 1)} />
        ) : load.status === 'loading' ? (
          <p role="status" className="py-4 text-sm text-ink-3">
            가격 알림을 불러오는 중…
          </p>
        ) : count === 0 ? (
          <p className="py-3 text-sm text-ink-3">아직 이 종목에 설정한 알림이 없어요.</p>
        ) : (
          <ul className="mt-1 divide-y divide-line" aria-label="이 종목의 가격 알림">
            {mine.map((a) => (
              <li key={a.alertId} className="flex items-center gap-2 py-1.5" data-testid="price-alert">
                <span className="min-w-0 flex-1 text-[15px]">
                  <span className={`num font-semibold ${a.direction === 'ABOVE' ? 'text-rise' : 'text-fall'}`}>
                    {formatNumber(a.price)}원
                  </span>{' '}
                  {DIRECTION_TEXT[a.direction]}
                  {a.lastFiredAt && <span className="block text-xs text-ink-3">마지막 알림 {formatDate(a.lastFiredAt)}</span>}
                </span>
                <button
                  type="button"
                  onClick={() => void remove(a)}
                  aria-label={`${formatNumber(a.price)}원 ${DIRECTION_TEXT[a.direction]} 알림 삭제`}
                  className="h-11 shrink-0 rounded-control px-3 text-sm text-ink-2 hover:bg-page md:h-9"
                >
                  삭제
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <div className="mt-4 border-t border-line pt-4">
        <PriceAlertForm
          companyIdx={company.companyIdx}
          currentPrice={company.currentPrice}
          busy={busy || load.status !== 'ready'}
          blocked={all.length >= PRICE_ALERTS_MAX ? LIMIT_REACHED : undefined}
          refusal={refusal}
          onSubmit={add}
        />
        <p className="num mt-2 text-center text-xs text-ink-3">
          전체 {all.length} / {PRICE_ALERTS_MAX}개
        </p>
      </div>
    </Modal>
  );
}

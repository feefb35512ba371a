import { formatDate, type NotificationSettings } from '@beesang/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { ListFailed } from '../../../components/ui/list-state';
import { ApiError, endsSession } from '../../../lib/api-client';
import { useNotify } from '../../../lib/notify';
import { fetchSettings, saveSettings } from '../shared/notifications-api';
import { ConsentFields } from './consent-fields';
import { SettingsTable } from './settings-table';

const TITLE = '알림 설정';

/** What the notice says once saved; a consent given or taken back is confirmed with its date (정보통신망법 §50 ⑧). */
function savedText(before: NotificationSettings, after: NotificationSettings, now: Date): string {
  if (before.marketingFlag === after.marketingFlag) return '알림 설정을 저장했어요.';
  const day = formatDate(now.toISOString());
  return after.marketingFlag
    ? `알림 설정을 저장했어요. ${day} 광고성 정보 수신에 동의하셨어요.`
    : `알림 설정을 저장했어요. ${day} 광고성 정보 수신 동의를 철회하셨어요.`;
}

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; saved: NotificationSettings };

/**
 * /myPage › 알림 설정: per group of notifications and per channel, and the two advertising consents;
 * saved together with PUT. From the loader when it had them, else read here.
 */
export function NotificationSettingsSection({
  initial,
  clock = () => new Date(),
}: {
  initial: NotificationSettings | null;
  clock?: () => Date;
}) {
  const [load, setLoad] = useState<Load>(initial ? { status: 'ready', saved: initial } : { status: 'loading' });
  const [draft, setDraft] = useState<NotificationSettings | null>(initial);
  const [attempt, setAttempt] = useState(0);
  const [saving, setSaving] = useState(false);
  const { notify } = useNotify();

  useEffect(() => {
    if (initial && attempt === 0) return;
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchSettings(controller.signal).then(
      (s) => {
        setLoad({ status: 'ready', saved: s });
        setDraft(s);
      },
      () => !controller.signal.aborted && setLoad({ status: 'failed' }),
    );
    return () => controller.abort();
  }, [initial, attempt]);

  if (load.status === 'loading' || !draft) {
    if (load.status === 'failed')
      return <ListFailed size="compact" message="알림 설정을 불러오지 못했습니다." onRetry={() => setAttempt((n) => n + 1)} />;
    return (
      <div role="status" aria-busy="true" className="h-80 animate-pulse rounded-control bg-page">
        <span className="sr-only">알림 설정을 불러오는 중…</span>
      </div>
    );
  }
  const saved = load.status === 'ready' ? load.saved : draft;
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft);

  const submit = async () => {
    if (!dirty || saving) return;
    setSaving(true);
    try {
      const answer = await saveSettings(draft);
      setLoad({ status: 'ready', saved: answer });
      setDraft(answer);
      notify('success', TITLE, savedText(saved, answer, clock()));
    } catch (error) {
      if (!endsSession(error)) notify('error', TITLE, error instanceof ApiError ? error.message : '알림 설정을 저장하지 못했습니다.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form onSubmit={submit} aria-label={TITLE}>
      <p className="mb-2 text-sm text-ink-2">
        사이트 알림은 상단의 종 모양 아이콘에 모여요. 브라우저 알림은 브라우저마다{' '}
        <Link to="/notifications#settings" className="font-semibold text-ink underline underline-offset-2">
          알림 페이지
        </Link>
        에서 켜야 받을 수 있어요.
      </p>
      <SettingsTable
        groups={draft.groups}
        marketingAllowed={draft.marketingFlag}
        onChange={(group, channel, on) =>
          setDraft({ ...draft, groups: { ...draft.groups, [group]: { ...draft.groups[group], [channel]: on } } })
        }
      />
      <ConsentFields
        marketingFlag={draft.marketingFlag}
        nighttimeAlarmFlag={draft.nighttimeAlarmFlag}
        onChange={(consents) => setDraft({ ...draft, ...consents })}
      />
      <Button type="submit" full className="mt-4" disabled={!dirty || saving} aria-busy={saving || undefined}>
        {saving ? '저장하는 중…' : '알림 설정 저장'}
      </Button>
    </Form>
  );
}

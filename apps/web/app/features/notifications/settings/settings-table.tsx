import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_GROUP_TEXT,
  NOTIFICATION_GROUPS,
  type NotificationChannel,
  type NotificationGroup,
  type NotificationSettings,
} from '@beesang/contract';
import { SwitchInput } from './switch-input';

export const CHANNEL_TEXT: Record<NotificationChannel, string> = { site: '사이트', webPush: '브라우저', app: '앱' };

/**
 * 알림 설정's table: a row per group of notifications, a switch per channel (사이트 / 브라우저 /
 * 앱), each named by both ('가격 알림 브라우저'). The advertising row waits for the consent.
 */
export function SettingsTable(props: {
  groups: NotificationSettings['groups'];
  marketingAllowed: boolean;
  onChange(group: NotificationGroup, channel: NotificationChannel, on: boolean): void;
}) {
  return (
    <table className="w-full border-collapse text-left">
      <caption className="sr-only">알림 종류별로 받을 곳</caption>
      <thead>
        <tr className="border-b border-line text-[13px] text-ink-3">
          <th scope="col" className="py-2 pr-2 font-semibold">
            알림
          </th>
          {NOTIFICATION_CHANNELS.map((c) => (
            <th key={c} scope="col" className="w-14 py-2 text-center font-semibold sm:w-20">
              {CHANNEL_TEXT[c]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {NOTIFICATION_GROUPS.map((g) => {
          const waiting = g === 'marketing' && !props.marketingAllowed;
          return (
            <tr key={g}>
              <th scope="row" className="py-1 pr-2 text-[15px] font-medium">
                {NOTIFICATION_GROUP_TEXT[g]}
                {waiting && <span className="block text-xs font-normal text-ink-3">아래 광고성 정보 수신에 동의하면 고를 수 있어요.</span>}
              </th>
              {NOTIFICATION_CHANNELS.map((c) => (
                <td key={c} className="text-center">
                  <SwitchInput
                    aria-label={`${NOTIFICATION_GROUP_TEXT[g]} ${CHANNEL_TEXT[c]}`}
                    checked={props.groups[g][c]}
                    disabled={waiting}
                    onChange={(e) => props.onChange(g, c, e.target.checked)}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

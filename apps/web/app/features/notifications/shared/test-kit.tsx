import type { Notification, NotificationSettings, PriceAlert } from '@beesang/contract';
import type { NotificationList } from './notifications-api';

/** Notifications, settings and alerts as the API answers them, for the feature's component tests. */

export function notification(notificationId: number, over: Partial<Notification> = {}): Notification {
  return {
    notificationId,
    kind: 'PRICE_ALERT',
    title: `비상테크 가격 알림 ${notificationId}`,
    body: '12,900원 위로 올라갔어요.',
    url: '/stock/12',
    createdAt: '2026-11-26T00:55:00.000Z',
    readAt: null,
    ...over,
  };
}

export const list = (data: Notification[], over: Partial<NotificationList> = {}): NotificationList => ({
  data,
  total: data.length,
  page: 1,
  size: 20,
  unreadCount: data.filter((n) => !n.readAt).length,
  ...over,
});

const on = { site: true, webPush: true, app: true };
export function settings(over: Partial<NotificationSettings> = {}): NotificationSettings {
  return {
    groups: {
      favoriteListings: { ...on },
      priceAlerts: { ...on },
      deals: { ...on },
      outcomes: { ...on },
      security: { ...on },
      marketing: { site: true, webPush: false, app: false },
    },
    marketingFlag: false,
    nighttimeAlarmFlag: false,
    ...over,
  };
}

export function alert(alertId: number, over: Partial<PriceAlert> = {}): PriceAlert {
  return {
    alertId,
    companyIdx: 12,
    companyName: '비상테크',
    direction: 'ABOVE',
    price: 13_000,
    lastFiredAt: null,
    createdAt: '2026-11-20T05:00:00.000Z',
    ...over,
  };
}

import type { favoriteAlertSchema, NotificationSettings, PriceAlert } from '@beesang/contract';
import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client';
import type { NotificationList } from '../../../lib/ssr-reads';

/** The notification calls of issue 23; answers are the contract's shapes inside `{ result }`. */

export type { NotificationList };

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const notificationsPath = (page = 1, size = NOTIFICATIONS_PAGE_SIZE) => `/api/notifications?page=${page}&size=${size}`;
export const NOTIFICATIONS_READ_PATH = '/api/notifications/read';
export const notificationPath = (id: number) => `/api/notifications/${id}`;
export const NOTIFICATION_SETTINGS_PATH = '/api/notifications/settings';
export const PRICE_ALERTS_PATH = '/api/price-alerts';
export const priceAlertPath = (id: number) => `/api/price-alerts/${id}`;
export const favoriteAlertPath = (companyIdx: number) => `/api/stock/favorite/${companyIdx}/alert`;

type Unread = { unreadCount: number };
const send = (method: string, body?: unknown) => ({ method, body: JSON.stringify(body ?? {}) });

export function fetchNotifications(page: number, signal?: AbortSignal): Promise<NotificationList> {
  return apiFetch<NotificationList>(notificationsPath(page), { signal });
}

export function markRead(ids: number[]): Promise<Unread> {
  return apiFetch<Unread>(NOTIFICATIONS_READ_PATH, send('POST', { ids }));
}

export function markAllRead(): Promise<Unread> {
  return apiFetch<Unread>(NOTIFICATIONS_READ_PATH, send('POST', { all: true }));
}

export function deleteNotification(id: number): Promise<Unread> {
  return apiFetch<Unread>(notificationPath(id), { method: 'DELETE' });
}

export function fetchSettings(signal?: AbortSignal): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, { signal });
}

export function saveSettings(settings: NotificationSettings): Promise<NotificationSettings> {
  return apiFetch<NotificationSettings>(NOTIFICATION_SETTINGS_PATH, send('PUT', settings));
}

export function fetchPriceAlerts(signal?: AbortSignal): Promise<{ data: PriceAlert[] }> {
  return apiFetch<{ data: PriceAlert[] }>(PRICE_ALERTS_PATH, { signal });
}

export function createPriceAlert(body: { companyIdx: number; direction: PriceAlert['direction']; price: number }): Promise<PriceAlert> {
  return apiFetch<PriceAlert>(PRICE_ALERTS_PATH, send('POST', body));
}

export function deletePriceAlert(id: number): Promise<unknown> {
  return apiFetch<unknown>(priceAlertPath(id), { method: 'DELETE' });
}

/** New listings on a favourite: on or off, and the price they must meet (null: every one). */
export type FavoriteAlert = z.infer<typeof favoriteAlertSchema>;

export function fetchFavoriteAlert(companyIdx: number, signal?: AbortSignal): Promise<FavoriteAlert> {
  return apiFetch<FavoriteAlert>(favoriteAlertPath(companyIdx), { signal });
}

export function saveFavoriteAlert(companyIdx: number, body: { enabled: boolean; price: number | null }): Promise<FavoriteAlert> {
  return apiFetch<FavoriteAlert>(favoriteAlertPath(companyIdx), send('PUT', body));
}

import { idParam } from './schemas-common.ts';
import { z } from './zod.ts';

/**
 * Notifications (issue 23): what a member is told, where (the site, the browser, the phone), and
 * the consent rules for advertising (정보통신망법 §50). Paths and shapes the apps generate from.
 */

/** What a notification is about. Each belongs to one group, which the member's settings switch per channel. */
export const NOTIFICATION_KINDS = [
  // A new listing on a favourite company (at or better than the member's price, if they set one).
  'FAVORITE_LISTING',
  // A company's price crossed a level the member set.
  'PRICE_ALERT',
  // Deals (issue 22).
  'DEAL_OFFER',
  'DEAL_COUNTER',
  'DEAL_ACCEPTED',
  'DEAL_MESSAGE',
  'DEAL_CONFIRM_ASKED',
  'DEAL_LAPSING',
  // Outcomes of what operators decided.
  'REPORT_OUTCOME',
  'PROOF_OUTCOME',
  'EXPERT_OUTCOME',
  'SANCTION',
  'LISTING_ENDING',
  'LISTING_ENDED',
  // Security.
  'SECURITY_NEW_DEVICE',
  'SECURITY_PASSWORD',
  // An operator's campaign: advertising, under the member's marketing consent.
  'MARKETING',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_GROUPS = ['favoriteListings', 'priceAlerts', 'deals', 'outcomes', 'security', 'marketing'] as const;
export type NotificationGroup = (typeof NOTIFICATION_GROUPS)[number];

export const NOTIFICATION_GROUP_OF: Record<NotificationKind, NotificationGroup> = {
  FAVORITE_LISTING: 'favoriteListings',
  PRICE_ALERT: 'priceAlerts',
  DEAL_OFFER: 'deals',
  DEAL_COUNTER: 'deals',
  DEAL_ACCEPTED: 'deals',
  DEAL_MESSAGE: 'deals',
  DEAL_CONFIRM_ASKED: 'deals',
  DEAL_LAPSING: 'deals',
  REPORT_OUTCOME: 'outcomes',
  PROOF_OUTCOME: 'outcomes',
  EXPERT_OUTCOME: 'outcomes',
  SANCTION: 'outcomes',
  LISTING_ENDING: 'outcomes',
  LISTING_ENDED: 'outcomes',
  SECURITY_NEW_DEVICE: 'security',
  SECURITY_PASSWORD: 'security',
  MARKETING: 'marketing',
};

export const NOTIFICATION_GROUP_TEXT: Record<NotificationGroup, string> = {
  favoriteListings: '관심 종목의 새 매물',
  priceAlerts: '가격 알림',
  deals: '거래 제안과 메시지',
  outcomes: '신고·인증·제재 결과와 매물 종료',
  security: '로그인과 비밀번호 변경',
  marketing: '이벤트·혜택 (광고)',
};

/** Where a notification goes: the site's list always; the browser (Web Push) and the app (FCM) as the member chose. */
export const NOTIFICATION_CHANNELS = ['site', 'webPush', 'app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Kept this long, then deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;
/** Price alerts per member. */
export const PRICE_ALERTS_MAX = 50;
/** Marketing waits outside these hours (KST) unless the member also consented to night-time messages. */
export const QUIET_HOURS = { from: 21, to: 8 } as const;
/** Every marketing message starts with this and ends with how to opt out (정보통신망법 §50). */
export const MARKETING_PREFIX = '(광고)';
export const MARKETING_OPT_OUT = '수신거부: 비상 > 회원정보 수정 > 알림 설정에서 광고성 정보 수신을 끌 수 있어요.';

export const notificationSchema = z.object({
  notificationId: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** Where it is about, on this site (a path such as /stock/12 or /messages/3). */
  url: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  data: z.array(notificationSchema),
  total: z.number().int(),
  page: z.number().int(),
  size: z.number().int(),
  unreadCount: z.number().int(),
});

/** POST /api/notifications/read: some, or all. */
export const notificationReadBody = z.union([
  z.strictObject({ ids: z.array(idParam).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export const notificationIdParams = z.object({ id: idParam });

const channelSwitches = z.strictObject({ site: z.boolean(), webPush: z.boolean(), app: z.boolean() });
/** GET|PUT /api/notifications/settings */
export const notificationSettingsSchema = z.strictObject({
  groups: z.strictObject(
    Object.fromEntries(NOTIFICATION_GROUPS.map((g) => [g, channelSwitches])) as Record<NotificationGroup, typeof channelSwitches>,
  ),
  /** Consent to advertising (marketing), and to advertising at night (21:00–08:00 KST). */
  marketingFlag: z.boolean(),
  nighttimeAlarmFlag: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const PRICE_ALERT_DIRECTIONS = ['ABOVE', 'BELOW'] as const;
/** GET /api/price-alerts: one company's alerts when companyIdx is given. */
export const priceAlertListQuery = z.object({ companyIdx: idParam.optional() });
/** POST /api/price-alerts */
export const priceAlertBody = z.strictObject({
  companyIdx: idParam,
  direction: z.enum(PRICE_ALERT_DIRECTIONS, { error: '위로 넘을 때(ABOVE) 또는 아래로 내려갈 때(BELOW)를 골라주세요.' }),
  price: z
    .number({ error: '알림 가격을 1원 이상 입력해주세요.' })
    .int({ error: '알림 가격을 1원 이상 입력해주세요.' })
    .min(1, { error: '알림 가격을 1원 이상 입력해주세요.' })
    .max(99_999_999, { error: '알림 가격은 1억원 미만으로 입력해주세요.' }),
});
export const priceAlertSchema = z.object({
  alertId: z.number().int(),
  companyIdx: z.number().int(),
  companyName: z.string(),
  direction: z.enum(PRICE_ALERT_DIRECTIONS),
  price: z.number().int(),
  /** When it last fired (it fires at most once a day); null before. */
  lastFiredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PriceAlert = z.infer<typeof priceAlertSchema>;
export const priceAlertIdParams = z.object({ id: idParam });

/** PUT /api/stock/favorite/{companyIdx}/alert: new listings on a favourite (on by default), optionally only at or better than a price. */
export const favoriteAlertBody = z.strictObject({
  enabled: z.boolean(),
  /** For a sale: at or below it; for a purchase: at or above it. null for every new listing. */
  price: z
    .number({ error: '가격은 1원 이상 1억원 미만으로 입력해주세요.' })
    .int({ error: '가격은 1원 이상 1억원 미만으로 입력해주세요.' })
    .min(1, { error: '가격은 1원 이상 1억원 미만으로 입력해주세요.' })
    .max(99_999_999, { error: '가격은 1원 이상 1억원 미만으로 입력해주세요.' })
    .nullable(),
});
export const favoriteAlertSchema = z.object({ companyIdx: z.number().int(), enabled: z.boolean(), price: z.number().int().nullable() });

/** The browser's PushSubscription.toJSON(), as POST|DELETE /api/push/subscriptions take it. */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: '푸시 구독 주소가 올바르지 않아요.' }).max(2000),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;
export const vapidKeySchema = z.object({ publicKey: z.string() });

/** The console's campaign (advertising): previewed (how many it reaches, now and at 08:00) and sent. */
export const campaignBody = z.strictObject({
  title: z.string().trim().min(1, { error: '제목을 입력해주세요.' }).max(60, { error: '제목은 60자까지 쓸 수 있어요.' }),
  body: z.string().trim().min(1, { error: '내용을 입력해주세요.' }).max(500, { error: '내용은 500자까지 쓸 수 있어요.' }),
  /** A path on this site the notification opens ('' for the front page). */
  url: z
    .string()
    .max(300)
    .regex(/^(\/[^\s]*)?$/, { error: '사이트 안의 주소(/로 시작)를 입력해주세요.' })
    .default(''),
});
export const campaignPreviewSchema = z.object({
  /** Members who consented to advertising; of them, who gets it now and who at 08:00 KST. */
  consenting: z.number().int(),
  now: z.number().int(),
  heldUntilMorning: z.number().int(),
  /** The text as members will read it, '(광고)' and the opt-out included. */
  title: z.string(),
  body: z.string(),
});
export const campaignSentSchema = campaignPreviewSchema.extend({ campaignId: z.number().int() });

/** Business constants of spec §9. One place for every limit. */
export const PRODUCT_NAME = '비상';
export const PRODUCT_CODE = 'BEESANG';
export const API_TIMEOUT_MS = 5000;
export const SMS_CODE_TTL_MS = 180_000;
export const SMS_RESEND_COOLDOWN_MS = 5000;
export const HEADER_SEARCH_DEBOUNCE_MS = 200;
export const TRADE_SEARCH_DEBOUNCE_MS = 500;
export const HEADER_SEARCH_MAX_HEIGHT = 450;
export const TRADE_SEARCH_MAX_HEIGHT = 280;
export const NOTIFICATION_MS = 4500;
export const TOAST_MS = 3000;
export const STICKY_QR_SCROLL_PX = 260;
export const STICKY_QR_MIN_WIDTH = 1620;
export const SEARCH_RESULT_LIMIT = 20;
export const SEARCH_KEYWORD_MAX = 50;
export const RANKING_DEFAULT_COUNT = 10;
export const RANKING_MAX_COUNT = 50;
export const LIST_PAGE_SIZE_DEFAULT = 20;
export const LIST_PAGE_SIZE_MAX = 100;
export const MAX_PRICE_PER_SHARE = 99_999_999;
export const MAX_TOTAL_AMOUNT = 9_999_999_999_999;
export const PRICE_BAND_RATE = 15;
export const LISTING_LIFETIME_DAYS = 30;
export const NICKNAME_MIN = 2;
export const NICKNAME_MAX = 10;
export const INTRODUCTION_MAX = 500;
/** Image upload (spec §9 and SECURITY.md 18): one file of at most 5 MB in the multipart field `file`. */
export const UPLOAD_FIELD_NAME = 'file';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_LIST_ANIMATION_MS = 2000;
/** Marketplace limits decided where the spec is silent (issue 4). */
export const OPINION_MAX = 1000;
export const REPORT_DETAIL_MAX = 500;
export const FAVORITES_MAX = 100;
export const IDEMPOTENCY_KEY_MAX = 100;
/** A retried POST replays the first answer for this long (IETF Idempotency-Key draft). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

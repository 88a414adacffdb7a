/** Business constants of SPEC §9. */
export const PRODUCT_NAME = "Souq";
export const CURRENCY_IQD = 1;
export const CURRENCY_USD = 2;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 50, 100, 200] as const;
export const MAX_PER_PAGE = 1000;
export const VISIBLE_PAGE_NUMBERS = 7;
export const SEARCH_DEBOUNCE_MS = 250;
export const IMAGE_MAX_BYTES = 2_097_152;
export const IMAGE_TYPES = ["jpeg", "jpg", "png"] as const;
export const EXCEL_MAX_BYTES = 2_097_152;
export const EXCEL_MAX_RECORDS = 5000;
export const TOKEN_TTL_SECONDS = 60 * 60;
export const TOKEN_REFRESH_MINUTES = 56;
export const REFRESH_CONFLICT_WAIT_MS = 600;
export const INACTIVITY_LOGOUT_MS = 60_000;
export const INACTIVITY_CHECK_MS = 30 * 60_000;
export const NOTIFICATION_POLL_MS = 30_000;
export const NOTE_MAX = 140;
export const PASSWORD_MIN = 4;
export const CHANGE_PASSWORD_MIN = 6;
/** The system setting "minimum password length" starts here; it may never go below PASSWORD_MIN. */
export const PASSWORD_MIN_LENGTH_DEFAULT = 8;
/** zxcvbn score (0 to 4) a new password must reach. */
export const PASSWORD_MIN_SCORE = 3;
export const PIN_MIN = 4;
export const COUNTRIES_COUNT = 224;
export const FOREIGN_DECIMALS = 3;
export const ROUND_DECIMALS = 4;
/** Days before a batch's expiry it counts as near expiry, for an item whose own expiry alert is empty. */
export const DEFAULT_EXPIRE_ALERT_DAYS = 30;
export const DEFAULT_START_DATE = "1900-01-01";
export const LANGUAGES = ["en", "ar", "ckb"] as const;
export type Language = (typeof LANGUAGES)[number];
export const RTL_LANGUAGES: readonly Language[] = ["ar", "ckb"];

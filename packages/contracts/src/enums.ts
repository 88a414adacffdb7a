/** Fixed-value lists of SPEC §3 and §4. */
export const PAYMENT_TYPES = ["On Account", "Cash"] as const;
export const POS_PAYMENT_TYPES = ["cash", "fib", "credit"] as const;
export const CASH_TYPES = { Cash: 1, Bank: 2, Remittance: 3 } as const;
export const DISCOUNT_TYPES = ["amount", "percent"] as const;
export const ACCOUNTING_OPTIONS = ["Together", "Separated"] as const;
export const STATUSES = ["Active", "Inactive"] as const;
export const USER_STATUSES = ["active", "inactive", "blocked"] as const;
export const THEMES = ["light", "dark"] as const;
export const DATE_FILTERS = [
  "TODAY",
  "THIS_MONTH",
  "LAST_MONTH",
  "THIS_QUARTER",
  "LAST_QUARTER",
  "THIS_YEAR",
  "LAST_YEAR",
  "DATE_PERIOD",
] as const;
export type DateFilter = (typeof DATE_FILTERS)[number];
export const DAMAGE_TYPES = ["expired", "damaged", "stolen"] as const;
export const ASSET_TYPES = ["current", "fixed"] as const;
export const GENDERS = ["Male", "Female"] as const;
export const MARITAL_STATUSES = ["Single", "Married"] as const;
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export const COMMISSION_TYPES = ["no_commission", "revenue_commission", "gross_profit_commission"] as const;
export const CASHIER_LOGIN_OPTIONS = ["Name", "Code"] as const;
export const ONLINE_ORDER_STATUSES = ["pending", "confirmed", "delivered", "cancelled"] as const;

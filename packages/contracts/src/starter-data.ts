import { ALL_PERMISSIONS, PERMISSION_GROUPS } from "./permissions.js";

/**
 * What a new shop in Iraq starts with, written by the first start only (a shop that deletes one
 * does not get it back): the roles its staff work in, the main city of every governorate, and the
 * common expense and income types. Stored under the English name; the web shows a record in the
 * user's language while it keeps that name (`ar`, `ckb`), as it does the other seeded records.
 */
export interface StarterName {
  /** The stored (English) name. */
  name: string;
  ar: string;
  ckb: string;
}

export interface StarterRole extends StarterName {
  permissions: readonly string[];
}

/** Every key of these sections, with the given actions only (all when none). */
const keysOf = (sections: readonly string[], actions?: readonly string[]) =>
  PERMISSION_GROUPS.flatMap((g) => g.sections)
    .filter((x) => sections.includes(x.key))
    .flatMap((x) => x.actions.filter((a) => !actions || actions.includes(a)).map((a) => `${x.key}/${a}`));
const LOOK = ["index", "show"] as const;
const WORK = ["index", "show", "store", "update"] as const;

const CASHIER = [
  "pos_sales/index",
  "pos_sales/show",
  "pos_sales/store",
  "pos_sales/discount",
  "pos_sales/return",
  "pos_sales/open_drawer",
  "customers/index",
  "customers/show",
  "items/index",
  "items/show",
];

const SALESMAN = [
  ...keysOf(["salesman_sales"], [...WORK, "complete"]),
  ...keysOf(["quotations"], [...WORK, "convert_to_sale"]),
  ...keysOf(["customers"], WORK),
  ...keysOf(["items", "stocks"], LOOK),
  "reports/sales",
  "dashboard/show",
];

const STOREKEEPER = [
  ...keysOf(["stocks"]),
  ...keysOf(["stock_transfers"], [...WORK, "transfer", "receive"]),
  ...keysOf(["items", "categories"], WORK),
  ...keysOf(["asset_disposals", "inventory_adjustments"], [...WORK, "complete"]),
  ...keysOf(["inventory_opening_balances"], WORK),
  ...keysOf(["purchases"], LOOK),
  ...keysOf(["units", "brands"], WORK),
  "reports/item_transactions",
  "reports/inventory",
  "reports/expired_items",
  "dashboard/show",
];

const ACCOUNTANT = [
  ...keysOf(["incomes", "income_types", "expenses", "expense_types", "cashes", "cash_transactions", "currency_rates"]),
  ...keysOf(["customer_transactions", "supplier_transactions"]),
  ...keysOf(["customers", "suppliers"], [...WORK, "balance_view"]),
  ...keysOf(["sales", "purchases", "sale_returns", "purchase_returns", "pos_admin_sales", "closing_drawers"], LOOK),
  ...keysOf(["opening_balances"]),
  ...keysOf(["reports", "financial_reports", "dashboard"]),
  "recalculations/index",
];

/** The shop's work and its staff: everything but the system's own settings, years, backups, rebuilds and logs. */
const MANAGER = ALL_PERMISSIONS.filter(
  (k) =>
    !k.startsWith("_") &&
    !k.startsWith("model_loges/") &&
    !/^(system_settings|system_profiles|backups|financial_years|recalculations|exchange_revaluations)\//.test(k),
);

/** Every starter role changes its own password; an owner may take that from a role. */
const OWN = ["profile/change_password"];

export const STARTER_ROLES: readonly StarterRole[] = [
  { name: "Cashier", ar: "كاشير", ckb: "کاشێر", permissions: [...CASHIER, ...OWN] },
  { name: "Salesman", ar: "مندوب مبيعات", ckb: "نوێنەری فرۆشتن", permissions: [...SALESMAN, ...OWN] },
  { name: "Storekeeper", ar: "أمين مخزن", ckb: "کۆگاوان", permissions: [...STOREKEEPER, ...OWN] },
  { name: "Accountant", ar: "محاسب", ckb: "ژمێریار", permissions: [...ACCOUNTANT, ...OWN] },
  { name: "Manager", ar: "مدير", ckb: "بەڕێوەبەر", permissions: MANAGER },
];

/** The main city of each of Iraq's governorates (and of the Kurdistan Region's). */
export const STARTER_CITIES: readonly StarterName[] = [
  { name: "Baghdad", ar: "بغداد", ckb: "بەغدا" },
  { name: "Basra", ar: "البصرة", ckb: "بەسرە" },
  { name: "Mosul", ar: "الموصل", ckb: "مووسڵ" },
  { name: "Erbil", ar: "أربيل", ckb: "هەولێر" },
  { name: "Sulaymaniyah", ar: "السليمانية", ckb: "سلێمانی" },
  { name: "Duhok", ar: "دهوك", ckb: "دهۆک" },
  { name: "Kirkuk", ar: "كركوك", ckb: "کەرکووک" },
  { name: "Najaf", ar: "النجف", ckb: "نەجەف" },
  { name: "Karbala", ar: "كربلاء", ckb: "کەربەلا" },
  { name: "Hillah", ar: "الحلة", ckb: "حیللە" },
  { name: "Ramadi", ar: "الرمادي", ckb: "ڕومادی" },
  { name: "Nasiriyah", ar: "الناصرية", ckb: "ناسریە" },
  { name: "Amarah", ar: "العمارة", ckb: "عەمارە" },
  { name: "Kut", ar: "الكوت", ckb: "کووت" },
  { name: "Diwaniyah", ar: "الديوانية", ckb: "دیوانیە" },
  { name: "Samawah", ar: "السماوة", ckb: "سەماوە" },
  { name: "Baqubah", ar: "بعقوبة", ckb: "بەعقووبە" },
  { name: "Tikrit", ar: "تكريت", ckb: "تکریت" },
  { name: "Halabja", ar: "حلبجة", ckb: "هەڵەبجە" },
];

export const STARTER_EXPENSE_TYPES: readonly StarterName[] = [
  { name: "Shop Rent", ar: "إيجار المحل", ckb: "کرێی دوکان" },
  { name: "Salaries", ar: "الرواتب", ckb: "مووچە" },
  { name: "Electricity", ar: "الكهرباء", ckb: "کارەبا" },
  { name: "Generator Subscription", ar: "اشتراك المولدة", ckb: "بەشداری مۆلیدە" },
  { name: "Water", ar: "الماء", ckb: "ئاو" },
  { name: "Internet and Phone", ar: "الإنترنت والهاتف", ckb: "ئینتەرنێت و تەلەفۆن" },
  { name: "Transport", ar: "النقل", ckb: "گواستنەوە" },
  { name: "Maintenance", ar: "الصيانة", ckb: "چاککردنەوە" },
  { name: "Cleaning", ar: "التنظيف", ckb: "پاککردنەوە" },
  { name: "Office Supplies", ar: "اللوازم المكتبية", ckb: "پێداویستی نووسینگە" },
  { name: "Taxes and Fees", ar: "الضرائب والرسوم", ckb: "باج و ڕسووم" },
  { name: "Other Expenses", ar: "مصاريف أخرى", ckb: "خەرجی تر" },
];

export const STARTER_INCOME_TYPES: readonly StarterName[] = [
  { name: "Delivery Fees", ar: "أجور التوصيل", ckb: "کرێی گەیاندن" },
  { name: "Service Fees", ar: "أجور الخدمات", ckb: "کرێی خزمەتگوزاری" },
  { name: "Rental Income", ar: "إيراد الإيجار", ckb: "داهاتی کرێ" },
  { name: "Commissions Received", ar: "عمولات مقبوضة", ckb: "کۆمیشنی وەرگیراو" },
  { name: "Other Income", ar: "إيرادات أخرى", ckb: "داهاتی تر" },
];

const byName = (list: readonly StarterName[]) => new Map(list.map((x) => [x.name, x]));
const LOOKUP = {
  role: byName(STARTER_ROLES),
  city: byName(STARTER_CITIES),
  expenseType: byName(STARTER_EXPENSE_TYPES),
  incomeType: byName(STARTER_INCOME_TYPES),
} as const;
export type StarterKind = keyof typeof LOOKUP;

/** A starter record's name in `lang` while it keeps its stored name; any other name as it is. */
export function starterLabel(kind: StarterKind, lang: string, name: string | null | undefined): string {
  if (!name) return "";
  const hit = LOOKUP[kind].get(name);
  if (!hit || (lang !== "ar" && lang !== "ckb")) return name;
  return hit[lang];
}

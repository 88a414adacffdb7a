import { COUNTRY_CODES, starterLabel } from "@app/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import regionNames from "./regionNames.json";
import {
  accountLabel,
  inventoryDescriptionLabel,
  inventoryLabel,
  type Name,
  outletLabel,
  partyLabel,
  type Translate,
  unitLabel,
} from "./seededLabels";

export { accountLabel, inventoryDescriptionLabel, inventoryLabel, outletLabel, partyLabel, unitLabel };

/**
 * Records the product seeds (the chart-of-accounts skeleton, the first outlet and inventory, the
 * basic units, the countries, the walk-in customer) are stored under English names. They show in the user's language
 * for as long as they keep their seeded name; a renamed record shows the name it was given.
 */

/**
 * Country names in Arabic and Kurdish from Unicode CLDR, shipped with the app
 * (`scripts/region-names.ts`): browsers differ in the region names they know, and Chromium has
 * none in Kurdish.
 */
const REGIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = regionNames;

/** A country under its ISO code's name in `lang`; English or an unknown name shows the stored (English) name. */
export function countryLabel(lang: string, name: Name): string {
  if (!name) return "";
  const code = COUNTRY_CODES[name];
  if (!code || lang === "en") return name;
  return REGIONS[lang]?.[code] ?? name;
}

/** Dropdown choices of the country list, sorted by the label the user reads (and searches). */
export function countryOptions(lang: string, rows: readonly { country_id: number; country_name: string }[]) {
  const collator = new Intl.Collator(lang);
  return rows
    .map((c) => ({ value: String(c.country_id), label: countryLabel(lang, c.country_name) }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

export interface SeededNames {
  account: (name: Name, systemKey?: string | null) => string;
  /** The starter roles, cities and expense and income types (the first start's). */
  role: (name: Name) => string;
  city: (name: Name) => string;
  expenseType: (name: Name) => string;
  incomeType: (name: Name) => string;
  outlet: (name: Name) => string;
  inventory: (name: Name) => string;
  /** An inventory's description: a consignment location's as the server wrote it, translated. */
  inventoryDescription: (text: Name) => string;
  unit: (name: Name) => string;
  party: (name: Name) => string;
  country: (name: Name) => string;
  countryOptions: (rows: readonly { country_id: number; country_name: string }[]) => { value: string; label: string }[];
}

export function seededNames(t: Translate, lang: string): SeededNames {
  return {
    // A starter expense or income type's account carries the type's name (no system key).
    account: (name, systemKey) =>
      systemKey
        ? accountLabel(t, name, systemKey)
        : accountLabel(t, starterLabel("expenseType", lang, starterLabel("incomeType", lang, name))),
    role: (name) => starterLabel("role", lang, name),
    city: (name) => starterLabel("city", lang, name),
    expenseType: (name) => starterLabel("expenseType", lang, name),
    incomeType: (name) => starterLabel("incomeType", lang, name),
    outlet: (name) => outletLabel(t, name),
    inventory: (name) => inventoryLabel(t, name),
    inventoryDescription: (text) => inventoryDescriptionLabel(t, text),
    unit: (name) => unitLabel(t, name),
    party: (name) => partyLabel(t, name),
    country: (name) => countryLabel(lang, name),
    countryOptions: (rows) => countryOptions(lang, rows),
  };
}

/** The labels of seeded records in the current language. */
export function useSeededNames(): SeededNames {
  const { t, i18n } = useTranslation("seeded");
  const lang = i18n.language;
  return useMemo(() => seededNames((key, options) => t(key, options), lang), [t, lang]);
}

/** The entries the server numbers after their document: "Drawer closing ZC-000001". */
const NUMBERED = {
  "Drawer closing": "drawerClosing",
  "Change of POS sale": "posChange",
  "Write-off": "writeOff",
  "Inventory count": "inventoryCount",
} as const;

/**
 * A journal entry's description as the server writes it (in English: "Receipt from Ahmed",
 * "Reversal: Payment to Baghdad Pharma", "Opening balance") in the user's language; names inside
 * stay as they were typed, anything else shows as stored.
 */
export function journalDescription(t: Translate, text: string | null | undefined): string {
  if (!text) return "";
  const reversal = /^Reversal: (.*)$/s.exec(text);
  if (reversal) return t("seeded:journal.reversal", { text: journalDescription(t, reversal[1]) });
  const receipt = /^Receipt from (.*)$/s.exec(text);
  if (receipt) return t("seeded:journal.receiptFrom", { name: partyLabel(t, receipt[1]) });
  const payment = /^Payment to (.*)$/s.exec(text);
  if (payment) return t("seeded:journal.paymentTo", { name: partyLabel(t, payment[1]) });
  const transfer = /^Transfer (.*) → (.*)$/s.exec(text);
  if (transfer) return t("seeded:journal.transfer", { from: accountLabel(t, transfer[1]), to: accountLabel(t, transfer[2]) });
  if (text === "Opening balance") return t("seeded:journal.openingBalance");
  const applyCost = /^Apply cost: (.*)$/s.exec(text);
  if (applyCost) return t("seeded:journal.applyCost", { text: journalDescription(t, applyCost[1]) });
  const purchaseReturn = /^Purchase return to (.*)$/s.exec(text);
  if (purchaseReturn) return t("seeded:journal.purchaseReturnTo", { name: partyLabel(t, purchaseReturn[1]) });
  const saleReturn = /^Sale return from (.*)$/s.exec(text);
  if (saleReturn) return t("seeded:journal.saleReturnFrom", { name: partyLabel(t, saleReturn[1]) });
  const salePayment = /^Sale payment (\S+) from (.*)$/s.exec(text);
  if (salePayment) return t("seeded:journal.salePaymentFrom", { number: salePayment[1], name: partyLabel(t, salePayment[2]) });
  const purchasePayment = /^Purchase payment (\S+) to (.*)$/s.exec(text);
  if (purchasePayment)
    return t("seeded:journal.purchasePaymentTo", { number: purchasePayment[1], name: partyLabel(t, purchasePayment[2]) });
  const numberedReturn = /^Sale return (\S+) from (.*)$/s.exec(text);
  if (numberedReturn)
    return t("seeded:journal.saleReturnNumberFrom", { number: numberedReturn[1], name: partyLabel(t, numberedReturn[2]) });
  const purchase = /^Purchase (\S+) from (.*)$/s.exec(text);
  if (purchase) return t("seeded:journal.purchaseFrom", { number: purchase[1], name: partyLabel(t, purchase[2]) });
  const sale = /^Sale (\S+) to (.*)$/s.exec(text);
  if (sale) return t("seeded:journal.saleTo", { number: sale[1], name: partyLabel(t, sale[2]) });
  const numbered = /^(Drawer closing|Change of POS sale|Write-off|Inventory count) (\S+)$/s.exec(text);
  if (numbered) return t(`seeded:journal.${NUMBERED[numbered[1] as keyof typeof NUMBERED]}`, { number: numbered[2] });
  if (text === "Opening stock") return t("seeded:journal.openingStock");
  const revaluation = /^Exchange revaluation at (\S+)$/s.exec(text);
  if (revaluation) return t("seeded:journal.exchangeRevaluation", { rate: revaluation[1] });
  return text;
}

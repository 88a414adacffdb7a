import {
  BASIC_UNITS,
  COUNTRY_CODES,
  isSystemAccountKey,
  SEEDED_INVENTORY_NAME,
  SEEDED_OUTLET_NAME,
  SEEDED_WALKIN_CUSTOMER_NAME,
  SYSTEM_ACCOUNT_NAMES,
} from "@app/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

/**
 * Records the product seeds (the chart-of-accounts skeleton, the first outlet and inventory, the
 * basic units, the countries, the walk-in customer) are stored under English names. They show in the user's language
 * for as long as they keep their seeded name; a renamed record shows the name it was given.
 */

type Translate = (key: string) => string;
type Name = string | null | undefined;

const UNITS: ReadonlySet<string> = new Set(BASIC_UNITS);

/** A system account (one with a `system_key`) still under its seeded name shows translated. */
export function accountLabel(t: Translate, name: Name, systemKey?: string | null): string {
  if (name == null) return "";
  if (isSystemAccountKey(systemKey) && SYSTEM_ACCOUNT_NAMES[systemKey] === name) return t(`seeded:accounts.${systemKey}`);
  return name;
}

export const outletLabel = (t: Translate, name: Name): string => (name === SEEDED_OUTLET_NAME ? t("seeded:outlet") : (name ?? ""));

export const inventoryLabel = (t: Translate, name: Name): string => (name === SEEDED_INVENTORY_NAME ? t("seeded:inventory") : (name ?? ""));

/** A customer or supplier: the walk-in customer under its seeded name shows translated. */
export const partyLabel = (t: Translate, name: Name): string =>
  name === SEEDED_WALKIN_CUSTOMER_NAME ? t("seeded:walkInCustomer") : (name ?? "");

export const unitLabel = (t: Translate, name: Name): string => (name && UNITS.has(name) ? t(`seeded:units.${name}`) : (name ?? ""));

const regionNames = new Map<string, Intl.DisplayNames | null>();
function regions(lang: string): Intl.DisplayNames | null {
  if (!regionNames.has(lang)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([lang], { type: "region", fallback: "none" });
    } catch {
      // A runtime without this language keeps the stored names.
    }
    regionNames.set(lang, names);
  }
  return regionNames.get(lang) ?? null;
}

/**
 * A country under its ISO code's name in `lang` (Intl.DisplayNames); English, an unknown name
 * or a runtime that does not know the language shows the stored (English) name.
 */
export function countryLabel(lang: string, name: Name): string {
  if (!name) return "";
  const code = COUNTRY_CODES[name];
  if (!code || lang === "en") return name;
  const shown = regions(lang)?.of(code);
  return shown && shown !== code ? shown : name;
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
  outlet: (name: Name) => string;
  inventory: (name: Name) => string;
  unit: (name: Name) => string;
  party: (name: Name) => string;
  country: (name: Name) => string;
  countryOptions: (rows: readonly { country_id: number; country_name: string }[]) => { value: string; label: string }[];
}

export function seededNames(t: Translate, lang: string): SeededNames {
  return {
    account: (name, systemKey) => accountLabel(t, name, systemKey),
    outlet: (name) => outletLabel(t, name),
    inventory: (name) => inventoryLabel(t, name),
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
  return useMemo(() => seededNames((key) => t(key), lang), [t, lang]);
}

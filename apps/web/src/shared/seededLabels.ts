import {
  BASIC_UNITS,
  isSystemAccountKey,
  SEEDED_INVENTORY_NAME,
  SEEDED_OUTLET_NAME,
  SEEDED_WALKIN_CUSTOMER_NAME,
  SYSTEM_ACCOUNT_NAMES,
} from "@app/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

export type Translate = (key: string, options?: Record<string, unknown>) => string;
export type Name = string | null | undefined;

const UNITS: ReadonlySet<string> = new Set(BASIC_UNITS);

/** A cashier's drawer account, as the server names it on the cashier's first sale: "Drawer shilan IQD". */
const DRAWER = /^Drawer (.+) (IQD|USD)$/s;

/**
 * A system account (one with a `system_key`) still under its seeded name shows translated, and so
 * does a cashier's drawer under the name the product gave it (the cashier's name stays as it is).
 */
export function accountLabel(t: Translate, name: Name, systemKey?: string | null): string {
  if (name == null) return "";
  if (isSystemAccountKey(systemKey) && SYSTEM_ACCOUNT_NAMES[systemKey] === name) return t(`seeded:accounts.${systemKey}`);
  const drawer = DRAWER.exec(name);
  if (drawer) return t("seeded:drawer", { user: drawer[1], currency: drawer[2] });
  return name;
}

export const outletLabel = (t: Translate, name: Name): string => (name === SEEDED_OUTLET_NAME ? t("seeded:outlet") : (name ?? ""));

/** A customer's consignment location, as the server names it when the first goods are sent there. */
const CONSIGNMENT = /^Consignment: (.*) #(\d+)$/s;

/** The seeded inventory, and a customer's consignment location, show in the user's language. */
export function inventoryLabel(t: Translate, name: Name): string {
  if (name === SEEDED_INVENTORY_NAME) return t("seeded:inventory");
  const consignment = name ? CONSIGNMENT.exec(name) : null;
  if (consignment) return t("seeded:consignmentInventory", { customer: partyLabel(t, consignment[1]), id: consignment[2] });
  return name ?? "";
}

/** The description the server gives a consignment location it makes. */
export const CONSIGNMENT_DESCRIPTION = "Goods held by the customer on consignment (sale transfers).";

/** An inventory's description: a consignment location's, as the server wrote it, in the user's language. */
export const inventoryDescriptionLabel = (t: Translate, text: Name): string =>
  text === CONSIGNMENT_DESCRIPTION ? t("seeded:consignmentDescription") : (text ?? "");

/** A customer or supplier: the walk-in customer under its seeded name shows translated. */
export const partyLabel = (t: Translate, name: Name): string =>
  name === SEEDED_WALKIN_CUSTOMER_NAME ? t("seeded:walkInCustomer") : (name ?? "");

export const unitLabel = (t: Translate, name: Name): string => (name && UNITS.has(name) ? t(`seeded:units.${name}`) : (name ?? ""));

export interface SeededLabels {
  outlet: (name: Name) => string;
  inventory: (name: Name) => string;
  unit: (name: Name) => string;
  party: (name: Name) => string;
}

/** The labels of seeded outlets, inventories, units and parties in the current language (no countries: the POS screen's). */
export function useSeededLabels(): SeededLabels {
  const { t } = useTranslation("seeded");
  return useMemo(() => {
    const tr: Translate = (key, options) => t(key, options);
    return {
      outlet: (name) => outletLabel(tr, name),
      inventory: (name) => inventoryLabel(tr, name),
      unit: (name) => unitLabel(tr, name),
      party: (name) => partyLabel(tr, name),
    };
  }, [t]);
}

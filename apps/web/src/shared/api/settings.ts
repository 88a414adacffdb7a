import { queryOptions } from "@tanstack/react-query";
import { api } from "./client";
import type { DataBody, MessageBody } from "./types";

/** Reference data of SPEC §3 and the settings screens (issue 4), one endpoint per resource. */
export const ENDPOINTS = {
  inventories: "inventories",
  units: "units",
  cities: "cities",
  brands: "brands",
  currencyRates: "currency_rates",
  financialYears: "financial_years",
} as const;

export interface InventoryRow {
  inventory_id: number;
  inventory_name: string;
  outlet_fk: number | null;
  outlet_name?: string | null;
  is_active: boolean;
  description: string | null;
  /** The system configuration's default inventory. */
  is_default?: boolean;
}

export interface UnitRow {
  unit_id: number;
  unit_name: string;
}

export interface CityRow {
  city_id: number;
  city_name: string;
}

export interface BrandRow {
  brand_id: number;
  brand_name: string;
  /** The country the brand is made in (countries/list). */
  brand_made_in: number | null;
  country_name?: string | null;
}

export interface Country {
  country_id: number;
  country_name: string;
}

export interface CurrencyRateRow {
  rate_id: number;
  /** The out-rate, IQD per 1 USD. */
  rate: string;
  in_rate: string;
  date: string;
  created_by_name?: string | null;
}

export interface SystemSettings {
  currency_fk: number;
  default_inventory_fk: number | null;
  default_account_fk: number | null;
  cashier_login_option: "Name" | "Code";
  accounting_option: "Together" | "Separated";
  allow_negative_stock: boolean;
  out_of_stock_min_qty: string;
  online_order_accepted_minutes: number;
  pagination_default: number;
  pagination_options: string;
  password_min_length: number;
  /** Decimals IQD amounts show on screens and prints (0 to 3). */
  iqd_decimals: number;
  two_factor_super_user: boolean;
  two_factor_role_ids: number[];
}

export interface SystemProfile {
  shop_name: string;
  shop_logo: string | null;
  receipt_header: string | null;
  receipt_footer: string | null;
}

export interface FinancialYearRow {
  id: number;
  name: string;
  start_date: string;
  end_date: string;
  is_active: boolean;
  archived: boolean;
}

export interface CashAccount {
  account_id: number;
  account_name: string;
  /** Set on the seeded main cash (`main_cash`). */
  system_key?: string | null;
  code?: string | null;
}

/** A dropdown `list` call: the rows come in `message` (DESIGN §7). */
const dropdown = <T>(path: string) =>
  queryOptions({
    queryKey: [path.split("/")[0] ?? path, "dropdown", path],
    queryFn: async () => (await api<MessageBody<T[]>>(path)).message,
    staleTime: 60_000,
  });

export const inventoriesListQuery = dropdown<{ inventory_id: number; inventory_name: string; is_active?: boolean }>("inventories/list");
export const unitsListQuery = dropdown<UnitRow>("units/list");
export const citiesListQuery = dropdown<CityRow>("cities/list");
export const brandsListQuery = dropdown<BrandRow>("brands/list");
export const countriesListQuery = dropdown<Country>("countries/list");
export const cashAccountsListQuery = dropdown<CashAccount>("cashes/list");
export const outletsListQuery = queryOptions({
  queryKey: ["outlets_list"],
  queryFn: async () => (await api<MessageBody<{ outlet_id: number; outlet_name: string }[]>>("outlets_list")).message,
});

export const systemSettingsQuery = queryOptions({
  queryKey: ["system_settings", "show"],
  queryFn: async () => (await api<DataBody<SystemSettings>>("system_settings/show/1")).data,
});

export const systemProfileQuery = queryOptions({
  queryKey: ["system_profiles", "show"],
  queryFn: async () => (await api<DataBody<SystemProfile>>("system_profiles/show/1")).data,
});

/** Every year, for anyone signed in: the archived-year warning must reach every user. */
export const financialYearsQuery = dropdown<FinancialYearRow>("financial_years/list");

export const recordQuery = <T>(endpoint: string, id: number) =>
  queryOptions({
    queryKey: [endpoint, "show", id],
    queryFn: async () => (await api<DataBody<T>>(`${endpoint}/${id}`)).data,
  });

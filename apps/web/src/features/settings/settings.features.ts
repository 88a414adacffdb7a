import {
  IconBuildingCommunity,
  IconBuildingStore,
  IconBuildingWarehouse,
  IconCalendarStats,
  IconCurrencyDollar,
  IconRuler2,
  IconSettingsCog,
  IconTag,
} from "@tabler/icons-react";
import { type ComponentType, lazy } from "react";
import type { Feature } from "../index";

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));

/** Reference data, system settings, financial years and currency rates (issue 4). */
export const SETTINGS_FEATURES: Feature[] = [
  {
    key: "currencyRates",
    path: "/accounting/currency-rates",
    screen: page(() => import("./CurrencyRatesPage"), "CurrencyRatesPage"),
    icon: IconCurrencyDollar,
    permission: "currency_rates/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "systemConfigurations",
    path: "/settings/system-configurations",
    screen: page(() => import("./SystemConfigurationsPage"), "SystemConfigurationsPage"),
    icon: IconSettingsCog,
    permission: "system_settings/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "systemProfile",
    path: "/settings/system-profile",
    screen: page(() => import("./SystemProfilePage"), "SystemProfilePage"),
    icon: IconBuildingStore,
    permission: "system_profiles/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "inventories",
    path: "/settings/inventories",
    screen: page(() => import("./InventoriesPage"), "InventoriesPage"),
    icon: IconBuildingWarehouse,
    permission: "inventories/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "units",
    path: "/settings/units",
    screen: page(() => import("./UnitsPage"), "UnitsPage"),
    icon: IconRuler2,
    permission: "units/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "cities",
    path: "/settings/cities",
    screen: page(() => import("./CitiesPage"), "CitiesPage"),
    icon: IconBuildingCommunity,
    permission: "cities/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "brands",
    path: "/settings/brands",
    screen: page(() => import("./BrandsPage"), "BrandsPage"),
    icon: IconTag,
    permission: "brands/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "financialYear",
    path: "/settings/financial-year",
    screen: page(() => import("./FinancialYearPage"), "FinancialYearPage"),
    icon: IconCalendarStats,
    permission: "financial_years/index",
    area: "settings",
    menu: true,
    tile: false,
  },
];

import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** Reference data, system settings, financial years and currency rates (issue 4). */
export const SETTINGS_FEATURES: Feature[] = [
  {
    key: "currencyRates",
    path: "/accounting/currency-rates",
    screen: page(() => import("./CurrencyRatesPage"), "CurrencyRatesPage"),
    permission: "currency_rates/index",
    area: "accounting",
    menu: true,
    tile: false,
  },
  {
    key: "systemConfigurations",
    path: "/settings/system-configurations",
    screen: page(() => import("./SystemConfigurationsPage"), "SystemConfigurationsPage"),
    permission: "system_settings/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "systemProfile",
    path: "/settings/system-profile",
    screen: page(() => import("./SystemProfilePage"), "SystemProfilePage"),
    permission: "system_profiles/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "inventories",
    path: "/settings/inventories",
    screen: page(() => import("./InventoriesPage"), "InventoriesPage"),
    permission: "inventories/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "units",
    path: "/settings/units",
    screen: page(() => import("./UnitsPage"), "UnitsPage"),
    permission: "units/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "cities",
    path: "/settings/cities",
    screen: page(() => import("./CitiesPage"), "CitiesPage"),
    permission: "cities/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "brands",
    path: "/settings/brands",
    screen: page(() => import("./BrandsPage"), "BrandsPage"),
    permission: "brands/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "financialYear",
    path: "/settings/financial-year",
    screen: page(() => import("./FinancialYearPage"), "FinancialYearPage"),
    permission: "financial_years/index",
    area: "settings",
    menu: true,
    tile: false,
  },
];

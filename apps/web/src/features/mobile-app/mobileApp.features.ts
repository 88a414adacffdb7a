import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

const page = lazyScreen;

/** The mobile app's settings (issue 41): home sections, the app's settings, online customers, cancellation messages. */
export const MOBILE_APP_FEATURES: Feature[] = [
  {
    key: "mobileAppSections",
    path: "/settings/mobile-app/home-sections",
    screen: page(() => import("./HomeSectionsPage"), "HomeSectionsPage"),
    permission: "mobile_app_sections/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "mobileAppSettings",
    path: "/settings/mobile-app/app-settings",
    screen: page(() => import("./AppSettingsPage"), "AppSettingsPage"),
    permission: "mobile_app_settings/show",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "onlineCustomers",
    path: "/settings/mobile-app/online-customers",
    screen: page(() => import("./OnlineCustomersPage"), "OnlineCustomersPage"),
    permission: "online_customers/index",
    area: "settings",
    menu: true,
    tile: false,
  },
  {
    key: "onlineOrderCancellation",
    path: "/settings/mobile-app/online-order-cancellation",
    screen: page(() => import("./CancellationMessagesPage"), "CancellationMessagesPage"),
    permission: "order_cancellation_messages/index",
    area: "settings",
    menu: true,
    tile: false,
  },
];

import { CLOSABLE_SECTIONS } from "@app/contracts";
import type { Feature } from "../../app/feature";
import { lazyScreen } from "../../shared/lazyScreen";

/** Closing a period's documents in one action (SPEC §4 open and closed), for whoever may close any of them. */
export const DOC_CLOSING_FEATURES: Feature[] = [
  {
    key: "closePeriod",
    path: "/accounting/close-period",
    screen: lazyScreen(() => import("./ClosePeriodPage"), "ClosePeriodPage"),
    permission: CLOSABLE_SECTIONS.map((s) => `${s}/close`),
    area: "accounting",
    menu: true,
    tile: false,
  },
];

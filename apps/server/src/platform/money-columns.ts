import { CURRENCY_IQD, CURRENCY_USD } from "@app/contracts";
import { sql } from "drizzle-orm";
import type { ListColumn } from "./list.js";

/** An amount column of a document list (`alias.col`) and, for the footer, its IQD and USD parts (never added across currencies). */
export const moneyColumns = (alias: string, col: string): Record<string, ListColumn> => ({
  [col]: { expr: sql.raw(`${alias}.${col}`) },
  [`${col}_iqd`]: {
    expr: sql.raw(`case when ${alias}.currency_id = ${CURRENCY_IQD} then ${alias}.${col} else 0 end`),
    sum: true,
    sortable: false,
  },
  [`${col}_usd`]: {
    expr: sql.raw(`case when ${alias}.currency_id = ${CURRENCY_USD} then ${alias}.${col} else 0 end`),
    sum: true,
    sortable: false,
  },
});

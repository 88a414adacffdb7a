import { sql } from "drizzle-orm";
import * as listColumns from "../../platform/document-list-columns.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { inventoryDocumentList } from "../catalogue/inventory-lists.js";

export const purchaseSource = (id: number) => ({ type: "purchase", id });

export const purchasesList = inventoryDocumentList(
  "purchases",
  "p",
  sql`from purchases p join consumers c on c.consumer_id = p.consumer_fk join inventories i on i.inventory_id = p.inventory_fk
            join currencies cu on cu.currency_id = p.currency_id left join users cb on cb.user_id = p.created_by`,
  {
    ...listColumns.head("p"),
    ...listColumns.party("p"),
    reference_no: { expr: sql`p.reference_no`, search: true, filter: "like" },
    ...listColumns.inventory("p"),
    ...listColumns.currency("p"),
    ...moneyColumns("p", "total"),
    ...moneyColumns("p", "paid_amount"),
    payment_type: { expr: sql`p.payment_type`, filter: "eq" },
    payment_status: { expr: sql`p.payment_status`, filter: "eq" },
    status: { expr: sql`p.status`, filter: "eq" },
    is_closed: { expr: sql`p.is_closed`, filter: "bool" },
    costs_applied: { expr: sql`p.costs_applied`, filter: "bool" },
    ...listColumns.author("p"),
  },
  "total",
);

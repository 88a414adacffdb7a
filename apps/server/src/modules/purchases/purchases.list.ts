import { sql } from "drizzle-orm";
import { sqlBusinessDateTime } from "../../platform/business-time.js";
import type { ListModel } from "../../platform/list.js";
import { moneyColumns } from "../../platform/money-columns.js";
import { inventoryScope } from "../catalogue/inventories.js";

export const purchaseSource = (id: number) => ({ type: "purchase", id });

export const purchasesList: ListModel = {
  model: "purchases",
  from: sql`from purchases p join consumers c on c.consumer_id = p.consumer_fk join inventories i on i.inventory_id = p.inventory_fk
            join currencies cu on cu.currency_id = p.currency_id left join users cb on cb.user_id = p.created_by`,
  scope: (ctx) => inventoryScope(ctx, sql`p.inventory_fk`),
  idColumn: "id",
  defaultSort: "date",
  dateColumn: sql`p.date`,
  amountColumn: sql`p.total`,
  columns: {
    id: { expr: sql`p.id`, filter: "eq" },
    number: { expr: sql`p.number`, search: true, filter: "eq" },
    date: { expr: sqlBusinessDateTime(sql`p.date`), sortExpr: sql`p.date`, notNull: true },
    consumer_id: { expr: sql`p.consumer_fk`, filter: "eq" },
    consumer_name: { expr: sql`c.consumer_name`, search: true, filter: "like" },
    reference_no: { expr: sql`p.reference_no`, search: true, filter: "like" },
    inventory_id: { expr: sql`p.inventory_fk`, filter: "eq" },
    inventory_name: { expr: sql`i.inventory_name` },
    currency_id: { expr: sql`p.currency_id`, filter: "eq" },
    currency_name: { expr: sql`cu.currency_name` },
    rate: { expr: sql`p.rate` },
    ...moneyColumns("p", "total"),
    ...moneyColumns("p", "paid_amount"),
    payment_type: { expr: sql`p.payment_type`, filter: "eq" },
    payment_status: { expr: sql`p.payment_status`, filter: "eq" },
    status: { expr: sql`p.status`, filter: "eq" },
    is_closed: { expr: sql`p.is_closed`, filter: "bool" },
    costs_applied: { expr: sql`p.costs_applied`, filter: "bool" },
    note: { expr: sql`p.note`, search: true },
    created_by_name: { expr: sql`cb.user_name` },
    created_at: { expr: sql`p.created_at` },
  },
};

import { isKnownPermission, MSG } from "@app/contracts";
import { z } from "zod";
import { dropdownOf, rowOf } from "../../platform/openapi.js";
import { categories, items, itemUnits } from "./catalogue.tables.js";
import { inventories } from "./inventories.tables.js";

/** Who may pick from the catalogue's dropdowns, their paging, and the catalogue's answers as the OpenAPI document shows them. */

/** Dropdowns serve every screen whose form picks from them: index, store or update of those sections. */
export const usedBy = (...sections: string[]) =>
  sections.flatMap((s) => ["index", "store", "update"].map((a) => `${s}/${a}`)).filter((k) => isKnownPermission(k));

const STOCK_DOCUMENTS = [
  "items",
  "sales",
  "salesman_sales",
  "sale_returns",
  "quotations",
  "sale_transfers",
  "pos_sales",
  "purchases",
  "purchase_returns",
  "stock_transfers",
  "asset_disposals",
  "inventory_adjustments",
  "inventory_opening_balances",
  "item_pricings",
  "promotions",
  "mobile_app_sections",
];
/** Who may pick items: every document that names items, the warehouse screen and the item reports. */
export const ITEM_PICKERS = [
  ...usedBy(...STOCK_DOCUMENTS),
  "stocks/index",
  "reports/item_transactions",
  "reports/expired_items",
  "reports/items_profits",
];
export const CATEGORY_PICKERS = [
  ...usedBy("categories", "items", "item_pricings", "mobile_app_sections", "promotions"),
  "reports/items_profits",
];

/** Paging of the dropdown lists (infinite scroll). */
export const ZPage = z.object({
  search: z.string().max(200).optional(),
  page: z.coerce.number().int("must be an integer").min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int("must be an integer").min(1).max(100).default(20),
});
export const ZParent = z.object({ parent_id: z.coerce.number().int().positive(MSG.idInvalid).optional() });

// ------------------------------------------------------------ answers (OpenAPI)
export const ZInventoryRow = rowOf(inventories);
const ZCategoryRow = rowOf(categories);
export const ZCategoryPick = ZCategoryRow.pick({
  category_id: true,
  category_name: true,
  category_code: true,
  parent_id: true,
  is_active_online: true,
});
const categoryNode = <T extends z.ZodType>(children: T) => ZCategoryPick.extend({ children: z.array(children) });
/** Category → sub-category → product type. */
export const ZCategoryTree = categoryNode(categoryNode(categoryNode(z.unknown())));
export const ZCategoryShown = ZCategoryRow.extend({
  parent_name: z.string().nullable(),
  children: z.array(ZCategoryRow.pick({ category_id: true, category_name: true, category_code: true })),
});
const ZItemUnitRow = rowOf(itemUnits)
  .pick({ item_unit_id: true, unit_fk: true, quantity: true, price: true, is_base: true, is_default: true })
  .extend({ unit_name: z.string(), barcode: z.string().nullable() });
export const ZItemShown = rowOf(items)
  .pick({
    item_id: true,
    item_name: true,
    item_code: true,
    category_fk: true,
    brand_fk: true,
    made_in_fk: true,
    scientific_name: true,
    direction_of_use: true,
    side_effect: true,
    shortage_alert: true,
    expire_alert: true,
    has_expire: true,
    has_batch_number: true,
    sale_price_editable: true,
    has_revenue_tax: true,
    revenue_tax_percent: true,
    profit_percent: true,
    description: true,
    is_active_online: true,
    created_at: true,
    updated_at: true,
  })
  .extend({
    category_name: z.string().nullable(),
    category_parent_id: z.number().int().nullable(),
    brand_name: z.string().nullable(),
    made_in: z.string().nullable(),
    item_units: z.array(ZItemUnitRow),
    base_unit: z.number().int().nullable(),
    default_unit: z.number().int().nullable(),
    sale_price: z.string().nullable(),
    barcodes: z.array(z.string()),
    all_barcodes: z.array(z.string()),
    images: z.array(z.object({ file: z.string(), url: z.string() })),
  });
/** What an item picker shows of an item. */
export const ZItemPick = rowOf(items).pick({
  item_id: true,
  item_name: true,
  item_code: true,
  has_expire: true,
  has_batch_number: true,
  expire_alert: true,
  sale_price_editable: true,
});
const ZItemPicked = ZItemPick.extend(rowOf(items).pick({ has_revenue_tax: true, revenue_tax_percent: true }).shape).extend({
  item_units: z.array(ZItemUnitRow),
  default_unit: z.number().int().nullable(),
});
export const ZItemPage = dropdownOf(ZItemPicked).extend({
  current_page: z.number().int(),
  per_page: z.number().int(),
  has_more: z.boolean(),
});
export const ZImported = z.object({
  imported: z.number().int(),
  repairs: z.array(z.object({ row: z.number().int(), column: z.string(), value: z.string(), read_as: z.string() })),
});

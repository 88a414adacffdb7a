-- The dashboard's item rows per business month (docs/architecture/dashboard.md, "Months"): the
-- folded day rows of each month summed once more, so that a period's whole months are read from
-- one row per month and item; the compaction adds the rows it folds, the recalculation rebuilds.
CREATE TABLE "dashboard_item_months" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"month" date NOT NULL,
	"outlet_fk" integer,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"qty" numeric NOT NULL,
	"net" numeric NOT NULL,
	"net_sys" numeric NOT NULL
);
--> statement-breakpoint
CREATE INDEX "dashboard_item_months_month_idx" ON "dashboard_item_months" USING btree ("month") INCLUDE ("outlet_fk", "inventory_fk", "currency_id", "item_fk", "qty", "net", "net_sys");
--> statement-breakpoint
-- Covering indexes: a period's rows read from the index alone.
DROP INDEX IF EXISTS "dashboard_sales_at_idx";
--> statement-breakpoint
CREATE INDEX "dashboard_sales_at_idx" ON "dashboard_sales" USING btree ("at") INCLUDE ("outlet_fk", "inventory_fk", "consumer_fk", "currency_id", "count", "net", "discount", "returns", "cost", "net_sys", "discount_sys", "returns_sys", "cost_sys");
--> statement-breakpoint
DROP INDEX IF EXISTS "dashboard_item_sales_at_idx";
--> statement-breakpoint
CREATE INDEX "dashboard_item_sales_at_idx" ON "dashboard_item_sales" USING btree ("at") INCLUDE ("doc_id", "outlet_fk", "inventory_fk", "currency_id", "item_fk", "qty", "net", "net_sys");
--> statement-breakpoint
-- The rows already folded, per month (the configured zone is the product's; Asia/Baghdad unless
-- set, and the recalculation rebuilds the months in whatever zone is configured).
INSERT INTO "dashboard_item_months" (month, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys)
SELECT date_trunc('month', at AT TIME ZONE 'Asia/Baghdad')::date, outlet_fk, inventory_fk, currency_id, item_fk, sum(qty), sum(net), sum(net_sys)
  FROM "dashboard_item_sales" WHERE doc_id IS NULL
 GROUP BY 1, 2, 3, 4, 5
HAVING sum(qty) <> 0 OR sum(net) <> 0 OR sum(net_sys) <> 0;

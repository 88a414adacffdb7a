-- The dashboard's summary rows (ARCHITECTURE.md, "The dashboard's summary rows"): append-only
-- deltas the postings write, folded per past day by the compaction, rebuilt by the recalculation.
CREATE TABLE "dashboard_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer,
	"at" timestamp with time zone NOT NULL,
	"outlet_fk" integer,
	"inventory_fk" integer NOT NULL,
	"consumer_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"count" integer NOT NULL,
	"net" numeric NOT NULL,
	"discount" numeric NOT NULL,
	"returns" numeric NOT NULL,
	"cost" numeric NOT NULL,
	"net_sys" numeric NOT NULL,
	"discount_sys" numeric NOT NULL,
	"returns_sys" numeric NOT NULL,
	"cost_sys" numeric NOT NULL,
	CONSTRAINT "dashboard_sales_doc_type_check" CHECK ("dashboard_sales"."doc_type" in ('sale','return','compacted'))
);
--> statement-breakpoint
CREATE INDEX "dashboard_sales_at_idx" ON "dashboard_sales" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "dashboard_sales_open_idx" ON "dashboard_sales" USING btree ("at") WHERE "dashboard_sales"."doc_id" is not null;
--> statement-breakpoint
CREATE TABLE "dashboard_item_sales" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"doc_type" text NOT NULL,
	"doc_id" integer,
	"at" timestamp with time zone NOT NULL,
	"outlet_fk" integer,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"qty" numeric NOT NULL,
	"net" numeric NOT NULL,
	"net_sys" numeric NOT NULL,
	CONSTRAINT "dashboard_item_sales_doc_type_check" CHECK ("dashboard_item_sales"."doc_type" in ('sale','return','compacted'))
);
--> statement-breakpoint
CREATE INDEX "dashboard_item_sales_at_idx" ON "dashboard_item_sales" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "dashboard_item_sales_open_idx" ON "dashboard_item_sales" USING btree ("at") WHERE "dashboard_item_sales"."doc_id" is not null;
--> statement-breakpoint
ALTER TABLE "recalculations" ADD COLUMN "dashboard_differences" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- The documents already complete, as the postings would have written them (hours truncated in
-- UTC: the same hours in every zone whose offset is whole hours, Baghdad's among them; the
-- recalculation rewrites them in the configured zone).
WITH sys AS (SELECT coalesce((SELECT currency_fk FROM system_config WHERE id = 1), 1) AS id)
INSERT INTO "dashboard_sales" (doc_type, doc_id, at, outlet_fk, inventory_fk, consumer_fk, currency_id, count, net, discount, returns, cost, net_sys, discount_sys, returns_sys, cost_sys)
SELECT 'sale', s.id, date_trunc('hour', s.date, 'UTC'), coalesce(s.outlet_fk, inv.outlet_fk), s.inventory_fk, s.consumer_fk, s.currency_id, 1,
       s.subtotal - s.rounded_discount, s.discount_amount + s.rounded_discount, 0,
       CASE WHEN s.currency_id = sys.id THEN s.cost_total WHEN sys.id = 1 THEN s.cost_total / nullif(s.rate, 0) ELSE s.cost_total * s.rate END,
       CASE WHEN s.currency_id = sys.id THEN (s.subtotal - s.rounded_discount) WHEN sys.id = 1 THEN (s.subtotal - s.rounded_discount) * s.rate ELSE (s.subtotal - s.rounded_discount) / nullif(s.rate, 0) END,
       CASE WHEN s.currency_id = sys.id THEN (s.discount_amount + s.rounded_discount) WHEN sys.id = 1 THEN (s.discount_amount + s.rounded_discount) * s.rate ELSE (s.discount_amount + s.rounded_discount) / nullif(s.rate, 0) END,
       0, s.cost_total
  FROM sales s JOIN inventories inv ON inv.inventory_id = s.inventory_fk CROSS JOIN sys
 WHERE s.status = 'complete';
--> statement-breakpoint
WITH sys AS (SELECT coalesce((SELECT currency_fk FROM system_config WHERE id = 1), 1) AS id)
INSERT INTO "dashboard_sales" (doc_type, doc_id, at, outlet_fk, inventory_fk, consumer_fk, currency_id, count, net, discount, returns, cost, net_sys, discount_sys, returns_sys, cost_sys)
SELECT 'return', r.id, date_trunc('hour', r.date, 'UTC'), coalesce(s.outlet_fk, inv.outlet_fk), r.inventory_fk, r.consumer_fk, r.currency_id, 0,
       -(r.subtotal - r.discount_amount), 0, r.subtotal - r.discount_amount,
       -(CASE WHEN r.currency_id = sys.id THEN r.cost_total WHEN sys.id = 1 THEN r.cost_total / nullif(r.rate, 0) ELSE r.cost_total * r.rate END),
       -(CASE WHEN r.currency_id = sys.id THEN (r.subtotal - r.discount_amount) WHEN sys.id = 1 THEN (r.subtotal - r.discount_amount) * r.rate ELSE (r.subtotal - r.discount_amount) / nullif(r.rate, 0) END),
       0,
       CASE WHEN r.currency_id = sys.id THEN (r.subtotal - r.discount_amount) WHEN sys.id = 1 THEN (r.subtotal - r.discount_amount) * r.rate ELSE (r.subtotal - r.discount_amount) / nullif(r.rate, 0) END,
       -r.cost_total
  FROM sale_returns r JOIN inventories inv ON inv.inventory_id = r.inventory_fk LEFT JOIN sales s ON s.id = r.sale_fk CROSS JOIN sys
 WHERE r.status = 'complete';
--> statement-breakpoint
WITH sys AS (SELECT coalesce((SELECT currency_fk FROM system_config WHERE id = 1), 1) AS id)
INSERT INTO "dashboard_item_sales" (doc_type, doc_id, at, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys)
SELECT 'sale', s.id, date_trunc('hour', s.date, 'UTC'), coalesce(s.outlet_fk, inv.outlet_fk), s.inventory_fk, s.currency_id, l.item_fk,
       sum((l.quantity + l.free_quantity) * l.unit_base_qty),
       sum(l.line_total * (CASE WHEN s.subtotal > 0 THEN (s.subtotal - s.rounded_discount) / s.subtotal ELSE 1 END)),
       sum(CASE WHEN s.currency_id = sys.id THEN l.line_total * (CASE WHEN s.subtotal > 0 THEN (s.subtotal - s.rounded_discount) / s.subtotal ELSE 1 END)
                WHEN sys.id = 1 THEN (l.line_total * (CASE WHEN s.subtotal > 0 THEN (s.subtotal - s.rounded_discount) / s.subtotal ELSE 1 END)) * s.rate
                ELSE (l.line_total * (CASE WHEN s.subtotal > 0 THEN (s.subtotal - s.rounded_discount) / s.subtotal ELSE 1 END)) / nullif(s.rate, 0) END)
  FROM sales s JOIN inventories inv ON inv.inventory_id = s.inventory_fk JOIN sale_lines l ON l.sale_fk = s.id CROSS JOIN sys
 WHERE s.status = 'complete'
 GROUP BY s.id, inv.outlet_fk, l.item_fk, sys.id;
--> statement-breakpoint
WITH sys AS (SELECT coalesce((SELECT currency_fk FROM system_config WHERE id = 1), 1) AS id)
INSERT INTO "dashboard_item_sales" (doc_type, doc_id, at, outlet_fk, inventory_fk, currency_id, item_fk, qty, net, net_sys)
SELECT 'return', r.id, date_trunc('hour', r.date, 'UTC'), coalesce(s.outlet_fk, inv.outlet_fk), r.inventory_fk, r.currency_id, rl.item_fk,
       -sum(rl.quantity * rl.unit_base_qty), -sum(rl.revenue - rl.discount_amount),
       -sum(CASE WHEN r.currency_id = sys.id THEN (rl.revenue - rl.discount_amount) WHEN sys.id = 1 THEN (rl.revenue - rl.discount_amount) * r.rate
                 ELSE (rl.revenue - rl.discount_amount) / nullif(r.rate, 0) END)
  FROM sale_returns r JOIN inventories inv ON inv.inventory_id = r.inventory_fk LEFT JOIN sales s ON s.id = r.sale_fk
  JOIN sale_return_lines rl ON rl.return_fk = r.id CROSS JOIN sys
 WHERE r.status = 'complete'
 GROUP BY r.id, s.outlet_fk, inv.outlet_fk, rl.item_fk, sys.id;
--> statement-breakpoint
-- dashboard/show (not in SPEC §6) goes wherever a report key is held, as the starter roles have it.
UPDATE "roles" SET "permissions" = "permissions" || '["dashboard/show"]'::jsonb
 WHERE NOT "permissions" ? 'dashboard/show' AND EXISTS (SELECT 1 FROM jsonb_array_elements_text("permissions") k WHERE k LIKE 'reports/%');
--> statement-breakpoint
UPDATE "users" SET "permissions" = "permissions" || '["dashboard/show"]'::jsonb
 WHERE "role_id" IS NULL AND "user_id" <> 1 AND NOT "permissions" ? 'dashboard/show'
   AND EXISTS (SELECT 1 FROM jsonb_array_elements_text("permissions") k WHERE k LIKE 'reports/%');

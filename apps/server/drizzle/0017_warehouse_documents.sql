CREATE TABLE "inventory_adjustment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"adjustment_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"batch_fk" integer,
	"batch_no" text,
	"expire_date" date,
	"counted_qty" numeric(20, 4) NOT NULL,
	"theoretical_qty" numeric(20, 4),
	"difference" numeric(20, 4),
	"value" numeric(20, 4),
	CONSTRAINT "inventory_adjustment_lines_qty" CHECK ("inventory_adjustment_lines"."counted_qty" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"set_not_adjusted_to_zero" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"gain_value" numeric(20, 4) DEFAULT '0' NOT NULL,
	"loss_value" numeric(20, 4) DEFAULT '0' NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_adjustments_status" CHECK ("inventory_adjustments"."status" in ('draft', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "asset_disposal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"disposal_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"batch_fk" integer,
	"description" text,
	"loss" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "asset_disposal_lines_qty" CHECK ("asset_disposal_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "asset_disposals" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"disposal_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total_loss" numeric(20, 4) DEFAULT '0' NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"completed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_disposals_type" CHECK ("asset_disposals"."disposal_type" in ('stolen', 'destruct', 'expired')),
	CONSTRAINT "asset_disposals_status" CHECK ("asset_disposals"."status" in ('draft', 'complete'))
);
--> statement-breakpoint
CREATE TABLE "inventory_opening_balance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"opening_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"unit_cost" numeric(20, 4) NOT NULL,
	"batch_no" text,
	"expire_date" date,
	CONSTRAINT "inventory_opening_balance_lines_qty" CHECK ("inventory_opening_balance_lines"."quantity" > 0),
	CONSTRAINT "inventory_opening_balance_lines_cost" CHECK ("inventory_opening_balance_lines"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_opening_balances" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"total_value" numeric(20, 4) DEFAULT '0' NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inventory_adjustment_lines" ADD CONSTRAINT "inventory_adjustment_lines_adjustment_fk_inventory_adjustments_id_fk" FOREIGN KEY ("adjustment_fk") REFERENCES "public"."inventory_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustment_lines" ADD CONSTRAINT "inventory_adjustment_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustment_lines" ADD CONSTRAINT "inventory_adjustment_lines_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_adjustments" ADD CONSTRAINT "inventory_adjustments_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposal_lines" ADD CONSTRAINT "asset_disposal_lines_disposal_fk_asset_disposals_id_fk" FOREIGN KEY ("disposal_fk") REFERENCES "public"."asset_disposals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposal_lines" ADD CONSTRAINT "asset_disposal_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposal_lines" ADD CONSTRAINT "asset_disposal_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposal_lines" ADD CONSTRAINT "asset_disposal_lines_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_opening_balance_lines" ADD CONSTRAINT "inventory_opening_balance_lines_opening_fk_inventory_opening_balances_id_fk" FOREIGN KEY ("opening_fk") REFERENCES "public"."inventory_opening_balances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_opening_balance_lines" ADD CONSTRAINT "inventory_opening_balance_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_opening_balance_lines" ADD CONSTRAINT "inventory_opening_balance_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_opening_balances" ADD CONSTRAINT "inventory_opening_balances_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inventory_adjustment_lines_adjustment_idx" ON "inventory_adjustment_lines" USING btree ("adjustment_fk");--> statement-breakpoint
CREATE INDEX "inventory_adjustments_date_idx" ON "inventory_adjustments" USING btree ("date");--> statement-breakpoint
CREATE INDEX "asset_disposal_lines_disposal_idx" ON "asset_disposal_lines" USING btree ("disposal_fk");--> statement-breakpoint
CREATE INDEX "asset_disposals_date_idx" ON "asset_disposals" USING btree ("date");--> statement-breakpoint
CREATE INDEX "inventory_opening_balance_lines_opening_idx" ON "inventory_opening_balance_lines" USING btree ("opening_fk");--> statement-breakpoint
CREATE INDEX "inventory_opening_balances_date_idx" ON "inventory_opening_balances" USING btree ("date");
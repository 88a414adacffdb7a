CREATE TABLE "item_transfer_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"transfer_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"batch_fk" integer,
	CONSTRAINT "item_transfer_lines_qty_positive" CHECK ("item_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "item_transfers" (
	"transfer_id" serial PRIMARY KEY NOT NULL,
	"transfer_no" text,
	"date" timestamp with time zone NOT NULL,
	"from_inventory_fk" integer NOT NULL,
	"to_inventory_fk" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved" boolean,
	"note" text,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	"received_at" timestamp with time zone,
	"received_by" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "item_transfers_inventories_differ" CHECK ("item_transfers"."from_inventory_fk" <> "item_transfers"."to_inventory_fk"),
	CONSTRAINT "item_transfers_status_check" CHECK ("item_transfers"."status" in ('pending','sent','received'))
);
--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"item_fk" integer NOT NULL,
	"inventory_fk" integer NOT NULL,
	"batch_fk" integer NOT NULL,
	"qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_item_fk_inventory_fk_batch_fk_pk" PRIMARY KEY("item_fk","inventory_fk","batch_fk")
);
--> statement-breakpoint
CREATE TABLE "stock_batches" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"item_fk" integer NOT NULL,
	"batch_no" text,
	"expire_date" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_batches_item_batch_unique" UNIQUE NULLS NOT DISTINCT("item_fk","batch_no","expire_date")
);
--> statement-breakpoint
CREATE TABLE "stock_item_costs" (
	"item_fk" integer PRIMARY KEY NOT NULL,
	"qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"value" numeric(24, 4) DEFAULT '0' NOT NULL,
	"avg_cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"movement_id" bigserial PRIMARY KEY NOT NULL,
	"item_fk" integer NOT NULL,
	"inventory_fk" integer NOT NULL,
	"batch_fk" integer NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	"unit_fk" integer,
	"unit_qty" numeric(20, 4),
	"unit_cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"value" numeric(24, 4) DEFAULT '0' NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"source_line" integer,
	"reversal_of" bigint,
	"date" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_transfer_lines" ADD CONSTRAINT "item_transfer_lines_transfer_fk_item_transfers_transfer_id_fk" FOREIGN KEY ("transfer_fk") REFERENCES "public"."item_transfers"("transfer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfer_lines" ADD CONSTRAINT "item_transfer_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfer_lines" ADD CONSTRAINT "item_transfer_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfer_lines" ADD CONSTRAINT "item_transfer_lines_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfers" ADD CONSTRAINT "item_transfers_from_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("from_inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfers" ADD CONSTRAINT "item_transfers_to_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("to_inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_batches" ADD CONSTRAINT "stock_batches_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_item_costs" ADD CONSTRAINT "stock_item_costs_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_transfer_lines_transfer_idx" ON "item_transfer_lines" USING btree ("transfer_fk");--> statement-breakpoint
CREATE INDEX "item_transfers_date_idx" ON "item_transfers" USING btree ("date");--> statement-breakpoint
CREATE INDEX "stock_balances_inventory_idx" ON "stock_balances" USING btree ("inventory_fk");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_fk","inventory_fk","date");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "stock_movements_reversal_idx" ON "stock_movements" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "stock_movements_batch_idx" ON "stock_movements" USING btree ("batch_fk");--> statement-breakpoint
-- The stock ledger is append-only, as the journal is: changes are reversals, never edits.
CREATE TRIGGER stock_movements_append_only BEFORE UPDATE OR DELETE ON stock_movements FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- CHECK (qty >= 0) unless the system setting "allow negative stock" is on. A CHECK constraint cannot
-- read the setting, so a trigger does: it refuses a balance that goes (further) below zero while the
-- setting is off. A balance left negative from a time the setting was on may still be raised.
CREATE FUNCTION stock_balances_non_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.qty < 0 AND (TG_OP = 'INSERT' OR NEW.qty < OLD.qty)
     AND NOT coalesce((SELECT allow_negative_stock FROM system_config WHERE id = 1), false) THEN
    RAISE EXCEPTION 'stock of item % in inventory % would be %', NEW.item_fk, NEW.inventory_fk, NEW.qty
      USING ERRCODE = '23514', CONSTRAINT = 'stock_balances_qty_non_negative';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_balances_non_negative BEFORE INSERT OR UPDATE OF qty ON stock_balances FOR EACH ROW EXECUTE FUNCTION stock_balances_non_negative();
--> statement-breakpoint
INSERT INTO accounts (code, account_name, type, system_key, parent_id, currency_id)
SELECT '46', 'Stock Gains', 'income', 'stock_gains', (SELECT account_id FROM accounts WHERE system_key = 'income'), (SELECT currency_fk FROM system_config WHERE id = 1)
 WHERE EXISTS (SELECT 1 FROM accounts WHERE system_key = 'income')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'stock_gains')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE code = '46');

CREATE TABLE "online_customers" (
	"customer_id" serial PRIMARY KEY NOT NULL,
	"consumer_fk" integer NOT NULL,
	"mobile" text NOT NULL,
	"name" text,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone,
	CONSTRAINT "online_customers_consumer_unique" UNIQUE("consumer_fk"),
	CONSTRAINT "online_customers_mobile_unique" UNIQUE("mobile"),
	CONSTRAINT "online_customers_status_check" CHECK ("online_customers"."status" in ('active','blocked'))
);
--> statement-breakpoint
CREATE TABLE "online_customer_addresses" (
	"address_id" serial PRIMARY KEY NOT NULL,
	"customer_fk" integer NOT NULL,
	"city_fk" integer NOT NULL,
	"landmark" text NOT NULL,
	"street" text,
	"lat" numeric(9, 6),
	"lng" numeric(9, 6),
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_customer_devices" (
	"device_id" serial PRIMARY KEY NOT NULL,
	"customer_fk" integer NOT NULL,
	"push_token" text NOT NULL,
	"platform" text NOT NULL,
	"app_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_customer_devices_token_unique" UNIQUE("customer_fk","push_token")
);
--> statement-breakpoint
CREATE TABLE "online_login_codes" (
	"code_id" serial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_fk" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "online_code_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mobile" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "online_orders" (
	"order_id" serial PRIMARY KEY NOT NULL,
	"order_no" text NOT NULL,
	"customer_fk" integer NOT NULL,
	"address_fk" integer,
	"address" jsonb NOT NULL,
	"outlet_fk" integer,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"gross" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"note" text,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_by" integer,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"delivered_at" timestamp with time zone,
	"delivered_by" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"cancelled_source" text,
	"cancel_message_fk" integer,
	"cancel_reason_text" text,
	"idempotency_key" text,
	"sale_fk" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_orders_status_check" CHECK ("online_orders"."status" in ('pending','confirmed','delivered','cancelled')),
	CONSTRAINT "online_orders_cancelled_source_check" CHECK ("online_orders"."cancelled_source" in ('customer','staff','expired'))
);
--> statement-breakpoint
CREATE TABLE "online_order_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"order_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"net_price" numeric(20, 3) NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "online_order_lines_qty_positive" CHECK ("online_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "online_order_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"order_fk" integer NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"user_fk" integer,
	"by_customer" boolean DEFAULT false NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_order_reservations" (
	"order_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"inventory_fk" integer NOT NULL,
	"batch_fk" integer NOT NULL,
	"qty" numeric(20, 4) NOT NULL,
	CONSTRAINT "online_order_reservations_order_fk_item_fk_inventory_fk_batch_fk_pk" PRIMARY KEY("order_fk","item_fk","inventory_fk","batch_fk"),
	CONSTRAINT "online_order_reservations_qty_positive" CHECK ("online_order_reservations"."qty" > 0)
);
--> statement-breakpoint
ALTER TABLE "online_customers" ADD CONSTRAINT "online_customers_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_customer_addresses" ADD CONSTRAINT "online_customer_addresses_customer_fk_online_customers_customer_id_fk" FOREIGN KEY ("customer_fk") REFERENCES "public"."online_customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_customer_addresses" ADD CONSTRAINT "online_customer_addresses_city_fk_cities_city_id_fk" FOREIGN KEY ("city_fk") REFERENCES "public"."cities"("city_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_customer_devices" ADD CONSTRAINT "online_customer_devices_customer_fk_online_customers_customer_id_fk" FOREIGN KEY ("customer_fk") REFERENCES "public"."online_customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_tokens" ADD CONSTRAINT "online_tokens_customer_fk_online_customers_customer_id_fk" FOREIGN KEY ("customer_fk") REFERENCES "public"."online_customers"("customer_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_customer_fk_online_customers_customer_id_fk" FOREIGN KEY ("customer_fk") REFERENCES "public"."online_customers"("customer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_address_fk_online_customer_addresses_address_id_fk" FOREIGN KEY ("address_fk") REFERENCES "public"."online_customer_addresses"("address_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_orders" ADD CONSTRAINT "online_orders_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_lines" ADD CONSTRAINT "online_order_lines_order_fk_online_orders_order_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."online_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_lines" ADD CONSTRAINT "online_order_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_lines" ADD CONSTRAINT "online_order_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_events" ADD CONSTRAINT "online_order_events_order_fk_online_orders_order_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."online_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_reservations" ADD CONSTRAINT "online_order_reservations_order_fk_online_orders_order_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."online_orders"("order_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_reservations" ADD CONSTRAINT "online_order_reservations_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_reservations" ADD CONSTRAINT "online_order_reservations_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_reservations" ADD CONSTRAINT "online_order_reservations_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_customer_addresses_customer_idx" ON "online_customer_addresses" USING btree ("customer_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "online_customer_addresses_one_default" ON "online_customer_addresses" USING btree ("customer_fk") WHERE "online_customer_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "online_login_codes_mobile_idx" ON "online_login_codes" USING btree ("mobile","created_at");--> statement-breakpoint
CREATE INDEX "online_tokens_customer_idx" ON "online_tokens" USING btree ("customer_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_order_no_unique" ON "online_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "online_orders_idempotency_unique" ON "online_orders" USING btree ("customer_fk","idempotency_key");--> statement-breakpoint
CREATE INDEX "online_orders_customer_idx" ON "online_orders" USING btree ("customer_fk","ordered_at");--> statement-breakpoint
CREATE INDEX "online_orders_status_idx" ON "online_orders" USING btree ("status","ordered_at");--> statement-breakpoint
CREATE INDEX "online_order_lines_order_idx" ON "online_order_lines" USING btree ("order_fk");--> statement-breakpoint
CREATE INDEX "online_order_events_order_idx" ON "online_order_events" USING btree ("order_fk","at");--> statement-breakpoint
-- Stock an open online order holds: available = qty - reserved. Every stock-out's guarded update
-- takes only available units, and the trigger below refuses any write that leaves fewer on hand
-- than are reserved, whatever wrote it.
ALTER TABLE "stock_balances" ADD COLUMN "reserved" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_balances" ADD CONSTRAINT "stock_balances_reserved_non_negative" CHECK ("stock_balances"."reserved" >= 0);--> statement-breakpoint
CREATE OR REPLACE FUNCTION stock_balances_non_negative() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.qty - NEW.reserved < 0 AND (TG_OP = 'INSERT' OR NEW.qty - NEW.reserved < OLD.qty - OLD.reserved)
     AND NOT coalesce((SELECT allow_negative_stock FROM system_config WHERE id = 1), false) THEN
    RAISE EXCEPTION 'stock of item % in inventory % would be % with % reserved', NEW.item_fk, NEW.inventory_fk, NEW.qty, NEW.reserved
      USING ERRCODE = '23514', CONSTRAINT = 'stock_balances_qty_non_negative';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER stock_balances_non_negative ON stock_balances;--> statement-breakpoint
CREATE TRIGGER stock_balances_non_negative BEFORE INSERT OR UPDATE OF qty, reserved ON stock_balances FOR EACH ROW EXECUTE FUNCTION stock_balances_non_negative();

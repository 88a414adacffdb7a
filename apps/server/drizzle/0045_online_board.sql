CREATE TABLE "delivery_driver_accounts" (
	"driver_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"account_fk" integer NOT NULL,
	CONSTRAINT "delivery_driver_accounts_driver_fk_currency_id_pk" PRIMARY KEY("driver_fk","currency_id")
);
--> statement-breakpoint
CREATE TABLE "driver_settlements" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"driver_fk" integer NOT NULL,
	"settled_at" timestamp with time zone NOT NULL,
	"difference_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"note" text,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "online_order_deliveries" (
	"order_fk" integer PRIMARY KEY NOT NULL,
	"driver_fk" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" integer,
	"handed_over_at" timestamp with time zone,
	"handed_over_by" integer,
	"collected_currency_id" integer,
	"collected_amount" numeric(20, 3),
	"settlement_fk" integer
);
--> statement-breakpoint
CREATE TABLE "driver_settlement_cash" (
	"settlement_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"driver_account_fk" integer NOT NULL,
	"cash_account_fk" integer,
	"expected" numeric(20, 3) NOT NULL,
	"counted" numeric(20, 3) NOT NULL,
	"difference" numeric(20, 3) NOT NULL,
	"rate" numeric(20, 6) NOT NULL,
	CONSTRAINT "driver_settlement_cash_settlement_fk_currency_id_pk" PRIMARY KEY("settlement_fk","currency_id"),
	CONSTRAINT "driver_settlement_cash_counted" CHECK ("driver_settlement_cash"."counted" >= 0)
);
--> statement-breakpoint
ALTER TABLE "delivery_driver_accounts" ADD CONSTRAINT "delivery_driver_accounts_driver_fk_users_user_id_fk" FOREIGN KEY ("driver_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_driver_accounts" ADD CONSTRAINT "delivery_driver_accounts_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_driver_accounts" ADD CONSTRAINT "delivery_driver_accounts_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_settlements" ADD CONSTRAINT "driver_settlements_driver_fk_users_user_id_fk" FOREIGN KEY ("driver_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_deliveries" ADD CONSTRAINT "online_order_deliveries_order_fk_online_orders_order_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."online_orders"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_deliveries" ADD CONSTRAINT "online_order_deliveries_driver_fk_users_user_id_fk" FOREIGN KEY ("driver_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_order_deliveries" ADD CONSTRAINT "online_order_deliveries_settlement_fk_driver_settlements_id_fk" FOREIGN KEY ("settlement_fk") REFERENCES "public"."driver_settlements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_settlement_cash" ADD CONSTRAINT "driver_settlement_cash_settlement_fk_driver_settlements_id_fk" FOREIGN KEY ("settlement_fk") REFERENCES "public"."driver_settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_settlement_cash" ADD CONSTRAINT "driver_settlement_cash_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_settlement_cash" ADD CONSTRAINT "driver_settlement_cash_driver_account_fk_accounts_account_id_fk" FOREIGN KEY ("driver_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "driver_settlement_cash" ADD CONSTRAINT "driver_settlement_cash_cash_account_fk_accounts_account_id_fk" FOREIGN KEY ("cash_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_order_deliveries_driver_idx" ON "online_order_deliveries" USING btree ("driver_fk","settlement_fk");--> statement-breakpoint
-- Every new order and every change of an order's state is announced on the channel online_orders
-- when its transaction commits: the back office's open boards hear it at once.
CREATE FUNCTION "online_orders_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('online_orders', json_build_object('order_id', NEW.order_id, 'status', NEW.status, 'op', lower(TG_OP))::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "online_orders_notify" AFTER INSERT OR UPDATE OF "status" ON "online_orders" FOR EACH ROW EXECUTE FUNCTION "online_orders_notify"();--> statement-breakpoint
-- A driver assigned or handed the goods changes the board too.
CREATE FUNCTION "online_order_deliveries_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('online_orders', json_build_object('order_id', NEW.order_fk, 'op', 'delivery')::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "online_order_deliveries_notify" AFTER INSERT OR UPDATE ON "online_order_deliveries" FOR EACH ROW EXECUTE FUNCTION "online_order_deliveries_notify"();

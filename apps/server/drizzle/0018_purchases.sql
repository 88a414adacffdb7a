CREATE TABLE "purchase_charges" (
	"charge_id" serial PRIMARY KEY NOT NULL,
	"purchase_fk" integer NOT NULL,
	"kind" text NOT NULL,
	"consumer_fk" integer NOT NULL,
	"payment_type" text NOT NULL,
	"account_fk" integer,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"note" text,
	CONSTRAINT "purchase_charges_kind_check" CHECK ("purchase_charges"."kind" in ('transport','other')),
	CONSTRAINT "purchase_charges_payment_type_check" CHECK ("purchase_charges"."payment_type" in ('Cash','On Account')),
	CONSTRAINT "purchase_charges_amount_positive" CHECK ("purchase_charges"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"purchase_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"bonus" numeric(20, 4) DEFAULT '0' NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"batch_no" text,
	"expire_date" date,
	"description" text,
	"unit_cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_lines_qty_positive" CHECK ("purchase_lines"."quantity" > 0 and "purchase_lines"."bonus" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_return_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"return_fk" integer NOT NULL,
	"purchase_line_fk" integer,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"bonus" numeric(20, 4) DEFAULT '0' NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"batch_no" text,
	"expire_date" date,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_return_lines_qty" CHECK ("purchase_return_lines"."quantity" >= 0 and "purchase_return_lines"."bonus" >= 0 and "purchase_return_lines"."quantity" + "purchase_return_lines"."bonus" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"reference_no" text,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"payment_type" text NOT NULL,
	"account_fk" integer,
	"subtotal" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"purchase_fk" integer,
	CONSTRAINT "purchase_returns_status_check" CHECK ("purchase_returns"."status" in ('draft','complete')),
	CONSTRAINT "purchase_returns_payment_type_check" CHECK ("purchase_returns"."payment_type" in ('Cash','On Account'))
);
--> statement-breakpoint
CREATE TABLE "purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"reference_no" text,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"payment_type" text NOT NULL,
	"account_fk" integer,
	"subtotal" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"discount_type" text DEFAULT 'amount' NOT NULL,
	"discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"costs_applied" boolean DEFAULT false NOT NULL,
	CONSTRAINT "purchases_status_check" CHECK ("purchases"."status" in ('draft','complete')),
	CONSTRAINT "purchases_payment_type_check" CHECK ("purchases"."payment_type" in ('Cash','On Account')),
	CONSTRAINT "purchases_discount_type_check" CHECK ("purchases"."discount_type" in ('amount','percent')),
	CONSTRAINT "purchases_payment_status_check" CHECK ("purchases"."payment_status" in ('paid','unpaid','partially_paid'))
);
--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_purchase_fk_purchases_id_fk" FOREIGN KEY ("purchase_fk") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_purchase_fk_purchases_id_fk" FOREIGN KEY ("purchase_fk") REFERENCES "public"."purchases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_lines" ADD CONSTRAINT "purchase_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_return_fk_purchase_returns_id_fk" FOREIGN KEY ("return_fk") REFERENCES "public"."purchase_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_purchase_line_fk_purchase_lines_line_id_fk" FOREIGN KEY ("purchase_line_fk") REFERENCES "public"."purchase_lines"("line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD CONSTRAINT "purchase_return_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_returns" ADD CONSTRAINT "purchase_returns_purchase_fk_purchases_id_fk" FOREIGN KEY ("purchase_fk") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_charges_purchase_idx" ON "purchase_charges" USING btree ("purchase_fk");--> statement-breakpoint
CREATE INDEX "purchase_lines_purchase_idx" ON "purchase_lines" USING btree ("purchase_fk");--> statement-breakpoint
CREATE INDEX "purchase_lines_item_idx" ON "purchase_lines" USING btree ("item_fk");--> statement-breakpoint
CREATE INDEX "purchase_return_lines_return_idx" ON "purchase_return_lines" USING btree ("return_fk");--> statement-breakpoint
CREATE INDEX "purchase_return_lines_purchase_line_idx" ON "purchase_return_lines" USING btree ("purchase_line_fk");--> statement-breakpoint
CREATE INDEX "purchase_returns_date_idx" ON "purchase_returns" USING btree ("date");--> statement-breakpoint
CREATE INDEX "purchase_returns_purchase_idx" ON "purchase_returns" USING btree ("purchase_fk");--> statement-breakpoint
CREATE INDEX "purchases_date_idx" ON "purchases" USING btree ("date");--> statement-breakpoint
CREATE INDEX "purchases_consumer_idx" ON "purchases" USING btree ("consumer_fk");
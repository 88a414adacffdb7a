CREATE TABLE "sale_return_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"return_fk" integer NOT NULL,
	"sale_line_fk" integer,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"revenue" numeric(20, 3) NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"cost" numeric(20, 4) DEFAULT '0' NOT NULL,
	"batch_no" text,
	"expire_date" date,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_return_lines_qty_positive" CHECK ("sale_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"sale_fk" integer,
	"consumer_fk" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"received_type" text NOT NULL,
	"account_fk" integer,
	"subtotal" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"cost_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'complete' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_returns_status_check" CHECK ("sale_returns"."status" in ('draft','complete')),
	CONSTRAINT "sale_returns_received_type_check" CHECK ("sale_returns"."received_type" in ('Cash','On Account'))
);
--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_return_fk_sale_returns_id_fk" FOREIGN KEY ("return_fk") REFERENCES "public"."sale_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_sale_line_fk_sale_lines_line_id_fk" FOREIGN KEY ("sale_line_fk") REFERENCES "public"."sale_lines"("line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_return_lines" ADD CONSTRAINT "sale_return_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_returns" ADD CONSTRAINT "sale_returns_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_return_lines_return_idx" ON "sale_return_lines" USING btree ("return_fk");--> statement-breakpoint
CREATE INDEX "sale_return_lines_sale_line_idx" ON "sale_return_lines" USING btree ("sale_line_fk");--> statement-breakpoint
CREATE INDEX "sale_returns_date_idx" ON "sale_returns" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sale_returns_sale_idx" ON "sale_returns" USING btree ("sale_fk");--> statement-breakpoint
CREATE INDEX "sale_returns_consumer_idx" ON "sale_returns" USING btree ("consumer_fk");
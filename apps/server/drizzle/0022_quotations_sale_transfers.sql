CREATE TABLE "quotation_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"quotation_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"free_quantity" numeric(20, 4) DEFAULT '0' NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"discount_type" text,
	"discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"promotion_fk" integer,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "quotation_lines_qty_positive" CHECK ("quotation_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"discount_type" text DEFAULT 'item' NOT NULL,
	"invoice_discount_type" text DEFAULT 'amount' NOT NULL,
	"invoice_discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"subtotal" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"sale_fk" integer,
	"converted_at" timestamp with time zone,
	"converted_by" integer,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_status_check" CHECK ("quotations"."status" in ('open','converted')),
	CONSTRAINT "quotations_converted_sale_check" CHECK (("quotations"."status" = 'converted') = ("quotations"."sale_fk" is not null)),
	CONSTRAINT "quotations_discount_type_check" CHECK ("quotations"."discount_type" in ('item','invoice')),
	CONSTRAINT "quotations_invoice_discount_type_check" CHECK ("quotations"."invoice_discount_type" in ('amount','percent'))
);
--> statement-breakpoint
CREATE TABLE "sale_transfer_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"batch_fk" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"transfer_fk" integer NOT NULL,
	"unit_price" numeric(20, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(20, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "sale_transfer_lines_qty_positive" CHECK ("sale_transfer_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_transfer_return_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"batch_fk" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"return_fk" integer NOT NULL,
	CONSTRAINT "sale_transfer_return_lines_qty_positive" CHECK ("sale_transfer_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "sale_transfer_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"consignment_inventory_fk" integer,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sale_transfer_fk" integer
);
--> statement-breakpoint
CREATE TABLE "sale_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"consignment_inventory_fk" integer,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by" integer,
	CONSTRAINT "sale_transfers_status_check" CHECK ("sale_transfers"."status" in ('pending','sent'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD COLUMN "consignment_consumer_fk" integer;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_quotation_fk_quotations_id_fk" FOREIGN KEY ("quotation_fk") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_lines" ADD CONSTRAINT "quotation_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_lines" ADD CONSTRAINT "sale_transfer_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_lines" ADD CONSTRAINT "sale_transfer_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_lines" ADD CONSTRAINT "sale_transfer_lines_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_lines" ADD CONSTRAINT "sale_transfer_lines_transfer_fk_sale_transfers_id_fk" FOREIGN KEY ("transfer_fk") REFERENCES "public"."sale_transfers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_return_lines" ADD CONSTRAINT "sale_transfer_return_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_return_lines" ADD CONSTRAINT "sale_transfer_return_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_return_lines" ADD CONSTRAINT "sale_transfer_return_lines_batch_fk_stock_batches_batch_id_fk" FOREIGN KEY ("batch_fk") REFERENCES "public"."stock_batches"("batch_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_return_lines" ADD CONSTRAINT "sale_transfer_return_lines_return_fk_sale_transfer_returns_id_fk" FOREIGN KEY ("return_fk") REFERENCES "public"."sale_transfer_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_returns" ADD CONSTRAINT "sale_transfer_returns_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_returns" ADD CONSTRAINT "sale_transfer_returns_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_returns" ADD CONSTRAINT "sale_transfer_returns_consignment_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("consignment_inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_returns" ADD CONSTRAINT "sale_transfer_returns_sale_transfer_fk_sale_transfers_id_fk" FOREIGN KEY ("sale_transfer_fk") REFERENCES "public"."sale_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfers" ADD CONSTRAINT "sale_transfers_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfers" ADD CONSTRAINT "sale_transfers_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfers" ADD CONSTRAINT "sale_transfers_consignment_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("consignment_inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfers" ADD CONSTRAINT "sale_transfers_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotation_lines_quotation_idx" ON "quotation_lines" USING btree ("quotation_fk");--> statement-breakpoint
CREATE INDEX "quotations_date_idx" ON "quotations" USING btree ("date");--> statement-breakpoint
CREATE INDEX "quotations_consumer_idx" ON "quotations" USING btree ("consumer_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_sale_unique" ON "quotations" USING btree ("sale_fk");--> statement-breakpoint
CREATE INDEX "sale_transfer_lines_transfer_idx" ON "sale_transfer_lines" USING btree ("transfer_fk");--> statement-breakpoint
CREATE INDEX "sale_transfer_return_lines_return_idx" ON "sale_transfer_return_lines" USING btree ("return_fk");--> statement-breakpoint
CREATE INDEX "sale_transfer_returns_date_idx" ON "sale_transfer_returns" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sale_transfer_returns_consumer_idx" ON "sale_transfer_returns" USING btree ("consumer_fk");--> statement-breakpoint
CREATE INDEX "sale_transfers_date_idx" ON "sale_transfers" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sale_transfers_consumer_idx" ON "sale_transfers" USING btree ("consumer_fk");--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_consignment_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consignment_consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_consignment_consumer_unique" ON "inventories" USING btree ("consignment_consumer_fk");
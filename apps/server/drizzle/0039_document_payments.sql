CREATE TABLE "document_payments" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"doc_type" text NOT NULL,
	"sale_fk" integer,
	"purchase_fk" integer,
	"consumer_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"cash_amount" numeric(20, 3) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"doc_amount" numeric(20, 3) NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_payments_doc_check" CHECK (("document_payments"."doc_type" = 'sale' and "document_payments"."sale_fk" is not null and "document_payments"."purchase_fk" is null)
        or ("document_payments"."doc_type" = 'purchase' and "document_payments"."purchase_fk" is not null and "document_payments"."sale_fk" is null)),
	CONSTRAINT "document_payments_positive" CHECK ("document_payments"."amount" > 0 and "document_payments"."doc_amount" > 0 and "document_payments"."cash_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"lane" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"heartbeat_at" timestamp with time zone,
	"owner" text,
	"input" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachment" "bytea",
	"step" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"error" jsonb,
	CONSTRAINT "jobs_state" CHECK ("jobs"."state" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"order_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"unit_price" numeric(20, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"description" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "purchase_order_lines_qty_positive" CHECK ("purchase_order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"consumer_fk" integer NOT NULL,
	"reference_no" text,
	"date" timestamp with time zone NOT NULL,
	"expected_date" date,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"receive_status" text DEFAULT 'not_received' NOT NULL,
	"ordered_at" timestamp with time zone,
	"ordered_by" integer,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft','ordered','closed')),
	CONSTRAINT "purchase_orders_receive_status_check" CHECK ("purchase_orders"."receive_status" in ('not_received','partially_received','received'))
);
--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "approval" text;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "approved_by" integer;--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD COLUMN "is_closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "order_fk" integer;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_purchase_fk_purchases_id_fk" FOREIGN KEY ("purchase_fk") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_payments" ADD CONSTRAINT "document_payments_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_order_fk_purchase_orders_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_payments_sale_idx" ON "document_payments" USING btree ("sale_fk");--> statement-breakpoint
CREATE INDEX "document_payments_purchase_idx" ON "document_payments" USING btree ("purchase_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_one_active_per_lane" ON "jobs" USING btree ("lane") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_kind_created_idx" ON "jobs" USING btree ("kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_order_lines_item_unique" ON "purchase_order_lines" USING btree ("order_fk","item_fk");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_idx" ON "purchase_orders" USING btree ("date");--> statement-breakpoint
CREATE INDEX "purchase_orders_consumer_idx" ON "purchase_orders" USING btree ("consumer_fk");--> statement-breakpoint
ALTER TABLE "purchases" ADD CONSTRAINT "purchases_order_fk_purchase_orders_id_fk" FOREIGN KEY ("order_fk") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_order_idx" ON "purchases" USING btree ("order_fk");--> statement-breakpoint
ALTER TABLE "asset_disposals" ADD CONSTRAINT "asset_disposals_approval" CHECK ("asset_disposals"."approval" is null or "asset_disposals"."approval" in ('pending', 'approved', 'disapproved'));
CREATE TABLE "sale_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"sale_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"unit_base_qty" numeric(20, 4) NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"free_quantity" numeric(20, 4) DEFAULT '0' NOT NULL,
	"sale_price" numeric(20, 3) NOT NULL,
	"unit_price" numeric(20, 3) NOT NULL,
	"discount_type" text,
	"discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"promotion_fk" integer,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"line_total" numeric(20, 3) NOT NULL,
	"unit_cost" numeric(24, 6) DEFAULT '0' NOT NULL,
	"batch_no" text,
	"expire_date" date,
	"description" text,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sale_lines_qty_positive" CHECK ("sale_lines"."quantity" > 0 and "sale_lines"."free_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sale_payments" (
	"payment_id" serial PRIMARY KEY NOT NULL,
	"sale_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"method" text DEFAULT 'cash' NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	CONSTRAINT "sale_payments_amount_positive" CHECK ("sale_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"kind" text DEFAULT 'sale' NOT NULL,
	"outlet_fk" integer,
	"consumer_fk" integer NOT NULL,
	"salesman_fk" integer,
	"date" timestamp with time zone NOT NULL,
	"inventory_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"discount_type" text DEFAULT 'item' NOT NULL,
	"invoice_discount_type" text DEFAULT 'amount' NOT NULL,
	"invoice_discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"rounded_discount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"tax_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"gross" numeric(20, 3) DEFAULT '0' NOT NULL,
	"subtotal" numeric(20, 3) DEFAULT '0' NOT NULL,
	"total" numeric(20, 3) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"received_amount" numeric(20, 3),
	"remaining" numeric(20, 3) DEFAULT '0' NOT NULL,
	"payment_type" text NOT NULL,
	"account_fk" integer,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_closed" boolean DEFAULT false NOT NULL,
	"cost_total" numeric(24, 4) DEFAULT '0' NOT NULL,
	"commission_base" numeric(24, 4) DEFAULT '0' NOT NULL,
	"commission" numeric(24, 4) DEFAULT '0' NOT NULL,
	"customer_mobile" text,
	"customer_address" text,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_kind_check" CHECK ("sales"."kind" in ('sale','salesman','pos')),
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('draft','complete')),
	CONSTRAINT "sales_payment_type_check" CHECK ("sales"."payment_type" in ('Cash','On Account')),
	CONSTRAINT "sales_discount_type_check" CHECK ("sales"."discount_type" in ('item','invoice')),
	CONSTRAINT "sales_invoice_discount_type_check" CHECK ("sales"."invoice_discount_type" in ('amount','percent')),
	CONSTRAINT "sales_payment_status_check" CHECK ("sales"."payment_status" in ('paid','unpaid','partially_paid')),
	CONSTRAINT "sales_amounts_check" CHECK ("sales"."paid_amount" >= 0 and "sales"."remaining" >= 0 and "sales"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "salesman_accounts" (
	"user_fk" integer PRIMARY KEY NOT NULL,
	"account_fk" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_promotion_fk_promotions_promotion_id_fk" FOREIGN KEY ("promotion_fk") REFERENCES "public"."promotions"("promotion_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_payments" ADD CONSTRAINT "sale_payments_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_salesman_fk_users_user_id_fk" FOREIGN KEY ("salesman_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_inventory_fk_inventories_inventory_id_fk" FOREIGN KEY ("inventory_fk") REFERENCES "public"."inventories"("inventory_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesman_accounts" ADD CONSTRAINT "salesman_accounts_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salesman_accounts" ADD CONSTRAINT "salesman_accounts_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_lines_sale_idx" ON "sale_lines" USING btree ("sale_fk");--> statement-breakpoint
CREATE INDEX "sale_lines_item_idx" ON "sale_lines" USING btree ("item_fk");--> statement-breakpoint
CREATE INDEX "sale_payments_sale_idx" ON "sale_payments" USING btree ("sale_fk");--> statement-breakpoint
CREATE INDEX "sales_date_idx" ON "sales" USING btree ("date");--> statement-breakpoint
CREATE INDEX "sales_consumer_idx" ON "sales" USING btree ("consumer_fk");--> statement-breakpoint
CREATE INDEX "sales_salesman_idx" ON "sales" USING btree ("salesman_fk","date");--> statement-breakpoint
CREATE INDEX "sales_kind_idx" ON "sales" USING btree ("kind","date");--> statement-breakpoint
INSERT INTO accounts (code, account_name, type, system_key, parent_id, currency_id, is_group)
SELECT '22', 'Salesmen Payable', 'liability', 'salesmen_payable', (SELECT account_id FROM accounts WHERE system_key = 'liabilities'), (SELECT currency_fk FROM system_config WHERE id = 1), true
 WHERE EXISTS (SELECT 1 FROM accounts WHERE system_key = 'liabilities')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'salesmen_payable')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE code = '22');
--> statement-breakpoint
INSERT INTO accounts (code, account_name, type, system_key, parent_id, currency_id)
SELECT '23', 'Sales Tax Payable', 'liability', 'sales_tax', (SELECT account_id FROM accounts WHERE system_key = 'liabilities'), (SELECT currency_fk FROM system_config WHERE id = 1)
 WHERE EXISTS (SELECT 1 FROM accounts WHERE system_key = 'liabilities')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'sales_tax')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE code = '23');
--> statement-breakpoint
INSERT INTO accounts (code, account_name, type, system_key, parent_id, currency_id)
SELECT '55', 'Salesman Commissions', 'expense', 'commissions', (SELECT account_id FROM accounts WHERE system_key = 'expenses_root'), (SELECT currency_fk FROM system_config WHERE id = 1)
 WHERE EXISTS (SELECT 1 FROM accounts WHERE system_key = 'expenses_root')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE system_key = 'commissions')
   AND NOT EXISTS (SELECT 1 FROM accounts WHERE code = '55');

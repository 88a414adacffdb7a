CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"user_id" integer,
	"body_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "closing_drawer_cash" (
	"closing_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"account_fk" integer,
	"expected" numeric(20, 4) DEFAULT '0' NOT NULL,
	"counted" numeric(20, 4) DEFAULT '0' NOT NULL,
	"difference" numeric(20, 4) DEFAULT '0' NOT NULL,
	"rate" numeric(20, 4) DEFAULT '1' NOT NULL,
	CONSTRAINT "closing_drawer_cash_closing_fk_currency_id_pk" PRIMARY KEY("closing_fk","currency_id")
);
--> statement-breakpoint
CREATE TABLE "closing_drawers" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"code" text NOT NULL,
	"user_fk" integer NOT NULL,
	"outlet_fk" integer,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone NOT NULL,
	"receipts_count" integer DEFAULT 0 NOT NULL,
	"invoices_count" integer DEFAULT 0 NOT NULL,
	"sales_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"discount_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"returns_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"difference_total" numeric(20, 4) DEFAULT '0' NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drawer_openings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_fk" integer NOT NULL,
	"outlet_fk" integer,
	"reason" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_drawers" (
	"user_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"account_fk" integer NOT NULL,
	CONSTRAINT "pos_drawers_user_fk_currency_id_pk" PRIMARY KEY("user_fk","currency_id"),
	CONSTRAINT "pos_drawers_account_fk_unique" UNIQUE("account_fk")
);
--> statement-breakpoint
CREATE TABLE "pos_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_fk" integer NOT NULL,
	"outlet_fk" integer,
	"body" jsonb NOT NULL,
	"reason" text NOT NULL,
	"errors" jsonb,
	"status" text DEFAULT 'open' NOT NULL,
	"sale_fk" integer,
	"resolution_note" text,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_sale_info" (
	"sale_fk" integer NOT NULL,
	"kind" text DEFAULT 'sale' NOT NULL,
	"user_fk" integer NOT NULL,
	"outlet_fk" integer,
	"closing_fk" integer,
	"idempotency_key" text,
	"offline" boolean DEFAULT false NOT NULL,
	"client_created_at" timestamp with time zone,
	"change_currency_id" integer,
	"change_amount" numeric(20, 4) DEFAULT '0' NOT NULL,
	"change_exact" numeric(20, 4) DEFAULT '0' NOT NULL,
	"total_sys" numeric(20, 4) DEFAULT '0' NOT NULL,
	"discount_sys" numeric(20, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_sale_info_kind_sale_fk_pk" PRIMARY KEY("kind","sale_fk")
);
--> statement-breakpoint
CREATE TABLE "pos_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"fib_account_fk" integer,
	"smallest_iqd_amount" numeric(20, 0) DEFAULT '250' NOT NULL,
	"smallest_usd_amount" numeric(20, 2) DEFAULT '1' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_settings_single_row" CHECK ("pos_settings"."id" = 1),
	CONSTRAINT "pos_settings_smallest_positive" CHECK ("pos_settings"."smallest_iqd_amount" > 0 and "pos_settings"."smallest_usd_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "closing_drawer_cash" ADD CONSTRAINT "closing_drawer_cash_closing_fk_closing_drawers_id_fk" FOREIGN KEY ("closing_fk") REFERENCES "public"."closing_drawers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_drawer_cash" ADD CONSTRAINT "closing_drawer_cash_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_drawer_cash" ADD CONSTRAINT "closing_drawer_cash_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_drawers" ADD CONSTRAINT "closing_drawers_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closing_drawers" ADD CONSTRAINT "closing_drawers_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_openings" ADD CONSTRAINT "drawer_openings_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_drawers" ADD CONSTRAINT "pos_drawers_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_reviews" ADD CONSTRAINT "pos_reviews_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_reviews" ADD CONSTRAINT "pos_reviews_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_closing_fk_closing_drawers_id_fk" FOREIGN KEY ("closing_fk") REFERENCES "public"."closing_drawers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_settings" ADD CONSTRAINT "pos_settings_fib_account_fk_accounts_account_id_fk" FOREIGN KEY ("fib_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "closing_drawers_user_idx" ON "closing_drawers" USING btree ("user_fk","closed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "closing_drawers_number_unique" ON "closing_drawers" USING btree ("number");--> statement-breakpoint
CREATE INDEX "drawer_openings_user_idx" ON "drawer_openings" USING btree ("user_fk","opened_at");--> statement-breakpoint
CREATE INDEX "pos_reviews_status_idx" ON "pos_reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "pos_sale_info_drawer_idx" ON "pos_sale_info" USING btree ("user_fk","closing_fk");
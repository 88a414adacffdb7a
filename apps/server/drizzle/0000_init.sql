CREATE TABLE "inventories" (
	"inventory_id" serial PRIMARY KEY NOT NULL,
	"inventory_name" text NOT NULL,
	"outlet_fk" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"country_id" serial PRIMARY KEY NOT NULL,
	"country_name" text NOT NULL,
	CONSTRAINT "countries_country_name_unique" UNIQUE("country_name")
);
--> statement-breakpoint
CREATE TABLE "units" (
	"unit_id" serial PRIMARY KEY NOT NULL,
	"unit_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "accounts" (
	"account_id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"account_name" text NOT NULL,
	"parent_id" integer,
	"type" text NOT NULL,
	"currency_id" integer NOT NULL,
	"system_key" text,
	"is_group" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_type_check" CHECK ("accounts"."type" in ('asset','liability','equity','income','expense'))
);
--> statement-breakpoint
CREATE TABLE "outlets" (
	"outlet_id" serial PRIMARY KEY NOT NULL,
	"outlet_name" text NOT NULL,
	"outlet_email" text,
	"outlet_phone" text,
	"outlet_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"module" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" "inet",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_hidden_columns" (
	"user_id" integer NOT NULL,
	"model" text NOT NULL,
	"columns" text DEFAULT '' NOT NULL,
	CONSTRAINT "model_hidden_columns_user_id_model_pk" PRIMARY KEY("user_id","model")
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"currency_id" integer PRIMARY KEY NOT NULL,
	"currency_name" text NOT NULL,
	"symbol" text NOT NULL,
	CONSTRAINT "currencies_currency_name_unique" UNIQUE("currency_name")
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"rate_id" serial PRIMARY KEY NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"in_rate" numeric(20, 4) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_positive" CHECK ("currency_rates"."rate" > 0 and "currency_rates"."in_rate" > 0)
);
--> statement-breakpoint
CREATE TABLE "financial_years" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "financial_years_name_unique" UNIQUE("name"),
	CONSTRAINT "financial_years_range" CHECK ("financial_years"."end_date" > "financial_years"."start_date")
);
--> statement-breakpoint
CREATE TABLE "system_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"currency_fk" integer NOT NULL,
	"default_inventory_fk" integer,
	"default_account_fk" integer,
	"cashier_login_option" text DEFAULT 'Name' NOT NULL,
	"accounting_option" text DEFAULT 'Together' NOT NULL,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"out_of_stock_min_qty" numeric(20, 4) DEFAULT '0' NOT NULL,
	"online_order_accepted_minutes" integer DEFAULT 30 NOT NULL,
	"pagination_default" integer DEFAULT 10 NOT NULL,
	"pagination_options" text DEFAULT '10,50,100,200' NOT NULL,
	"pos_terminal_marker" text DEFAULT 'SouqPOS' NOT NULL,
	"shop_name" text DEFAULT 'Souq' NOT NULL,
	"shop_logo" text,
	"receipt_header" text,
	"receipt_footer" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "system_config_single_row" CHECK ("system_config"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "password_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role_name" text NOT NULL,
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_inventories" (
	"user_id" integer NOT NULL,
	"inventory_id" integer NOT NULL,
	CONSTRAINT "user_inventories_user_id_inventory_id_pk" PRIMARY KEY("user_id","inventory_id")
);
--> statement-breakpoint
CREATE TABLE "user_pins" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"user_code" text,
	"user_full_name" text,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"user_dob" date,
	"user_joining_date" date,
	"role_id" integer,
	"outlet_fk" integer,
	"gender" text,
	"marital_status" text,
	"blood_group" text,
	"nationality" text,
	"status" text DEFAULT 'active' NOT NULL,
	"is_cashier" boolean DEFAULT false NOT NULL,
	"is_salesman" boolean DEFAULT false NOT NULL,
	"sale_man_name" text,
	"sale_man_mail" text,
	"base_salary" numeric(20, 3),
	"commission_type" text,
	"sale_man_commission_percentage" numeric(5, 2),
	"sale_man_commission_percentage_1" numeric(5, 2),
	"sale_man_commission_percentage_2" numeric(5, 2),
	"sale_man_commission_percentage_3" numeric(5, 2),
	"sale_man_quota_1" numeric(20, 3),
	"sale_man_quota_2" numeric(20, 3),
	"sale_man_quota_3" numeric(20, 3),
	"permissions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_image_path" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"theme" text DEFAULT 'light' NOT NULL,
	"pagination_default" integer,
	"show_sidebar" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('active','inactive','blocked'))
);
--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_config" ADD CONSTRAINT "system_config_currency_fk_currencies_currency_id_fk" FOREIGN KEY ("currency_fk") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_history" ADD CONSTRAINT "password_history_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inventories" ADD CONSTRAINT "user_inventories_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_inventories" ADD CONSTRAINT "user_inventories_inventory_id_inventories_inventory_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("inventory_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_pins" ADD CONSTRAINT "user_pins_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_role_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("role_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_outlet_fk_outlets_outlet_id_fk" FOREIGN KEY ("outlet_fk") REFERENCES "public"."outlets"("outlet_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_inventory_name_unique" ON "inventories" USING btree (lower("inventory_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "units_unit_name_unique" ON "units" USING btree (lower("unit_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_code_unique" ON "accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_system_key_unique" ON "accounts" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outlets_outlet_name_unique" ON "outlets" USING btree (lower("outlet_name"));--> statement-breakpoint
CREATE INDEX "audit_logs_module_created_idx" ON "audit_logs" USING btree ("module","created_at");--> statement-breakpoint
CREATE INDEX "currency_rates_date_idx" ON "currency_rates" USING btree ("date");--> statement-breakpoint
CREATE INDEX "password_history_user_idx" ON "password_history" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_role_name_unique" ON "roles" USING btree (lower("role_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_pins_name_unique" ON "user_pins" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "user_pins_user_idx" ON "user_pins" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_unique" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_code_unique" ON "users" USING btree ("user_code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_sale_man_name_unique" ON "users" USING btree (lower("sale_man_name"));--> statement-breakpoint
CREATE INDEX "users_outlet_idx" ON "users" USING btree ("outlet_fk");
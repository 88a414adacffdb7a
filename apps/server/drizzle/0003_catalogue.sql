CREATE TABLE "brands" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_made_in" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"category_code" text,
	"parent_id" integer,
	"is_active_online" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"city_id" serial PRIMARY KEY NOT NULL,
	"city_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_barcodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"barcode" text NOT NULL,
	"item_fk" integer NOT NULL,
	"item_unit_fk" integer
);
--> statement-breakpoint
CREATE TABLE "item_units" (
	"item_unit_id" serial PRIMARY KEY NOT NULL,
	"item_fk" integer NOT NULL,
	"unit_fk" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	"price" numeric(20, 2) DEFAULT '0' NOT NULL,
	"is_base" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	CONSTRAINT "item_units_quantity_positive" CHECK ("item_units"."quantity" > 0),
	CONSTRAINT "item_units_price_positive" CHECK ("item_units"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"item_name" text NOT NULL,
	"item_code" text,
	"search_name" text GENERATED ALWAYS AS (translate(item_name, 'ىيكأإآٱةABCDEFGHIJKLMNOPQRSTUVWXYZ٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹ـًٌٍَُِّْٰ', 'ییکااااهabcdefghijklmnopqrstuvwxyz01234567890123456789')) STORED,
	"category_fk" integer,
	"brand_fk" integer,
	"made_in_fk" integer,
	"scientific_name" text,
	"direction_of_use" text,
	"side_effect" text,
	"shortage_alert" integer,
	"expire_alert" integer,
	"has_expire" boolean DEFAULT false NOT NULL,
	"has_batch_number" boolean DEFAULT false NOT NULL,
	"sale_price_editable" boolean DEFAULT false NOT NULL,
	"has_revenue_tax" boolean DEFAULT false NOT NULL,
	"revenue_tax_percent" numeric(5, 2),
	"profit_percent" numeric(9, 2),
	"description" text,
	"is_active_online" boolean DEFAULT true NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ADD CONSTRAINT "brands_brand_made_in_countries_country_id_fk" FOREIGN KEY ("brand_made_in") REFERENCES "public"."countries"("country_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_category_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_barcodes" ADD CONSTRAINT "item_barcodes_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_barcodes" ADD CONSTRAINT "item_barcodes_item_unit_fk_item_units_item_unit_id_fk" FOREIGN KEY ("item_unit_fk") REFERENCES "public"."item_units"("item_unit_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_units" ADD CONSTRAINT "item_units_unit_fk_units_unit_id_fk" FOREIGN KEY ("unit_fk") REFERENCES "public"."units"("unit_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_category_fk_categories_category_id_fk" FOREIGN KEY ("category_fk") REFERENCES "public"."categories"("category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_brand_fk_brands_brand_id_fk" FOREIGN KEY ("brand_fk") REFERENCES "public"."brands"("brand_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "items" ADD CONSTRAINT "items_made_in_fk_countries_country_id_fk" FOREIGN KEY ("made_in_fk") REFERENCES "public"."countries"("country_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_brand_name_unique" ON "brands" USING btree (lower("brand_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "categories_category_code_unique" ON "categories" USING btree ("category_code");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_category_name_unique" ON "categories" USING btree (coalesce("parent_id", 0),lower("category_name"));--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_city_name_unique" ON "cities" USING btree (lower("city_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_barcodes_barcode_unique" ON "item_barcodes" USING btree ("barcode");--> statement-breakpoint
CREATE INDEX "item_barcodes_item_idx" ON "item_barcodes" USING btree ("item_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_unit_fk_unique" ON "item_units" USING btree ("item_fk","unit_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_one_base" ON "item_units" USING btree ("item_fk") WHERE "item_units"."is_base";--> statement-breakpoint
CREATE UNIQUE INDEX "item_units_one_default" ON "item_units" USING btree ("item_fk") WHERE "item_units"."is_default";--> statement-breakpoint
CREATE UNIQUE INDEX "items_item_name_unique" ON "items" USING btree (lower("item_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "items_item_code_unique" ON "items" USING btree ("item_code");--> statement-breakpoint
CREATE INDEX "items_search_name_idx" ON "items" USING btree ("search_name" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "items_category_idx" ON "items" USING btree ("category_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_years_one_active" ON "financial_years" USING btree ("is_active") WHERE "financial_years"."is_active";
CREATE TABLE "order_cancellation_messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"arrangement" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_cancellation_messages_message_unique" ON "order_cancellation_messages" USING btree (lower("message"));--> statement-breakpoint
CREATE INDEX "order_cancellation_messages_arrangement_idx" ON "order_cancellation_messages" USING btree ("arrangement");--> statement-breakpoint
CREATE TABLE "mobile_sections" (
	"section_id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'section' NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"source" text DEFAULT 'items' NOT NULL,
	"start_price" numeric(20, 3),
	"end_price" numeric(20, 3),
	"category_fk" integer,
	"brand_fk" integer,
	"image" text,
	"active" boolean DEFAULT true NOT NULL,
	"arrangement" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_sections_kind" CHECK ("mobile_sections"."kind" in ('section', 'slider')),
	CONSTRAINT "mobile_sections_source" CHECK ("mobile_sections"."source" in ('items', 'filters')),
	CONSTRAINT "mobile_sections_price_range" CHECK ("mobile_sections"."start_price" is null or "mobile_sections"."end_price" is null or "mobile_sections"."end_price" >= "mobile_sections"."start_price")
);
--> statement-breakpoint
ALTER TABLE "mobile_sections" ADD CONSTRAINT "mobile_sections_category_fk_categories_category_id_fk" FOREIGN KEY ("category_fk") REFERENCES "public"."categories"("category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_sections" ADD CONSTRAINT "mobile_sections_brand_fk_brands_brand_id_fk" FOREIGN KEY ("brand_fk") REFERENCES "public"."brands"("brand_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_sections_arrangement_idx" ON "mobile_sections" USING btree ("arrangement");--> statement-breakpoint
CREATE TABLE "mobile_section_items" (
	"section_fk" integer NOT NULL,
	"item_fk" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mobile_section_items_section_fk_item_fk_pk" PRIMARY KEY("section_fk","item_fk")
);
--> statement-breakpoint
ALTER TABLE "mobile_section_items" ADD CONSTRAINT "mobile_section_items_section_fk_mobile_sections_section_id_fk" FOREIGN KEY ("section_fk") REFERENCES "public"."mobile_sections"("section_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mobile_section_items" ADD CONSTRAINT "mobile_section_items_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mobile_section_items_item_idx" ON "mobile_section_items" USING btree ("item_fk");--> statement-breakpoint
CREATE TABLE "mobile_app_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"shop_open" boolean DEFAULT true NOT NULL,
	"min_order_amount" numeric(20, 3) DEFAULT '0' NOT NULL,
	"delivery_fee_mode" text DEFAULT 'flat' NOT NULL,
	"delivery_fee" numeric(20, 3) DEFAULT '0' NOT NULL,
	"currency_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"contact_phone" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mobile_app_settings_single_row" CHECK ("mobile_app_settings"."id" = 1),
	CONSTRAINT "mobile_app_settings_fee_mode" CHECK ("mobile_app_settings"."delivery_fee_mode" in ('flat', 'per_city')),
	CONSTRAINT "mobile_app_settings_amounts" CHECK ("mobile_app_settings"."min_order_amount" >= 0 and "mobile_app_settings"."delivery_fee" >= 0)
);
--> statement-breakpoint
INSERT INTO "mobile_app_settings" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "mobile_delivery_fees" (
	"city_fk" integer PRIMARY KEY NOT NULL,
	"fee" numeric(20, 3) NOT NULL,
	CONSTRAINT "mobile_delivery_fees_fee" CHECK ("mobile_delivery_fees"."fee" >= 0)
);
--> statement-breakpoint
ALTER TABLE "mobile_delivery_fees" ADD CONSTRAINT "mobile_delivery_fees_city_fk_cities_city_id_fk" FOREIGN KEY ("city_fk") REFERENCES "public"."cities"("city_id") ON DELETE cascade ON UPDATE no action;

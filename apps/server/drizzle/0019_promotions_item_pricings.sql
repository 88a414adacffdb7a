CREATE TABLE "item_pricing_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"item_pricing_fk" integer NOT NULL,
	"item_unit_fk" integer NOT NULL,
	"old_price" numeric(20, 2) NOT NULL,
	"new_price" numeric(20, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_pricings" (
	"item_pricing_id" serial PRIMARY KEY NOT NULL,
	"apply_on" text NOT NULL,
	"category_fk" integer,
	"brand_fk" integer,
	"made_in_fk" integer,
	"item_fk" integer,
	"amount_type" text NOT NULL,
	"amount" numeric(20, 2) NOT NULL,
	"direction" text NOT NULL,
	"changed_count" integer NOT NULL,
	"recalculated_by" integer,
	"recalculated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"promotion_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"customer_rule" text NOT NULL,
	"customer_fk" integer,
	"profile_fk" integer,
	"product_rule" text NOT NULL,
	"category_fk" integer,
	"brand_fk" integer,
	"item_fk" integer,
	"amount_rule_type" text NOT NULL,
	"rule_value" numeric(20, 2) DEFAULT '0' NOT NULL,
	"reward_type" text NOT NULL,
	"reward_value" numeric(20, 2) NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates" CHECK ("promotions"."end_date" >= "promotions"."start_date"),
	CONSTRAINT "promotions_values" CHECK ("promotions"."rule_value" >= 0 and "promotions"."reward_value" >= 0),
	CONSTRAINT "promotions_customer_rule" CHECK ("promotions"."customer_rule" in ('all','customer','profile')),
	CONSTRAINT "promotions_product_rule" CHECK ("promotions"."product_rule" in ('all','category','brand','item')),
	CONSTRAINT "promotions_amount_rule_type" CHECK ("promotions"."amount_rule_type" in ('none','quantity','amount')),
	CONSTRAINT "promotions_reward_type" CHECK ("promotions"."reward_type" in ('get_free','get_discount','get_amount'))
);
--> statement-breakpoint
ALTER TABLE "pricing_profiles" ADD COLUMN "discount_start_amount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "pricing_profiles" ADD COLUMN "discount_end_amount" numeric(20, 2);--> statement-breakpoint
ALTER TABLE "item_pricing_lines" ADD CONSTRAINT "item_pricing_lines_item_pricing_fk_item_pricings_item_pricing_id_fk" FOREIGN KEY ("item_pricing_fk") REFERENCES "public"."item_pricings"("item_pricing_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pricings" ADD CONSTRAINT "item_pricings_category_fk_categories_category_id_fk" FOREIGN KEY ("category_fk") REFERENCES "public"."categories"("category_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pricings" ADD CONSTRAINT "item_pricings_brand_fk_brands_brand_id_fk" FOREIGN KEY ("brand_fk") REFERENCES "public"."brands"("brand_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pricings" ADD CONSTRAINT "item_pricings_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_customer_fk_consumers_consumer_id_fk" FOREIGN KEY ("customer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_profile_fk_pricing_profiles_profile_id_fk" FOREIGN KEY ("profile_fk") REFERENCES "public"."pricing_profiles"("profile_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_category_fk_categories_category_id_fk" FOREIGN KEY ("category_fk") REFERENCES "public"."categories"("category_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_brand_fk_brands_brand_id_fk" FOREIGN KEY ("brand_fk") REFERENCES "public"."brands"("brand_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_item_fk_items_item_id_fk" FOREIGN KEY ("item_fk") REFERENCES "public"."items"("item_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_pricing_lines_pricing" ON "item_pricing_lines" USING btree ("item_pricing_fk");--> statement-breakpoint
CREATE INDEX "promotions_active_dates" ON "promotions" USING btree ("start_date","end_date") WHERE "promotions"."is_active";
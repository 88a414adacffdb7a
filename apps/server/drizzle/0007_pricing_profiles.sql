CREATE TABLE "pricing_profiles" (
	"profile_id" serial PRIMARY KEY NOT NULL,
	"profile_name" text NOT NULL,
	"discount_percentage" numeric(5, 2) NOT NULL,
	"apply_on" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pricing_profiles_discount_percentage_range" CHECK ("pricing_profiles"."discount_percentage" between 0 and 100),
	CONSTRAINT "pricing_profiles_apply_on_check" CHECK ("pricing_profiles"."apply_on" in ('sale_price','cost'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pricing_profiles_profile_name_unique" ON "pricing_profiles" USING btree (lower("profile_name"));--> statement-breakpoint
-- Before this migration no pricing profile existed, so any stored reference points nowhere.
UPDATE "consumers" SET "pricing_profile_fk" = NULL WHERE "pricing_profile_fk" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_pricing_profile_fk_pricing_profiles_profile_id_fk" FOREIGN KEY ("pricing_profile_fk") REFERENCES "public"."pricing_profiles"("profile_id") ON DELETE restrict ON UPDATE no action;
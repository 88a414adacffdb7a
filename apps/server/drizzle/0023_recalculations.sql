CREATE TABLE "recalculations" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stock_differences" integer DEFAULT 0 NOT NULL,
	"cost_differences" integer DEFAULT 0 NOT NULL,
	"account_differences" integer DEFAULT 0 NOT NULL,
	"differences" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "recalculations_created_at_idx" ON "recalculations" USING btree ("created_at");
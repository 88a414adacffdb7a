CREATE TABLE "exchange_revaluations" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"account_ids" integer[] NOT NULL,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "backup_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"schedule_time" text DEFAULT '02:00' NOT NULL,
	"keep_days" integer DEFAULT 14 NOT NULL,
	"folder" text,
	"last_scheduled_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_settings_single_row" CHECK ("backup_settings"."id" = 1),
	CONSTRAINT "backup_settings_keep_days" CHECK ("backup_settings"."keep_days" >= 1)
);

CREATE TABLE "drawer_floats" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"from_account_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"closing_fk" integer,
	"note" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drawer_floats_positive" CHECK ("drawer_floats"."amount" > 0),
	CONSTRAINT "drawer_floats_accounts_differ" CHECK ("drawer_floats"."from_account_fk" <> "drawer_floats"."account_fk")
);
--> statement-breakpoint
ALTER TABLE "drawer_floats" ADD CONSTRAINT "drawer_floats_user_fk_users_user_id_fk" FOREIGN KEY ("user_fk") REFERENCES "public"."users"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_floats" ADD CONSTRAINT "drawer_floats_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_floats" ADD CONSTRAINT "drawer_floats_from_account_fk_accounts_account_id_fk" FOREIGN KEY ("from_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_floats" ADD CONSTRAINT "drawer_floats_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drawer_floats" ADD CONSTRAINT "drawer_floats_closing_fk_closing_drawers_id_fk" FOREIGN KEY ("closing_fk") REFERENCES "public"."closing_drawers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drawer_floats_drawer_idx" ON "drawer_floats" USING btree ("user_fk","closing_fk");
CREATE TABLE "account_month_balances" (
	"account_id" integer NOT NULL,
	"month" date NOT NULL,
	"debit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"sys_debit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"sys_credit" numeric(24, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_month_balances_account_id_month_pk" PRIMARY KEY("account_id","month"),
	CONSTRAINT "account_month_balances_first_day" CHECK (extract(day from "account_month_balances"."month") = 1)
);
--> statement-breakpoint
ALTER TABLE "account_month_balances" ADD CONSTRAINT "account_month_balances_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_month_balances_month_idx" ON "account_month_balances" USING btree ("month");--> statement-breakpoint
-- The months of the balances already written.
INSERT INTO "account_month_balances" ("account_id", "month", "debit", "credit", "sys_debit", "sys_credit")
SELECT "account_id", date_trunc('month', "day")::date, sum("debit"), sum("credit"), sum("sys_debit"), sum("sys_credit")
  FROM "account_balances" GROUP BY 1, 2;

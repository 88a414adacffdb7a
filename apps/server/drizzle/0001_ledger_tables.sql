CREATE TABLE "cash_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"cash_type" integer DEFAULT 1 NOT NULL,
	"account_no" text,
	"bank_name" text,
	"note" text,
	"created_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_accounts_type_check" CHECK ("cash_accounts"."cash_type" in (1,2,3))
);
--> statement-breakpoint
CREATE TABLE "cash_transactions" (
	"transaction_id" serial PRIMARY KEY NOT NULL,
	"transaction_no" text,
	"from_account_fk" integer NOT NULL,
	"to_account_fk" integer NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"foreign_amount" numeric(20, 3) NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"rate_in" numeric(20, 4) NOT NULL,
	"rate_out" numeric(20, 4) NOT NULL,
	"last_rate_in" numeric(20, 4),
	"last_rate_out" numeric(20, 4),
	"date" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cash_transactions_accounts_differ" CHECK ("cash_transactions"."from_account_fk" <> "cash_transactions"."to_account_fk"),
	CONSTRAINT "cash_transactions_positive" CHECK ("cash_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "expense_types" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	"account_fk" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"type_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"cash_amount" numeric(20, 3) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"payment_time" text NOT NULL,
	"reference_no" text,
	"note" text,
	"attachment" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "expenses_amount_min" CHECK ("expenses"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "income_types" (
	"type_id" serial PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	"account_fk" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text,
	"type_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"cash_amount" numeric(20, 3) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"payment_time" text NOT NULL,
	"reference_no" text,
	"note" text,
	"attachment" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incomes_amount_min" CHECK ("incomes"."amount" >= 1)
);
--> statement-breakpoint
CREATE TABLE "account_balances" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"debit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"sys_debit" numeric(24, 4) DEFAULT '0' NOT NULL,
	"sys_credit" numeric(24, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "account_balances_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"entry_id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"source_type" text NOT NULL,
	"source_id" integer NOT NULL,
	"description" text,
	"reversal_of" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"rate" numeric(20, 4) DEFAULT '1' NOT NULL,
	"sys_debit" numeric(20, 4) DEFAULT '0' NOT NULL,
	"sys_credit" numeric(20, 4) DEFAULT '0' NOT NULL,
	CONSTRAINT "journal_lines_non_negative" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and "journal_lines"."sys_debit" >= 0 and "journal_lines"."sys_credit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "opening_balances" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "opening_balances_single_row" CHECK ("opening_balances"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "consumer_transactions" (
	"transaction_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"transaction_no" text,
	"consumer_fk" integer NOT NULL,
	"account_fk" integer NOT NULL,
	"currency_id" integer NOT NULL,
	"rate" numeric(20, 4) NOT NULL,
	"amount" numeric(20, 3) NOT NULL,
	"cash_amount" numeric(20, 3) NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"note" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumer_transactions_kind_check" CHECK ("consumer_transactions"."kind" in ('customer','supplier')),
	CONSTRAINT "consumer_transactions_positive" CHECK ("consumer_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "consumers" (
	"consumer_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"consumer_name" text NOT NULL,
	"code" text,
	"mobile" text,
	"office_phone" text,
	"address" text,
	"note" text,
	"allowed_debit_amount" numeric(20, 3),
	"pricing_profile_fk" integer,
	"pending_amount" numeric(20, 3),
	"overdue_days" integer,
	"overdue_type" text,
	"balance_status" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"account_fk" integer,
	"account_usd_fk" integer,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consumers_kind_check" CHECK ("consumers"."kind" in ('customer','supplier')),
	CONSTRAINT "consumers_overdue_type_check" CHECK ("consumers"."overdue_type" is null or "consumers"."overdue_type" in ('all','custom')),
	CONSTRAINT "consumers_balance_status_check" CHECK ("consumers"."balance_status" is null or "consumers"."balance_status" in ('positive','negative'))
);
--> statement-breakpoint
ALTER TABLE "cash_accounts" ADD CONSTRAINT "cash_accounts_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_transactions" ADD CONSTRAINT "cash_transactions_from_account_fk_accounts_account_id_fk" FOREIGN KEY ("from_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_transactions" ADD CONSTRAINT "cash_transactions_to_account_fk_accounts_account_id_fk" FOREIGN KEY ("to_account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_types" ADD CONSTRAINT "expense_types_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_type_fk_expense_types_type_id_fk" FOREIGN KEY ("type_fk") REFERENCES "public"."expense_types"("type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_types" ADD CONSTRAINT "income_types_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_type_fk_income_types_type_id_fk" FOREIGN KEY ("type_fk") REFERENCES "public"."income_types"("type_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomes" ADD CONSTRAINT "incomes_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_balances" ADD CONSTRAINT "account_balances_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_entry_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("entry_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_transactions" ADD CONSTRAINT "consumer_transactions_consumer_fk_consumers_consumer_id_fk" FOREIGN KEY ("consumer_fk") REFERENCES "public"."consumers"("consumer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_transactions" ADD CONSTRAINT "consumer_transactions_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumer_transactions" ADD CONSTRAINT "consumer_transactions_currency_id_currencies_currency_id_fk" FOREIGN KEY ("currency_id") REFERENCES "public"."currencies"("currency_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_account_fk_accounts_account_id_fk" FOREIGN KEY ("account_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consumers" ADD CONSTRAINT "consumers_account_usd_fk_accounts_account_id_fk" FOREIGN KEY ("account_usd_fk") REFERENCES "public"."accounts"("account_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_transactions_date_idx" ON "cash_transactions" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "expense_types_type_name_unique" ON "expense_types" USING btree (lower("type_name"));--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "income_types_type_name_unique" ON "income_types" USING btree (lower("type_name"));--> statement-breakpoint
CREATE INDEX "incomes_date_idx" ON "incomes" USING btree ("date");--> statement-breakpoint
CREATE INDEX "account_balances_day_idx" ON "account_balances" USING btree ("day");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("date");--> statement-breakpoint
CREATE INDEX "journal_entries_reversal_idx" ON "journal_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "consumer_transactions_consumer_idx" ON "consumer_transactions" USING btree ("consumer_fk");--> statement-breakpoint
CREATE INDEX "consumer_transactions_date_idx" ON "consumer_transactions" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "consumers_consumer_name_unique" ON "consumers" USING btree ("kind",lower("consumer_name"));--> statement-breakpoint
CREATE UNIQUE INDEX "consumers_code_unique" ON "consumers" USING btree ("kind","code");
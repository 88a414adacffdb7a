CREATE TABLE "sale_transfer_invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"transfer_line_fk" integer NOT NULL,
	"sale_fk" integer NOT NULL,
	"quantity" numeric(20, 4) NOT NULL,
	CONSTRAINT "sale_transfer_invoice_lines_qty_positive" CHECK ("sale_transfer_invoice_lines"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "purchase_charges" ALTER COLUMN "consumer_fk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "sale_transfer_invoice_lines" ADD CONSTRAINT "sale_transfer_invoice_lines_transfer_line_fk_sale_transfer_lines_line_id_fk" FOREIGN KEY ("transfer_line_fk") REFERENCES "public"."sale_transfer_lines"("line_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_transfer_invoice_lines" ADD CONSTRAINT "sale_transfer_invoice_lines_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_transfer_invoice_lines_line_idx" ON "sale_transfer_invoice_lines" USING btree ("transfer_line_fk");--> statement-breakpoint
CREATE INDEX "sale_transfer_invoice_lines_sale_idx" ON "sale_transfer_invoice_lines" USING btree ("sale_fk");--> statement-breakpoint
ALTER TABLE "purchase_charges" ADD CONSTRAINT "purchase_charges_supplier_or_cash" CHECK ("purchase_charges"."consumer_fk" is not null or "purchase_charges"."payment_type" = 'Cash');
ALTER TABLE "pos_sale_info" DROP CONSTRAINT "pos_sale_info_kind_sale_fk_pk";--> statement-breakpoint
ALTER TABLE "pos_sale_info" ALTER COLUMN "sale_fk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD COLUMN "sale_return_fk" integer;--> statement-breakpoint
-- A return's row held its sale return's id in sale_fk: it moves to sale_return_fk, and sale_fk is
-- left null (the returned sale is the sale return's own sale_fk). A row whose document is gone (a
-- till's return deleted from the sale returns, which nothing stopped before) is dropped: its
-- refund was reversed with it, and a closing keeps its own totals.
UPDATE "pos_sale_info" SET "sale_return_fk" = "sale_fk", "sale_fk" = NULL WHERE "kind" = 'return';--> statement-breakpoint
DELETE FROM "pos_sale_info" pi
 WHERE (pi."kind" = 'return' AND NOT EXISTS (SELECT 1 FROM "sale_returns" r WHERE r."id" = pi."sale_return_fk"))
    OR (pi."kind" = 'sale' AND NOT EXISTS (SELECT 1 FROM "sales" s WHERE s."id" = pi."sale_fk"));--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_sale_fk_sales_id_fk" FOREIGN KEY ("sale_fk") REFERENCES "public"."sales"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_sale_return_fk_sale_returns_id_fk" FOREIGN KEY ("sale_return_fk") REFERENCES "public"."sale_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sale_info_sale_unique" ON "pos_sale_info" USING btree ("sale_fk");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_sale_info_sale_return_unique" ON "pos_sale_info" USING btree ("sale_return_fk");--> statement-breakpoint
ALTER TABLE "pos_sale_info" ADD CONSTRAINT "pos_sale_info_document" CHECK (("pos_sale_info"."kind" = 'sale' and "pos_sale_info"."sale_fk" is not null and "pos_sale_info"."sale_return_fk" is null)
       or ("pos_sale_info"."kind" = 'return' and "pos_sale_info"."sale_return_fk" is not null and "pos_sale_info"."sale_fk" is null));
-- pg_trgm: trigram indexes, so a search finds a word anywhere in an item name.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "items_search_name_trgm_idx" ON "items" USING gin ("search_name" gin_trgm_ops);

-- Every change to what an item look-up answers (items, their units and barcodes, unit names) is
-- announced on the channel catalogue_changed, once per statement, when its transaction commits;
-- each server process listening empties its kept look-ups (platform/noticed-cache.ts).
CREATE FUNCTION catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON items FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER item_units_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_units FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER item_barcodes_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_barcodes FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER units_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON units FOR EACH STATEMENT EXECUTE FUNCTION catalogue_changed();

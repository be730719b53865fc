CREATE TABLE "admin_product_keys" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"price_cents" integer NOT NULL,
	"total_stock" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Issue 29 (docs/decisions/015): the admin product table sorted or filtered by stock read the whole catalog, as no
-- index on products may read total_stock (migration 0019: a sale stays a HOT update). This narrow copy of the admin's
-- filter and sort keys is kept by triggers in the writer's transaction: inserts and deletes per statement (transition
-- tables), an update per row only when a key changed (a row trigger with a column list and a WHEN condition, so a
-- description or image edit never calls it; a sale does, and rewrites one short row). The triggers are created before
-- the copy is filled: CREATE TRIGGER locks products against writes until the migration commits, so no write falls
-- between the copy and its triggers.
CREATE FUNCTION "admin_product_keys_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "admin_product_keys" ("product_id", "category", "title", "price_cents", "total_stock", "created_at")
    SELECT "id", "category", "title",
           CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END, "total_stock", "created_at"
    FROM "new_products";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_product_keys_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "admin_product_keys" k USING "old_products" o WHERE k."product_id" = o."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_product_keys_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "admin_product_keys" SET
    "category" = NEW."category",
    "title" = NEW."title",
    "price_cents" = CASE WHEN NEW."sale_price_cents" > 0 THEN NEW."sale_price_cents" ELSE NEW."price_cents" END,
    "total_stock" = NEW."total_stock",
    "created_at" = NEW."created_at"
  WHERE "product_id" = NEW."id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "admin_product_keys_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "admin_product_keys";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "admin_product_keys_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "admin_product_keys_insert"();
--> statement-breakpoint
CREATE TRIGGER "admin_product_keys_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_products" FOR EACH STATEMENT EXECUTE FUNCTION "admin_product_keys_delete"();
--> statement-breakpoint
CREATE TRIGGER "admin_product_keys_update"
  AFTER UPDATE OF "category", "title", "price_cents", "sale_price_cents", "total_stock", "created_at" ON "products"
  FOR EACH ROW WHEN ((OLD."category", OLD."title", OLD."price_cents", OLD."sale_price_cents", OLD."total_stock", OLD."created_at")
    IS DISTINCT FROM (NEW."category", NEW."title", NEW."price_cents", NEW."sale_price_cents", NEW."total_stock", NEW."created_at"))
  EXECUTE FUNCTION "admin_product_keys_update"();
--> statement-breakpoint
CREATE TRIGGER "admin_product_keys_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "admin_product_keys_clear"();
--> statement-breakpoint
INSERT INTO "admin_product_keys" ("product_id", "category", "title", "price_cents", "total_stock", "created_at")
  SELECT "id", "category", "title", CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END,
         "total_stock", "created_at"
  FROM "products";
--> statement-breakpoint
ANALYZE "admin_product_keys";
--> statement-breakpoint
-- Stock ascending's first pages and the out-of-stock filter read admin_product_keys now.
DROP INDEX "products_sold_out_id_idx";--> statement-breakpoint
-- Each index holds the stock sorts' order, then the newest and price keys: a stock filter's rows sort for the default
-- and price orders from the index alone (index-only, once autovacuum has marked the new table's pages all-visible).
CREATE INDEX "admin_product_keys_stock_idx" ON "admin_product_keys" USING btree ("total_stock","product_id","created_at","price_cents");--> statement-breakpoint
CREATE INDEX "admin_product_keys_category_stock_idx" ON "admin_product_keys" USING btree ("category","total_stock","product_id","created_at","price_cents");

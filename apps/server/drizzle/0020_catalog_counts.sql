CREATE TABLE "catalog_counts" (
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"option_facets" text[] NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalog_counts_category_brand_option_facets_pk" PRIMARY KEY("category","brand","option_facets")
);
--> statement-breakpoint
-- Issue 29 (docs/decisions/015): the listing's totals and facet counts are sums over catalog_counts instead of counts
-- over a million products. Inserts and deletes are counted per statement (transition tables: a batch insert is one
-- upsert per group); an update counts only when it moves a product to another group (a row trigger with a column list
-- and a WHEN condition, so a sale or a price change never calls it). Upserts run in key order, so concurrent writers
-- lock shared rows in the same order.
CREATE FUNCTION "catalog_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("category", "brand", "option_facets", "products")
    SELECT "category", "brand", "option_facets", count(*)::int FROM "new_products" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("category", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("category", "brand", "option_facets", "products")
    SELECT "category", "brand", "option_facets", -count(*)::int FROM "old_products" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("category", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  DELETE FROM "catalog_counts" WHERE "products" <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("category", "brand", "option_facets", "products")
    SELECT * FROM (VALUES (OLD."category", OLD."brand", OLD."option_facets", -1),
                          (NEW."category", NEW."brand", NEW."option_facets", 1)) v ORDER BY 1, 2, 3
    ON CONFLICT ("category", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  DELETE FROM "catalog_counts"
    WHERE ("category", "brand", "option_facets") = (OLD."category", OLD."brand", OLD."option_facets") AND "products" <= 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalog_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "catalog_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "catalog_counts_insert" AFTER INSERT ON "products"
  REFERENCING NEW TABLE AS "new_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_insert"();
--> statement-breakpoint
CREATE TRIGGER "catalog_counts_delete" AFTER DELETE ON "products"
  REFERENCING OLD TABLE AS "old_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_delete"();
--> statement-breakpoint
CREATE TRIGGER "catalog_counts_move" AFTER UPDATE OF "category", "brand", "option_facets" ON "products"
  FOR EACH ROW WHEN ((OLD."category", OLD."brand", OLD."option_facets") IS DISTINCT FROM (NEW."category", NEW."brand", NEW."option_facets"))
  EXECUTE FUNCTION "catalog_counts_move"();
--> statement-breakpoint
CREATE TRIGGER "catalog_counts_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_counts_clear"();
--> statement-breakpoint
INSERT INTO "catalog_counts" ("category", "brand", "option_facets", "products")
  SELECT "category", "brand", "option_facets", count(*)::int FROM "products" GROUP BY 1, 2, 3;

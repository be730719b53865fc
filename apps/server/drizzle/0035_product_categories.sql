-- Issue 40, item 3: a product may belong to up to three categories. `categories` lists them, the first always equal
-- to the spec's `category` (the products_categories trigger keeps the two in step on every write: a write naming only
-- `category` makes it the first of `categories`, keeping the others; a write naming `categories` sets `category` to
-- its first). Filters, counts, facets and search use all of them.
ALTER TABLE "products" ADD COLUMN "categories" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
UPDATE "products" SET "categories" = ARRAY["category"];--> statement-breakpoint
CREATE FUNCTION "products_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW."categories" IS DISTINCT FROM OLD."categories" AND cardinality(NEW."categories") > 0 THEN
    NEW."category" := NEW."categories"[1];
  ELSIF TG_OP = 'UPDATE' THEN
    NEW."categories" := ARRAY[NEW."category"] || array_remove(OLD."categories"[2:], NEW."category");
  ELSE
    NEW."categories" := ARRAY[NEW."category"] || array_remove(coalesce(NEW."categories", '{}'), NEW."category");
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
-- Named to run before products_search_documents (BEFORE triggers run in name order), which reads `categories`.
CREATE TRIGGER "products_categories"
  BEFORE INSERT OR UPDATE OF "category", "categories" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_categories"();--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_categories_first" CHECK (cardinality("categories") BETWEEN 1 AND 3 AND "categories"[1] = "category");--> statement-breakpoint
-- The search documents (migration 0019) and the vocabulary (0018) read every category. The backfill made
-- `categories` equal to `category`, so neither changes now.
CREATE OR REPLACE FUNCTION "products_search_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_document" := setweight(to_tsvector('english', NEW."title"), 'A')
    || setweight(to_tsvector('english', NEW."brand" || ' ' || array_to_string(NEW."categories", ' ') || ' ' || NEW."option_text"), 'B')
    || setweight(to_tsvector('english', NEW."description"), 'D');
  NEW."name_document" := setweight(to_tsvector('english', NEW."title"), 'A')
    || setweight(to_tsvector('english', NEW."brand" || ' ' || array_to_string(NEW."categories", ' ') || ' ' || NEW."option_text"), 'B');
  RETURN NEW;
END $$;--> statement-breakpoint
DROP TRIGGER "products_search_documents" ON "products";--> statement-breakpoint
CREATE TRIGGER "products_search_documents"
  BEFORE INSERT OR UPDATE OF "title", "brand", "category", "categories", "description", "option_text" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_documents"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    array(SELECT n.title || ' ' || n.brand || ' ' || array_to_string(n.categories, ' ') || ' ' || n.description || ' ' || n.option_text
          FROM new_products n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    '{}', array(SELECT o.title || ' ' || o.brand || ' ' || array_to_string(o.categories, ' ') || ' ' || o.description || ' ' || o.option_text
                FROM old_products o));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
BEGIN
  -- Stock, price and rating updates change no text: nothing to do.
  SELECT array_agg(n.title || ' ' || n.brand || ' ' || array_to_string(n.categories, ' ') || ' ' || n.description || ' ' || n.option_text),
    array_agg(o.title || ' ' || o.brand || ' ' || array_to_string(o.categories, ' ') || ' ' || o.description || ' ' || o.option_text)
  INTO added, removed
  FROM new_products n JOIN old_products o ON o.id = n.id
  WHERE (n.title, n.brand, n.categories, n.description, n.option_text)
    IS DISTINCT FROM (o.title, o.brand, o.categories, o.description, o.option_text);
  IF added IS NOT NULL THEN
    PERFORM search_vocabulary_change(added, removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- catalog_counts (migration 0020) groups by the whole list of categories: a filter by one or more categories sums
-- the groups that hold any of them, each product once. The trigger functions are the same but for that key.
DROP TRIGGER "catalog_counts_move" ON "products";--> statement-breakpoint
DROP TABLE "catalog_counts";--> statement-breakpoint
CREATE TABLE "catalog_counts" (
	"categories" text[] NOT NULL,
	"brand" text NOT NULL,
	"option_facets" text[] NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "catalog_counts_categories_brand_option_facets_pk" PRIMARY KEY("categories","brand","option_facets")
);--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("categories", "brand", "option_facets", "products")
    SELECT "categories", "brand", "option_facets", count(*)::int FROM "new_products" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("categories", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("categories", "brand", "option_facets", "products")
    SELECT "categories", "brand", "option_facets", -count(*)::int FROM "old_products" GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT ("categories", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  DELETE FROM "catalog_counts" WHERE "products" <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalog_counts_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_counts" AS c ("categories", "brand", "option_facets", "products")
    SELECT * FROM (VALUES (OLD."categories", OLD."brand", OLD."option_facets", -1),
                          (NEW."categories", NEW."brand", NEW."option_facets", 1)) v ORDER BY 1, 2, 3
    ON CONFLICT ("categories", "brand", "option_facets") DO UPDATE SET "products" = c."products" + excluded."products";
  DELETE FROM "catalog_counts"
    WHERE ("categories", "brand", "option_facets") = (OLD."categories", OLD."brand", OLD."option_facets") AND "products" <= 0;
  RETURN NULL;
END $$;--> statement-breakpoint
-- `category` in the column list: a write naming only it changes `categories` through products_categories.
CREATE TRIGGER "catalog_counts_move" AFTER UPDATE OF "category", "categories", "brand", "option_facets" ON "products"
  FOR EACH ROW WHEN ((OLD."categories", OLD."brand", OLD."option_facets") IS DISTINCT FROM (NEW."categories", NEW."brand", NEW."option_facets"))
  EXECUTE FUNCTION "catalog_counts_move"();--> statement-breakpoint
INSERT INTO "catalog_counts" ("categories", "brand", "option_facets", "products")
  SELECT "categories", "brand", "option_facets", count(*)::int FROM "products" GROUP BY 1, 2, 3;--> statement-breakpoint
-- Issue 40, item 2: an empty search offers the most reviewed products in stock, read off this index.
CREATE INDEX "products_popular_idx" ON "products" USING btree ("sold_out","reviews_count" DESC,"id");

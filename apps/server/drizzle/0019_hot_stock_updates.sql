-- Issue 29: a sale is a HOT update. Each sale moves a variant's stock, and a trigger moves its product's total_stock
-- (migration 0017). The twelve listing indexes led with expressions over total_stock (0008), so every sale wrote a
-- new entry into each of the product's ~20 indexes, GIN search indexes included, and recomputed both search
-- documents (stored generated columns are recomputed by every UPDATE). The indexes now lead with sold_out, which
-- changes only when stock crosses zero, and the search documents are kept by a trigger that runs only when their
-- words change; fillfactor (set before the column rewrites the table) leaves room in each page for the new row
-- version that a HOT update writes beside the old.
DROP INDEX "products_stock_price_idx";--> statement-breakpoint
DROP INDEX "products_stock_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_stock_title_idx";--> statement-breakpoint
DROP INDEX "products_stock_title_desc_idx";--> statement-breakpoint
DROP INDEX "products_category_stock_price_idx";--> statement-breakpoint
DROP INDEX "products_category_stock_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_category_stock_title_idx";--> statement-breakpoint
DROP INDEX "products_category_stock_title_desc_idx";--> statement-breakpoint
DROP INDEX "products_brand_stock_price_idx";--> statement-breakpoint
DROP INDEX "products_brand_stock_price_desc_idx";--> statement-breakpoint
DROP INDEX "products_brand_stock_title_idx";--> statement-breakpoint
DROP INDEX "products_brand_stock_title_desc_idx";--> statement-breakpoint
ALTER TABLE "products" SET (fillfactor = 85);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sold_out" boolean GENERATED ALWAYS AS (total_stock = 0) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_stock_price_idx" ON "products" USING btree ("sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_stock_price_desc_idx" ON "products" USING btree ("sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_stock_title_idx" ON "products" USING btree ("sold_out","title","id");
--> statement-breakpoint
CREATE INDEX "products_stock_title_desc_idx" ON "products" USING btree ("sold_out" DESC NULLS FIRST,"title","id");
--> statement-breakpoint
CREATE INDEX "products_category_stock_price_idx" ON "products" USING btree ("category","sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_category_stock_price_desc_idx" ON "products" USING btree ("category","sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_category_stock_title_idx" ON "products" USING btree ("category","sold_out","title","id");
--> statement-breakpoint
CREATE INDEX "products_category_stock_title_desc_idx" ON "products" USING btree ("category","sold_out" DESC NULLS FIRST,"title","id");
--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_idx" ON "products" USING btree ("brand","sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_desc_idx" ON "products" USING btree ("brand","sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");
--> statement-breakpoint
CREATE INDEX "products_brand_stock_title_idx" ON "products" USING btree ("brand","sold_out","title","id");
--> statement-breakpoint
CREATE INDEX "products_brand_stock_title_desc_idx" ON "products" USING btree ("brand","sold_out" DESC NULLS FIRST,"title","id");
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_document" DROP EXPRESSION;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "name_document" DROP EXPRESSION;
--> statement-breakpoint
CREATE FUNCTION "products_search_documents"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The documents the generated columns of migration 0018 computed, now only when their words change.
  NEW."search_document" := setweight(to_tsvector('english', NEW."title"), 'A')
    || setweight(to_tsvector('english', NEW."brand" || ' ' || NEW."category" || ' ' || NEW."option_text"), 'B')
    || setweight(to_tsvector('english', NEW."description"), 'D');
  NEW."name_document" := setweight(to_tsvector('english', NEW."title"), 'A')
    || setweight(to_tsvector('english', NEW."brand" || ' ' || NEW."category" || ' ' || NEW."option_text"), 'B');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_documents"
  BEFORE INSERT OR UPDATE OF "title", "brand", "category", "description", "option_text" ON "products"
  FOR EACH ROW EXECUTE FUNCTION "products_search_documents"();

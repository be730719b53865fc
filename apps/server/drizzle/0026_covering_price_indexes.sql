-- Issue 29: the price indexes carry the columns of the effective price (INCLUDE), so that reading ids, stock state and
-- prices in price order is an index-only scan. PostgreSQL answers from an expression index alone only when the
-- expression's own columns are in it (PostgreSQL documentation, 11.9 "Index-Only Scans and Covering Indexes"): the
-- listing's walk to page 2,000 by price read 45,859 table pages (1.7 s from disk, 158 ms from the page cache) where
-- the same walk by title, whose index holds its key, read none (22 ms). Neither column changes in a sale, and both
-- were indexed already (in the expression), so a sale stays a HOT update (migration 0019). Each index is dropped and
-- built again under its name inside the migration's transaction, which holds the table until it commits (10.6 s at a
-- million products). Drizzle's index builder has no INCLUDE: schema.ts names these indexes, this migration gives them
-- their included columns.
DROP INDEX "products_effective_price_idx";--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ((CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_category_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_stock_price_idx";--> statement-breakpoint
CREATE INDEX "products_stock_price_idx" ON "products" USING btree ("sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_stock_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_stock_price_desc_idx" ON "products" USING btree ("sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_category_stock_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_stock_price_idx" ON "products" USING btree ("category","sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_category_stock_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_category_stock_price_desc_idx" ON "products" USING btree ("category","sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_brand_stock_price_idx";--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_idx" ON "products" USING btree ("brand","sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_brand_stock_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_desc_idx" ON "products" USING btree ("brand","sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_category_brand_stock_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_brand_stock_price_idx" ON "products" USING btree ("category","brand","sold_out",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");
--> statement-breakpoint
DROP INDEX "products_category_brand_stock_price_desc_idx";--> statement-breakpoint
CREATE INDEX "products_category_brand_stock_price_desc_idx" ON "products" USING btree ("category","brand","sold_out" DESC NULLS FIRST,(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id") INCLUDE ("price_cents","sale_price_cents");

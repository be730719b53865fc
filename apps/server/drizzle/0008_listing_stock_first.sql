DROP INDEX "products_brand_price_idx";--> statement-breakpoint
DROP INDEX "products_brand_title_idx";--> statement-breakpoint
CREATE INDEX "products_stock_price_idx" ON "products" USING btree (("total_stock" = 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_stock_price_desc_idx" ON "products" USING btree (("total_stock" > 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_stock_title_idx" ON "products" USING btree (("total_stock" = 0),"title","id");--> statement-breakpoint
CREATE INDEX "products_stock_title_desc_idx" ON "products" USING btree (("total_stock" > 0),"title","id");--> statement-breakpoint
CREATE INDEX "products_category_stock_price_idx" ON "products" USING btree ("category",("total_stock" = 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_category_stock_price_desc_idx" ON "products" USING btree ("category",("total_stock" > 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_category_stock_title_idx" ON "products" USING btree ("category",("total_stock" = 0),"title","id");--> statement-breakpoint
CREATE INDEX "products_category_stock_title_desc_idx" ON "products" USING btree ("category",("total_stock" > 0),"title","id");--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_idx" ON "products" USING btree ("brand",("total_stock" = 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_brand_stock_price_desc_idx" ON "products" USING btree ("brand",("total_stock" > 0),(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_brand_stock_title_idx" ON "products" USING btree ("brand",("total_stock" = 0),"title","id");--> statement-breakpoint
CREATE INDEX "products_brand_stock_title_desc_idx" ON "products" USING btree ("brand",("total_stock" > 0),"title","id");
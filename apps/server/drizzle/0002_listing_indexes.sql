CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_brand_price_idx" ON "products" USING btree ("brand",(CASE WHEN "sale_price_cents" > 0 THEN "sale_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_category_title_idx" ON "products" USING btree ("category","title","id");--> statement-breakpoint
CREATE INDEX "products_brand_title_idx" ON "products" USING btree ("brand","title","id");
CREATE INDEX "orders_id_suffix_idx" ON "orders" USING btree (reverse("id"::text) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_refund_due_idx" ON "orders" USING btree ("order_date") WHERE "orders"."order_status" = 'Cancelled' and "orders"."payment_status" in ('completed', 'partially_refunded') and "orders"."refund_reserved_cents" < "orders"."total_cents";--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_admin_search_idx" ON "products" USING gin (lower("title" || ' ' || "brand") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_sold_out_id_idx" ON "products" USING btree ("id") WHERE "products"."sold_out";--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("user_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);
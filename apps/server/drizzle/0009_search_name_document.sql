DROP INDEX "products_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "brand" || ' ' || "category"), 'B')) STORED;--> statement-breakpoint
CREATE INDEX "products_name_document_idx" ON "products" USING gin ("name_document");
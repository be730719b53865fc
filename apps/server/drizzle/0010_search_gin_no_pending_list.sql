ALTER INDEX "products_search_document_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "products_name_document_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_document_idx'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('products_name_document_idx'::regclass);

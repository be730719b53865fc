ALTER TABLE "products" drop column "search_document";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "brand" || ' ' || "category" || ' ' || "option_text"), 'B') || setweight(to_tsvector('english', "description"), 'D')) STORED;--> statement-breakpoint
ALTER TABLE "products" drop column "name_document";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_document" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', "title"), 'A') || setweight(to_tsvector('english', "brand" || ' ' || "category" || ' ' || "option_text"), 'B')) STORED;--> statement-breakpoint
-- Issue 28: search finds a product by its option words ("red hoodie", "size 42"). Dropping the generated columns
-- dropped their full-text indexes: built again as migrations 0009 and 0010 left them (GIN without a pending list).
CREATE INDEX "products_search_document_idx" ON "products" USING gin ("search_document") WITH (fastupdate = false);--> statement-breakpoint
CREATE INDEX "products_name_document_idx" ON "products" USING gin ("name_document") WITH (fastupdate = false);--> statement-breakpoint
-- The vocabulary (migration 0007) holds the option words too, so they are corrected, completed and planned like any
-- other catalog word: the triggers read option_text with the other texts, and the vocabulary is counted again.
CREATE OR REPLACE FUNCTION search_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    array(SELECT n.title || ' ' || n.brand || ' ' || n.category || ' ' || n.description || ' ' || n.option_text
          FROM new_products n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    '{}', array(SELECT o.title || ' ' || o.brand || ' ' || o.category || ' ' || o.description || ' ' || o.option_text
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
  SELECT array_agg(n.title || ' ' || n.brand || ' ' || n.category || ' ' || n.description || ' ' || n.option_text),
    array_agg(o.title || ' ' || o.brand || ' ' || o.category || ' ' || o.description || ' ' || o.option_text)
  INTO added, removed
  FROM new_products n JOIN old_products o ON o.id = n.id
  WHERE (n.title, n.brand, n.category, n.description, n.option_text)
    IS DISTINCT FROM (o.title, o.brand, o.category, o.description, o.option_text);
  IF added IS NOT NULL THEN
    PERFORM search_vocabulary_change(added, removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DELETE FROM search_vocabulary;--> statement-breakpoint
INSERT INTO search_vocabulary (term, phrase, doc_count)
SELECT t.term, t.phrase, count(*)
FROM products p,
  LATERAL search_phrases(p.title || ' ' || p.brand || ' ' || p.category || ' ' || p.description || ' ' || p.option_text) t
GROUP BY 1, 2;--> statement-breakpoint
UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;

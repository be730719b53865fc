CREATE TABLE "search_synonyms" (
	"term" text NOT NULL,
	"synonym" text NOT NULL,
	CONSTRAINT "search_synonyms_term_synonym_pk" PRIMARY KEY("term","synonym")
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary" (
	"term" text NOT NULL,
	"phrase" text NOT NULL,
	"doc_count" integer NOT NULL,
	CONSTRAINT "search_vocabulary_term_phrase_pk" PRIMARY KEY("term","phrase")
);
--> statement-breakpoint
CREATE TABLE "search_vocabulary_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "search_vocabulary_state_single_row" CHECK ("search_vocabulary_state"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "search_vocabulary_unused_idx" ON "search_vocabulary" USING btree ("term") WHERE "search_vocabulary"."doc_count" <= 0;--> statement-breakpoint
-- Search vocabulary (docs/decisions/006-search.md): the folding and word splitting that search also applies to queries
-- (modules/search/vocabulary.ts mirrors search_fold), and statement-level triggers that keep the vocabulary exact for
-- every writer. Statement-level with transition tables, so a batch insert of 1000 products costs one upsert.
CREATE FUNCTION search_fold(word text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(
    replace(replace(replace(replace(replace(replace(replace(replace(replace(
      translate(lower(word), 'ÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝàáâãäåçèéêëìíîïðñòóôõöøùúûüýÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſ', 'aaaaaaceeeeiiiidnoooooouuuuyaaaaaaceeeeiiiidnoooooouuuuyyaaaaaaccccccccddddeeeeeeeeeegggggggghhhhiiiiiiiiiijjkkkllllllllllnnnnnnnnnoooooorrrrrrssssssssttttttuuuuuuuuuuuuwwyyyzzzzzzs'),
      'ß', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'), 'þ', 'th'), 'Þ', 'th'), 'ĳ', 'ij'), 'Ĳ', 'ij'),
    '[[:punct:][:space:]’‘“”«»]', '', 'g')
$$;--> statement-breakpoint
CREATE FUNCTION search_phrases(doc text) RETURNS TABLE (term text, phrase text)
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  WITH words AS (
    SELECT DISTINCT regexp_replace(w, '^[[:punct:]’‘“”«»]+|[[:punct:]’‘“”«»]+$', '', 'g') AS w
    FROM regexp_split_to_table(lower(doc), '[[:space:]/(),;:!?"“”«»|]+') AS w
  ), phrases AS (
    SELECT w AS phrase FROM words
    UNION
    SELECT p FROM words, regexp_split_to_table(w, '[[:punct:]’‘]+') AS p WHERE w ~ '[[:punct:]’‘]'
  )
  SELECT search_fold(phrase), phrase FROM phrases WHERE search_fold(phrase) <> ''
$$;--> statement-breakpoint
CREATE FUNCTION search_vocabulary_change(added text[], removed text[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  inserted bigint := 0;
  deleted bigint := 0;
BEGIN
  WITH docs AS (
    SELECT 1 AS sign, d FROM unnest(added) AS d
    UNION ALL
    SELECT -1, d FROM unnest(removed) AS d
  ), delta AS (
    SELECT t.term, t.phrase, sum(docs.sign)::int AS n
    FROM docs, LATERAL search_phrases(docs.d) t
    GROUP BY 1, 2 HAVING sum(docs.sign) <> 0
  ), up AS (
    -- In a fixed order, so that concurrent writers lock shared words in the same order (no deadlock).
    INSERT INTO search_vocabulary AS v (term, phrase, doc_count)
    SELECT term, phrase, n FROM delta ORDER BY term, phrase
    ON CONFLICT (term, phrase) DO UPDATE SET doc_count = v.doc_count + excluded.doc_count
    RETURNING (xmax = 0) AS is_new
  )
  SELECT count(*) FILTER (WHERE is_new) INTO inserted FROM up;
  DELETE FROM search_vocabulary WHERE doc_count <= 0;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  -- Servers reload their copy of the vocabulary when a word appears or disappears (counts alone do not matter).
  IF inserted + deleted > 0 THEN
    UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  END IF;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_vocabulary_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    array(SELECT n.title || ' ' || n.brand || ' ' || n.category || ' ' || n.description FROM new_products n), '{}');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_vocabulary_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_vocabulary_change(
    '{}', array(SELECT o.title || ' ' || o.brand || ' ' || o.category || ' ' || o.description FROM old_products o));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_vocabulary_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[];
  removed text[];
BEGIN
  -- Stock, price and rating updates change no text: nothing to do.
  SELECT array_agg(n.title || ' ' || n.brand || ' ' || n.category || ' ' || n.description),
    array_agg(o.title || ' ' || o.brand || ' ' || o.category || ' ' || o.description)
  INTO added, removed
  FROM new_products n JOIN old_products o ON o.id = n.id
  WHERE (n.title, n.brand, n.category, n.description) IS DISTINCT FROM (o.title, o.brand, o.category, o.description);
  IF added IS NOT NULL THEN
    PERFORM search_vocabulary_change(added, removed);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION search_vocabulary_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_vocabulary;
  UPDATE search_vocabulary_state SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_insert();--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_products FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_delete();--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_update();--> statement-breakpoint
CREATE TRIGGER products_search_vocabulary_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION search_vocabulary_clear();--> statement-breakpoint
INSERT INTO search_vocabulary_state (id, version) VALUES (1, 1);--> statement-breakpoint
INSERT INTO search_vocabulary (term, phrase, doc_count)
SELECT t.term, t.phrase, count(*)
FROM products p, LATERAL search_phrases(p.title || ' ' || p.brand || ' ' || p.category || ' ' || p.description) t
GROUP BY 1, 2;--> statement-breakpoint
-- Brand and category synonyms the demo catalog implies; an admin may add rows (term: folded, without punctuation).
INSERT INTO search_synonyms (term, synonym) VALUES
  ('tv', 'television'), ('television', 'tv'), ('televisions', 'tv'),
  ('loreal', 'l''oréal'), ('underarmour', 'under armour'), ('ua', 'under armour'),
  ('northface', 'the north face'), ('tnf', 'the north face'), ('hm', 'h&m'), ('lv', 'louis vuitton'),
  ('fridge', 'refrigerator'), ('refrigerator', 'fridge'), ('perfume', 'parfum'), ('fragrance', 'parfum'),
  ('tee', 't-shirt'), ('tshirt', 'tee'), ('sneaker', 'trainer'), ('trainer', 'sneaker'),
  ('earphones', 'earbuds'), ('earphone', 'earbuds'), ('headset', 'headphones'), ('notebook', 'laptop'),
  ('smartphone', 'iphone'), ('smartphone', 'galaxy s25'), ('phone', 'iphone'), ('phone', 'galaxy s25'),
  ('cellphone', 'iphone'), ('cellphone', 'galaxy s25'), ('makeup', 'beauty'), ('cosmetics', 'beauty'),
  ('sweater', 'sweatshirt'), ('jumper', 'sweatshirt'), ('pants', 'trousers'), ('trousers', 'pants'),
  ('tracksuit', 'track'), ('purse', 'bag'), ('handbag', 'bag');

-- One page of search results (modules/search/postgres-provider.ts; docs/decisions/006-search.md), as a PL/pgSQL
-- function so that the statement is parsed, analysed and planned once per database connection instead of on every
-- search: PL/pgSQL keeps each statement's plan, and forcing the generic plan makes later calls skip the planner. On
-- 100k products that planning was 2-3 ms of every search on PGlite, which can reuse no plan for a client's statement.
--
-- Arguments: the plan's tsquery texts (PostgreSQL's own phraseto_tsquery output combined with & | <->, never shopper
-- syntax): `exact` (every word without typos, null when a word has none), `all_words` (with corrections), `literal`
-- (the words as typed, null when unknown) and `best` (the alternatives with the fewest typos); `max_hits` caps each
-- tier and the whole (SEARCH_MAX_HITS); `page_limit` and `page_offset` pick the page.
--
-- Tiers, each stopped at `max_hits`: 1 every word without typos in the title, brand or category (name_document);
-- 2 with corrections there; 3 without typos anywhere, description included (search_document); 4 with corrections
-- anywhere. Within a tier: ts_rank with weights {description 0.1, -, brand and category 0.5, title 1.0} of the words
-- as typed (counted double) and of the best alternatives; ties by id, so pages are stable.
--
-- Returns one row per product of the page in order (`hit_rank` from 1), each with the number of matches
-- (`hit_total`, up to `max_hits`) and the vocabulary version; with no product on the page, one row with a null
-- product, so the count and the version always come back.

-- The score of one product within its tier (see search_page): inlined into the caller's plan. Double precision, as
-- ts_rank times a number computes it, so that close scores are not rounded into ties.
CREATE FUNCTION search_score(document tsvector, scoring integer, literal tsquery, best tsquery)
RETURNS double precision
LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$
  SELECT ts_rank('{0.1, 0.2, 0.5, 1.0}', document, best) * CASE scoring WHEN 1 THEN 3 ELSE 1 END
       + CASE scoring WHEN 2 THEN ts_rank('{0.1, 0.2, 0.5, 1.0}', document, literal) * 2 ELSE 0 END
$$;--> statement-breakpoint
CREATE FUNCTION search_page(
  exact text,
  all_words text,
  literal text,
  best text,
  max_hits integer,
  page_limit integer,
  page_offset integer
) RETURNS TABLE (hit_rank integer, hit_total integer, vocabulary_version integer, product products)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
DECLARE
  q_exact tsquery := exact::tsquery;
  q_all tsquery := all_words::tsquery;
  q_literal tsquery := literal::tsquery;
  q_best tsquery := best::tsquery;
  typos boolean := exact IS DISTINCT FROM all_words;
  -- 0: rank the best alternatives only; 1: the words as typed are the best (counted three times); 2: both.
  scoring integer := CASE WHEN literal IS NULL THEN 0 WHEN literal = best THEN 1 ELSE 2 END;
BEGIN
  RETURN QUERY
  WITH hits AS MATERIALIZED (
    SELECT * FROM (
      (SELECT p.id, 1 AS tier, search_score(p.search_document, scoring, q_literal, q_best) AS score
         FROM products p
        WHERE q_exact IS NOT NULL AND p.name_document @@ q_exact
        LIMIT max_hits)
      UNION ALL
      (SELECT p.id, 2, search_score(p.search_document, scoring, q_literal, q_best)
         FROM products p
        WHERE typos AND p.name_document @@ q_all AND NOT coalesce(p.name_document @@ q_exact, false)
        LIMIT max_hits)
      UNION ALL
      (SELECT p.id, 3, search_score(p.search_document, scoring, q_literal, q_best)
         FROM products p
        WHERE q_exact IS NOT NULL AND p.search_document @@ q_exact AND NOT p.name_document @@ q_all
        LIMIT max_hits)
      UNION ALL
      (SELECT p.id, 4, search_score(p.search_document, scoring, q_literal, q_best)
         FROM products p
        WHERE typos AND p.search_document @@ q_all AND NOT p.name_document @@ q_all
          AND NOT coalesce(p.search_document @@ q_exact, false)
        LIMIT max_hits)
    ) t
    LIMIT max_hits
  ), page AS (
    SELECT h.id, h.tier, h.score FROM hits h ORDER BY h.tier, h.score DESC, h.id LIMIT page_limit OFFSET page_offset
  )
  SELECT (row_number() OVER (ORDER BY page.tier, page.score DESC, page.id))::integer,
         counted.total,
         (SELECT s.version FROM search_vocabulary_state s WHERE s.id = 1),
         p
    FROM (SELECT count(*)::integer AS total FROM hits) counted
    LEFT JOIN (page JOIN products p ON p.id = page.id) ON true
   ORDER BY page.tier, page.score DESC, page.id;
END
$$;

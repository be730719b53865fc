/**
 * Search on PostgreSQL (and PGlite) itself (docs/decisions/006-search.md).
 *
 * 1. The query's words are planned against the catalog's vocabulary (query-plan.ts): exact, singular, synonym,
 *    split, joined, completed or corrected. A four-letter word corrected towards a word that is neither a brand nor
 *    a category needs that word to be frequent in product names: one small query counts them (nameCounts).
 * 2. One call of the `search_page` function (migration 0011, planned once per connection) fetches the matches tier
 *    by tier: every word without typos in the title, brand or category (the stored `name_document`, GIN index);
 *    then with corrections there; then anywhere, description included (`search_document`, GIN index), without
 *    typos; then with corrections. Each tier stops at `MAX_HITS`, and the whole stops once it has `MAX_HITS`, so a
 *    common word never scores all of its matches.
 * 3. Within a tier, the fetched rows are ordered by `ts_rank` (title 1.0, brand, category and options 0.5,
 *    description 0.1) of the words as typed (counted double) and of the alternatives with the fewest typos; ties by
 *    id, so paging is stable.
 * 4. A query that finds nothing because some word means nothing to the catalog gets a suggestion ("Did you mean …",
 *    issue 28): each such word replaced by its closest catalog word that names products, kept only when that query
 *    finds something.
 * 5. When the words find nothing together, words are left out (option words first, then from the end) until the
 *    rest find something (issue 40, Meilisearch's "last" matching strategy); an empty first page brings the popular
 *    products.
 */
import { asc, desc, eq, sql } from 'drizzle-orm';
import { LIMITS, type Product } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { productColumns, toProduct } from '../products/service.ts';
import { MAX_HITS, type SearchPage, type SearchProvider } from './provider.ts';
import {
  displayOf,
  FREQUENT_NAME_PRODUCTS,
  nameCountsWanted,
  planQuery,
  suggestionCandidates,
  termQuery,
  type NameCounts,
  type QueryPlan,
} from './query-plan.ts';
import {
  compoundParts,
  foldTerm,
  splitWords,
  VERSION_SQL,
  vocabularyOf,
  vocabularyVersion,
  type Vocabulary,
} from './vocabulary.ts';

/** Words of a query considered (the query itself is at most 100 characters). */
export const MAX_QUERY_WORDS = 12;

const known = (v: Vocabulary, term: string) => v.terms.has(term) || v.synonyms.has(term);

/** The query's words: a compound the catalog does not know ("super-soft") counts as its parts. */
function queryWords(v: Vocabulary, text: string): Array<{ typed: string; term: string }> {
  return splitWords(text, MAX_QUERY_WORDS)
    .flatMap((typed) => {
      const parts = compoundParts(typed);
      return parts.length > 1 && !known(v, foldTerm(typed)) ? parts : [typed];
    })
    .slice(0, MAX_QUERY_WORDS)
    .map((typed) => ({ typed, term: foldTerm(typed) }));
}

/** Stop-word answers kept per word (at most this many; the dictionary never changes while the server runs). */
const MAX_KNOWN_STOP_WORDS = 10_000;
const knownStopWords = new Map<string, boolean>();

/**
 * Which of `words` are English stop words ("the", "for"), by PostgreSQL's own dictionary, and the vocabulary version
 * (a word unknown to this server's copy may be new in the catalog). Words asked about before are answered from
 * memory without a query; the version is then `null`, and the page query's own version check (rankedPage) catches a
 * newer vocabulary instead.
 */
async function stopWords(db: Db, words: string[]): Promise<{ stop: Set<string>; version: number | null }> {
  const asked = words.filter((w) => !knownStopWords.has(w));
  let version: number | null = null;
  if (asked.length > 0) {
    const [row] = await selectRows<{ stop: string[] | null; version: number }>(
      db,
      sql`select ${VERSION_SQL} as version, (
            select array_agg(w) from json_array_elements_text(${JSON.stringify(asked)}::json) as w
            where numnode(plainto_tsquery('english', w)) = 0
          ) as stop`,
    );
    const stop = new Set(row?.stop ?? []);
    if (knownStopWords.size + asked.length > MAX_KNOWN_STOP_WORDS) knownStopWords.clear();
    for (const w of asked) knownStopWords.set(w, stop.has(w));
    version = Number(row?.version ?? 0);
  }
  return { stop: new Set(words.filter((w) => knownStopWords.get(w))), version };
}

/** The product columns, selected from the function's `product` row under their property names (see fromDriver). */
const PRODUCT_SELECT = sql.join(
  Object.entries(productColumns).map(
    ([key, column]) => sql`(s.product).${sql.identifier(column.name)} as ${sql.identifier(key)}`,
  ),
  sql`, `,
);
type ProductRow = Parameters<typeof toProduct>[0];
function fromDriver(raw: Record<string, unknown>): ProductRow {
  return Object.fromEntries(
    Object.entries(productColumns).map(([key, column]) => {
      const value = raw[key];
      return [key, value === null || value === undefined ? value : column.mapFromDriverValue(value)];
    }),
  ) as ProductRow;
}

/**
 * One page of products (best first), the number of matches (up to MAX_HITS) and the vocabulary version, from the
 * `search_page` function (migration 0011): its tiers and ranking live there, planned once per connection.
 */
async function rankedPage(db: Db, plan: QueryPlan, offset: number, limit: number) {
  const rows = await selectRows<
    Record<string, unknown> & { _total: number; _version: number; id: string | null }
  >(
    db,
    sql`select ${PRODUCT_SELECT}, s.hit_total as _total, s.vocabulary_version as _version
        from search_page(${plan.exact}, ${plan.all}, ${plan.literal}, ${plan.best}, ${MAX_HITS}, ${limit}, ${offset}) s
        order by s.hit_rank`,
  );
  return {
    rows: rows.flatMap((r) => (r.id ? [fromDriver(r)] : [])),
    total: Number(rows[0]?._total ?? 0),
    version: Number(rows[0]?._version ?? 0),
  };
}

/**
 * How many products (up to FREQUENT_NAME_PRODUCTS) have each term in their names (title, brand, category, options:
 * `name_document`, GIN index), in one statement. The tsquery texts are the vocabulary's, bound as a parameter.
 */
async function nameCounts(db: Db, v: Vocabulary, terms: string[]): Promise<NameCounts> {
  const counted = new Map<string, number>();
  const asked = terms.flatMap((term) => {
    const query = termQuery(v, term);
    return query === null ? [] : [{ term, query }];
  });
  if (asked.length === 0) return counted;
  const queries = JSON.stringify(asked.map((a) => a.query));
  const rows = await selectRows<{ i: number; n: number }>(
    db,
    sql`select q.i, (select count(*) from (
          select 1 from products p where p.name_document @@ q.query::tsquery limit ${FREQUENT_NAME_PRODUCTS}
        ) s)::integer as n
        from json_array_elements_text(${queries}::json) with ordinality as q(query, i)`,
  );
  for (const r of rows) counted.set(asked[Number(r.i) - 1]!.term, Number(r.n));
  return counted;
}

/** How many products an empty search offers instead (issue 40). */
export const POPULAR_COUNT = 4;

/**
 * The products an empty search offers (issue 40): POPULAR_COUNT in stock, the most reviewed first (ties by id), read
 * off the `sold_out, reviews_count, id` index (migration 0035).
 */
export async function popularProducts(db: Db, images: ImageStore): Promise<Product[]> {
  const rows = await db
    .select(productColumns)
    .from(products)
    .where(eq(products.soldOut, false))
    .orderBy(asc(products.soldOut), desc(products.reviewsCount), asc(products.id))
    .limit(POPULAR_COUNT);
  return rows.map((r) => toProduct(r, images));
}

/** A number, or a word of the catalog's Size and Colour values ("red", "xl"). */
const isOptionWord = (v: Vocabulary, term: string) => /^\d+(\.\d+)?$/.test(term) || v.optionWords.has(term);

/**
 * The word sets to try, in order, when all of `words` find nothing (Meilisearch's "last" strategy, issue 40): each
 * leaves out one more word, option words first (the last of them first), then the others from the end; the first word
 * that is not a stop word is never left out, and stop words are never counted as left out.
 */
export function dropOrder(
  v: Vocabulary,
  words: Array<{ typed: string; term: string }>,
  stop: Set<string>,
): Array<{ kept: typeof words; dropped: typeof words }> {
  const meaningful = words.map((w, i) => ({ w, i })).filter(({ w }) => !stop.has(w.typed));
  if (meaningful.length < 2) return [];
  const anchor = meaningful.find(({ w }) => !isOptionWord(v, w.term)) ?? meaningful[0]!;
  const rest = meaningful.filter((m) => m !== anchor).reverse();
  const order = [
    ...rest.filter(({ w }) => isOptionWord(v, w.term)),
    ...rest.filter(({ w }) => !isOptionWord(v, w.term)),
  ];
  const out: Array<{ kept: typeof words; dropped: typeof words }> = [];
  const dropped = new Set<number>();
  for (const d of order) {
    dropped.add(d.i);
    out.push({
      kept: words.filter((_, i) => !dropped.has(i)),
      dropped: words.filter((_, i) => dropped.has(i)),
    });
  }
  return out;
}

export function postgresSearchProvider(db: Db, images: ImageStore): SearchProvider {
  /**
   * "Did you mean …" for a query that found nothing: each word the catalog cannot explain replaced by its closest
   * word that names products (suggestionCandidates), when the whole suggestion finds something.
   */
  async function suggestionFor(
    v: Vocabulary,
    words: Array<{ typed: string; term: string }>,
    stop: Set<string>,
    counts: NameCounts,
  ): Promise<string | undefined> {
    const wanted = suggestionCandidates(v, words, stop, counts);
    if (!wanted) return undefined;
    const named = await nameCounts(db, v, [...new Set(wanted.flatMap((w) => w.candidates))]);
    const parts: string[] = [];
    for (const w of wanted) {
      if (w.candidates.length === 0) {
        parts.push(w.typed);
        continue;
      }
      const term = w.candidates.find((t) => (named.get(t) ?? 0) > 0);
      if (term === undefined) return undefined;
      parts.push(displayOf(v, term));
    }
    const suggestion = parts.join(' ');
    // The suggestion is a link that searches it: a query the route accepts.
    if (suggestion.length > LIMITS.searchQuery.max) return undefined;
    const found = await searchAll(suggestion, 1, 1, false);
    return found.total > 0 ? suggestion : undefined;
  }

  /** One page for `text` with every word required, and the words and stop words it was planned with. */
  async function searchAll(
    text: string,
    page: number,
    limit: number,
    suggest: boolean,
  ): Promise<SearchPage & { words: Array<{ typed: string; term: string }>; stop: Set<string> }> {
    const offset = (page - 1) * limit;
    let vocabulary = await vocabularyOf(db);
    // At most twice: when the statement shows the catalog's words changed, plan again with the new words.
    for (let attempt = 1; ; attempt++) {
      const words = queryWords(vocabulary, text);
      const unknown = words.filter((w) => !known(vocabulary, w.term)).map((w) => w.typed);
      let stop = new Set<string>();
      let versionChecked = unknown.length === 0;
      if (unknown.length > 0) {
        const checked = await stopWords(db, unknown);
        if (checked.version !== null && checked.version > vocabulary.version && attempt === 1) {
          vocabulary = await vocabularyOf(db, checked.version);
          continue;
        }
        stop = checked.stop;
        versionChecked = checked.version !== null;
      }
      const wanted = nameCountsWanted(vocabulary, words, stop);
      const counts = wanted.length > 0 ? await nameCounts(db, vocabulary, wanted) : new Map<string, number>();
      const plan = planQuery(vocabulary, words, stop, counts);
      if (!plan) {
        // Unknown words answered from memory were planned without a version check: one may be new in the catalog.
        if (!versionChecked && attempt === 1) {
          const current = await vocabularyVersion(db);
          if (current > vocabulary.version) {
            vocabulary = await vocabularyOf(db, current);
            continue;
          }
        }
        const suggestion = suggest ? await suggestionFor(vocabulary, words, stop, counts) : undefined;
        return { items: [], total: 0, words, stop, ...(suggestion ? { suggestion } : {}) };
      }
      if (offset >= MAX_HITS) return { items: [], total: 0, words, stop };
      const found = await rankedPage(db, plan, offset, limit);
      if (found.version > vocabulary.version && attempt === 1) {
        vocabulary = await vocabularyOf(db, found.version);
        continue;
      }
      return {
        items: found.rows.map((row) => toProduct(row, images)),
        total: found.total,
        words,
        stop,
        ...(plan.correctedQuery && found.total > 0 ? { correctedQuery: plan.correctedQuery } : {}),
      };
    }
  }

  /**
   * Meilisearch's "last" matching strategy (issue 40): when the words find nothing together, words are left out one
   * at a time until the rest find something, option words first ("red", "xl", "42", numbers), then from the end; the
   * first word that is not a stop word always stays. A query whose words do find something together answers only
   * those full matches. An empty first page brings the popular products.
   */
  async function search(text: string, page: number, limit: number, suggest: boolean): Promise<SearchPage> {
    const full = await searchAll(text, page, limit, suggest);
    const { words, stop, ...answer } = full;
    if (full.total > 0) return answer;
    const vocabulary = await vocabularyOf(db);
    for (const kept of dropOrder(vocabulary, words, stop)) {
      const matchedQuery = kept.kept.map((w) => w.typed).join(' ');
      const { words: _w, stop: _s, ...partial } = await searchAll(matchedQuery, page, limit, false);
      if (partial.total === 0) continue;
      return {
        ...partial,
        matchedQuery: partial.correctedQuery ?? matchedQuery,
        unmatchedWords: kept.dropped.map((w) => w.typed),
      };
    }
    return page === 1 && suggest ? { ...answer, popular: await popularProducts(db, images) } : answer;
  }

  return {
    name: 'postgres',
    search: (text, page, limit) => search(text, page, limit, true),
  };
}

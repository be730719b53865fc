/**
 * Search on PostgreSQL (and PGlite) itself (docs/decisions/006-search.md).
 *
 * 1. The query's words are planned against the catalog's vocabulary (query-plan.ts): exact, singular, synonym,
 *    split, joined, completed or corrected.
 * 2. One statement fetches the matches tier by tier: every word without typos in the title, brand or category
 *    (the stored `name_document`, GIN index); then with corrections there; then anywhere, description included
 *    (`search_document`, GIN index), without typos; then with corrections. Each tier stops at `MAX_HITS`, and the whole stops once it
 *    has `MAX_HITS`, so a common word never scores all of its matches.
 * 3. Within a tier, the fetched rows are ordered by `ts_rank` (title 1.0, brand and category 0.5, description 0.1)
 *    of the words as typed (counted double) and of the alternatives with the fewest typos; ties by id, so paging is
 *    stable.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { selectRows } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { productColumns, toProduct } from '../products/service.ts';
import { MAX_HITS, type SearchPage, type SearchProvider } from './provider.ts';
import { planQuery, type QueryPlan } from './query-plan.ts';
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
/** ts_rank weights for the document's parts {D, C, B, A}: description, (unused), brand and category, title. */
const RANK_WEIGHTS = '{0.1, 0.2, 0.5, 1.0}';

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

/** The product columns, selected from `p` under their property names (mapped back with `fromDriver`). */
const PRODUCT_SELECT = sql.join(
  Object.entries(productColumns).map(
    ([key, column]) => sql`p.${sql.identifier(column.name)} as ${sql.identifier(key)}`,
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

function tier(n: number, match: SQL, plan: QueryPlan): SQL {
  const doc = sql`p.search_document`;
  const rank = (q: string) => sql`ts_rank(${RANK_WEIGHTS}, ${doc}, ${q}::tsquery)`;
  // The words as typed (or their singulars) count double; then the alternatives with the fewest typos.
  const score =
    plan.literal === null
      ? rank(plan.best)
      : plan.literal === plan.best
        ? sql`${rank(plan.best)} * 3`
        : sql`${rank(plan.literal)} * 2 + ${rank(plan.best)}`;
  return sql`(select p.id, ${n}::int as tier, ${score} as score from products p where ${match} limit ${MAX_HITS})`;
}

/** One page of products (best first), the number of matches (up to MAX_HITS) and the vocabulary version. */
async function rankedPage(db: Db, plan: QueryPlan, offset: number, limit: number) {
  const matches = (q: string) => sql`p.search_document @@ ${q}::tsquery`;
  // Title, brand and category only: the description-free document, so its GIN index answers without a recheck.
  const inNames = (q: string) => sql`p.name_document @@ ${q}::tsquery`;
  const typos = plan.exact !== plan.all;
  const tiers: SQL[] = [];
  if (plan.exact) tiers.push(tier(1, inNames(plan.exact), plan));
  if (typos) {
    tiers.push(
      tier(
        2,
        plan.exact ? sql`${inNames(plan.all)} and not ${inNames(plan.exact)}` : inNames(plan.all),
        plan,
      ),
    );
  }
  if (plan.exact) tiers.push(tier(3, sql`${matches(plan.exact)} and not ${inNames(plan.all)}`, plan));
  if (typos) {
    const notBefore = plan.exact ? sql` and not ${matches(plan.exact)}` : sql``;
    tiers.push(tier(4, sql`${matches(plan.all)} and not ${inNames(plan.all)}${notBefore}`, plan));
  }
  const rows = await selectRows<
    Record<string, unknown> & { _total: number; _version: number; id: string | null }
  >(
    db,
    sql`with hits as materialized (
          select * from (${sql.join(tiers, sql` union all `)}) t limit ${MAX_HITS}
        ), page as (
          select id, tier, score from hits order by tier, score desc, id limit ${limit} offset ${offset}
        )
        select ${PRODUCT_SELECT}, counted._total, ${VERSION_SQL} as _version
        from (select count(*)::int as _total from hits) counted
        left join (page join products p on p.id = page.id) on true
        order by page.tier, page.score desc, page.id`,
  );
  return {
    rows: rows.flatMap((r) => (r.id ? [fromDriver(r)] : [])),
    total: Number(rows[0]?._total ?? 0),
    version: Number(rows[0]?._version ?? 0),
  };
}

export function postgresSearchProvider(db: Db, images: ImageStore): SearchProvider {
  return {
    name: 'postgres',
    async search(text, page, limit): Promise<SearchPage> {
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
        const plan = planQuery(vocabulary, words, stop);
        if (!plan) {
          // Unknown words answered from memory were planned without a version check: one may be new in the catalog.
          if (!versionChecked && attempt === 1) {
            const current = await vocabularyVersion(db);
            if (current > vocabulary.version) {
              vocabulary = await vocabularyOf(db, current);
              continue;
            }
          }
          return { items: [], total: 0 };
        }
        if (offset >= MAX_HITS) return { items: [], total: 0 };
        const found = await rankedPage(db, plan, offset, limit);
        if (found.version > vocabulary.version && attempt === 1) {
          vocabulary = await vocabularyOf(db, found.version);
          continue;
        }
        return {
          items: found.rows.map((row) => toProduct(row, images)),
          total: found.total,
          ...(plan.correctedQuery && found.total > 0 ? { correctedQuery: plan.correctedQuery } : {}),
        };
      }
    },
  };
}

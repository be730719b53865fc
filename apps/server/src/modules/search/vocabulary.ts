/**
 * The catalog's words in memory, for correcting and completing query words (docs/decisions/006-search.md).
 *
 * The `search_vocabulary` table is the truth (kept by triggers on `products`, migration 0007); each server keeps a
 * copy per database, and every search reads `search_vocabulary_state.version` in the statement it runs anyway: when
 * the version moved on, the copy is reloaded and the search planned again.
 * Folding and word splitting here mirror `search_fold` and `search_phrases` in that migration.
 */
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

/** Letters that NFD does not decompose, folded like `search_fold` does. */
const SPECIAL_LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  þ: 'th',
  ĳ: 'ij',
  ø: 'o',
  đ: 'd',
  ð: 'd',
  ħ: 'h',
  ı: 'i',
  ł: 'l',
  ŀ: 'l',
  ŉ: 'n',
  ĸ: 'k',
  ŋ: 'n',
  ſ: 's',
  ŧ: 't',
};
/** ASCII punctuation, white space and typographic quotes: what `search_fold` removes. */
const PUNCTUATION = /[!-/:-@[-`{-~\s’‘“”«»]/g;
/** Where `search_phrases` splits a text into words. */
const WORD_SEPARATORS = /[\s/(),;:!?"“”«»|]+/;
/** Control characters (NUL and friends) and lone surrogates separate words; they never reach the database. */
const CONTROL = /[\p{Cc}\p{Cs}]+/gu;
/** Punctuation trimmed from both ends of a word, and the inner punctuation that splits a compound into parts. */
const EDGE_PUNCTUATION = /^[!-/:-@[-`{-~’‘“”«»]+|[!-/:-@[-`{-~’‘“”«»]+$/g;
const INNER_PUNCTUATION = /[!-/:-@[-`{-~’‘]+/;

/** Lower-case, accents folded, punctuation removed: `L'Oréal` → `loreal`, `T-Shirt` → `tshirt`. */
export function foldTerm(word: string): string {
  return word
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœþĳøđðħıłŀŉĸŋſŧ]/g, (c) => SPECIAL_LETTERS[c] ?? c)
    .replace(PUNCTUATION, '');
}

/** A query's words as typed (lower-cased, edge punctuation trimmed), in order; at most `max`. */
export function splitWords(text: string, max: number): string[] {
  return text
    .replace(CONTROL, ' ')
    .toLowerCase()
    .split(WORD_SEPARATORS)
    .map((w) => w.replace(EDGE_PUNCTUATION, ''))
    .filter((w) => foldTerm(w) !== '')
    .slice(0, max);
}

/** The parts of a compound word (`wi-fi` → `wi`, `fi`), or none when it has no inner punctuation. */
export function compoundParts(word: string): string[] {
  if (!INNER_PUNCTUATION.test(word)) return [];
  return word.split(INNER_PUNCTUATION).filter((p) => foldTerm(p) !== '');
}

/** Typos allowed in a query word of this many letters (Meilisearch's defaults: 1 from 5 letters, 2 from 9). */
export function allowedTypos(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/** Rows of typoDistance's table, reused across calls (search runs one query plan at a time per thread). */
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal string alignment distance (Damerau-Levenshtein where a typo is an insertion, deletion, substitution or
 * adjacent transposition), or `max + 1` as soon as it must exceed `max`. Allocates nothing for words under 64
 * characters: a typo-tolerant query compares its words with every catalog term of a similar length.
 */
export function typoDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (b.length >= rows[0]!.length) rows = rows.map(() => new Int32Array(b.length + 1));
  let [prev2, prev, row] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj)
        v = Math.min(v, prev2[j - 2]! + 1);
      row[j] = v;
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    [prev2, prev, row] = [prev, row, prev2];
  }
  return Math.min(prev[b.length]!, max + 1);
}

/** One way the catalog writes a term, with the full-text query (tsquery text) that finds it. */
export interface Phrase {
  phrase: string;
  /** `phraseto_tsquery('english', phrase)` as text; empty for stop words ("the"). */
  query: string;
  docCount: number;
}

export interface Vocabulary {
  version: number;
  /** term → how the catalog writes it, most frequent first. */
  terms: Map<string, Phrase[]>;
  /** term → products containing it. */
  docCounts: Map<string, number>;
  /** Every term, sorted, for prefix completion. */
  sorted: string[];
  /** Shopper's word → catalog phrases it also means (search_synonyms). */
  synonyms: Map<string, Phrase[]>;
  /** Correction candidates (terms and synonym keys) by length. */
  byLength: Map<number, string[]>;
  /**
   * The words of the catalog's Size and Colour values ("red", "navy", "xl", "42"), folded: dropped first when a
   * query's words find nothing together (issue 40).
   */
  optionWords: Set<string>;
}

/** The first index in sorted `terms` whose term is >= `prefix`. */
export function lowerBound(terms: string[], prefix: string): number {
  let lo = 0;
  let hi = terms.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (terms[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface CachedVocabulary {
  vocabulary?: Vocabulary;
  loading?: Promise<Vocabulary>;
}
const cache = new WeakMap<Db, CachedVocabulary>();

async function load(db: Db, version: number): Promise<Vocabulary> {
  const words = await selectRows<{ term: string; phrase: string; doc_count: number; query: string }>(
    db,
    sql`select term, phrase, doc_count, phraseto_tsquery('english', phrase)::text as query from search_vocabulary`,
  );
  const synonymRows = await selectRows<{ term: string; synonym: string; query: string }>(
    db,
    sql`select term, synonym, phraseto_tsquery('english', synonym)::text as query from search_synonyms`,
  );
  const terms = new Map<string, Phrase[]>();
  const docCounts = new Map<string, number>();
  for (const w of words) {
    const list = terms.get(w.term) ?? [];
    list.push({ phrase: w.phrase, query: w.query, docCount: Number(w.doc_count) });
    terms.set(w.term, list);
    docCounts.set(w.term, (docCounts.get(w.term) ?? 0) + Number(w.doc_count));
  }
  for (const list of terms.values()) list.sort((a, b) => b.docCount - a.docCount);
  const synonyms = new Map<string, Phrase[]>();
  for (const s of synonymRows) {
    const term = foldTerm(s.term);
    if (term === '' || s.query === '') continue;
    const list = synonyms.get(term) ?? [];
    list.push({ phrase: s.synonym, query: s.query, docCount: 0 });
    synonyms.set(term, list);
  }
  const facetRows = await selectRows<{ value: string }>(
    db,
    sql`select distinct substr(entry, strpos(entry, ':') + 1) as value
        from catalog_counts, unnest(option_facets) as entry
        where entry like 'size:%' or entry like 'colour:%'`,
  );
  const optionWords = new Set(facetRows.flatMap((r) => splitWords(r.value, 10).map(foldTerm)));
  const byLength = new Map<number, string[]>();
  for (const term of new Set([...terms.keys(), ...synonyms.keys()])) {
    const list = byLength.get(term.length) ?? [];
    list.push(term);
    byLength.set(term.length, list);
  }
  return { version, terms, docCounts, sorted: [...terms.keys()].sort(), synonyms, byLength, optionWords };
}

/** The vocabulary version the database holds now. */
export async function vocabularyVersion(db: Db): Promise<number> {
  const [state] = await selectRows<{ version: number }>(
    db,
    sql`select version from search_vocabulary_state where id = 1`,
  );
  return Number(state?.version ?? 0);
}

/** The SQL expression of the current version, for a query that also checks its copy is still current. */
export const VERSION_SQL = sql`(select version from search_vocabulary_state where id = 1)`;

/**
 * This server's copy of the vocabulary of `db`, read when there is none or when it is older than `version` (the
 * version a query just saw). Without `version` it trusts its copy: callers check the version in their own query.
 */
export async function vocabularyOf(db: Db, version?: number): Promise<Vocabulary> {
  let entry = cache.get(db);
  if (!entry) cache.set(db, (entry = {}));
  if (entry.vocabulary && (version === undefined || entry.vocabulary.version >= version))
    return entry.vocabulary;
  if (!entry.loading) {
    const current = entry;
    current.loading = vocabularyVersion(db)
      .then((v) => load(db, v))
      .finally(() => {
        current.loading = undefined;
      });
  }
  let vocabulary = await entry.loading!;
  // A load that started before this version was committed: read again rather than answer from an older copy.
  if (version !== undefined && vocabulary.version < version)
    vocabulary = await load(db, await vocabularyVersion(db));
  if (!entry.vocabulary || entry.vocabulary.version < vocabulary.version) entry.vocabulary = vocabulary;
  return vocabulary;
}

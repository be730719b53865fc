/**
 * From a shopper's words to full-text queries (docs/decisions/006-search.md). Pure: it reads the vocabulary, and the
 * counts of products naming some terms that the provider looked up (`NameCounts`).
 *
 * Each query word is matched against the catalog's terms: exactly, as a singular ("mixers" → mixer), through a
 * synonym ("television" → tv), split in two ("underarmour" → under armour), joined with the next word
 * ("kitchen aid" → kitchenaid), completed when it is the last word ("headph" → headphones), and only when none of
 * these finds anything, corrected within Meilisearch's typo rules (1 typo from 5 letters, 2 from 9; insertion,
 * deletion, substitution or adjacent transposition). A word of four letters may hold one typo too (issue 28: "niek",
 * "guci", "dobe"), but only towards a brand or category word, or else a frequent name word, and it then matches in
 * names only (title, brand, category, options), never in descriptions. English stop words are never corrected.
 * Every word must match (a word the catalog cannot explain means no result, and then `suggestionCandidates` offers
 * words for "Did you mean …"); English stop words are ignored. The result is a set of tsquery texts built only from
 * the full-text queries PostgreSQL made of catalog phrases, so no input reaches the SQL as syntax.
 */
import { BRANDS, CATEGORIES } from '@emporium/contract';
import {
  allowedTypos,
  compoundParts,
  foldTerm,
  lowerBound,
  splitWords,
  typoDistance,
  type Phrase,
  type Vocabulary,
} from './vocabulary.ts';

/** How many completions of the last word, and corrections of a misspelt word, a query may use. */
export const MAX_COMPLETIONS = 30;
export const MAX_CORRECTIONS = 10;

/** Query words of this many letters may hold one typo, towards a brand, a category or a frequent name word only. */
export const SHORT_WORD_LENGTH = 4;
/**
 * A word is a frequent name word when at least this many products have it in their title, brand, category or
 * options (the provider counts up to this many).
 */
export const FREQUENT_NAME_PRODUCTS = 3;
/** The most corrections a four-letter word uses: one or two words' products, not a flood of look-alikes. */
export const MAX_SHORT_CORRECTIONS = 2;
/** Candidate words per unexplained query word for "Did you mean …", closest first. */
export const MAX_SUGGESTION_CANDIDATES = 5;

/** Products (up to FREQUENT_NAME_PRODUCTS) having a term in their names, as the provider counted them. */
export type NameCounts = ReadonlyMap<string, number>;

/** The words of the shop's brands and categories, folded ("nike", "gucci", "kids", "kitchen", "loreal"). */
const BRAND_AND_CATEGORY_TERMS = new Set(
  [...BRANDS, ...CATEGORIES].flatMap((name) =>
    splitWords(name, 10).flatMap((w) => [foldTerm(w), ...compoundParts(w).map(foldTerm)]),
  ),
);

interface Alternative {
  /** tsquery text. */
  query: string;
  /** Typos spent (0: exact, singular, synonym, split, joined, completion). */
  cost: number;
  /** The word itself or its singular, as opposed to a synonym, split, completion or correction. */
  literal: boolean;
  /** How to write this alternative in "Showing results for …". */
  display: string;
}

interface Word {
  typed: string;
  term: string;
  alternatives: Alternative[];
  stop: boolean;
}

export interface QueryPlan {
  /** Every alternative of every word. */
  all: string;
  /** Only alternatives without typos; null when some word needed a correction. */
  exact: string | null;
  /** Per word, its alternatives of least cost (ranking). */
  best: string;
  /** Only the words themselves or their singulars; null when some word has neither (ranking). */
  literal: string | null;
  /** The corrected query, when some word was corrected. */
  correctedQuery?: string;
}

/** "mixers" → mixer; "batteries" → battery; "dresses" → dress. */
function singulars(term: string): string[] {
  const out: string[] = [];
  if (term.length > 3 && term.endsWith('ies')) out.push(`${term.slice(0, -3)}y`);
  if (term.length > 3 && term.endsWith('es')) out.push(term.slice(0, -2));
  if (term.length > 2 && term.endsWith('s') && !term.endsWith('ss')) out.push(term.slice(0, -1));
  return out;
}

const phrasesOf = (v: Vocabulary, term: string): Phrase[] => v.terms.get(term) ?? [];
/** How a term is written in "Showing results for …" and "Did you mean …": as the catalog writes it most often. */
export const displayOf = (v: Vocabulary, term: string) =>
  phrasesOf(v, term)[0]?.phrase ?? v.synonyms.get(term)?.[0]?.phrase ?? term;

/** Terms starting with `prefix` (not the prefix itself), most frequent first. */
function completions(v: Vocabulary, prefix: string, max: number): string[] {
  const found: string[] = [];
  for (let i = lowerBound(v.sorted, prefix); i < v.sorted.length; i++) {
    const term = v.sorted[i]!;
    if (!term.startsWith(prefix)) break;
    if (term !== prefix) found.push(term);
  }
  return found.sort((a, b) => (v.docCounts.get(b) ?? 0) - (v.docCounts.get(a) ?? 0)).slice(0, max);
}

const prefixCache = new WeakMap<Vocabulary, Map<number, Map<string, string[]>>>();

/**
 * The vocabulary's terms longer than `length`, grouped by their first `length` characters (built once per vocabulary
 * and length): a misspelt last word is compared with each distinct prefix once, not with every term.
 */
function prefixesOf(v: Vocabulary, length: number): Map<string, string[]> {
  let byLength = prefixCache.get(v);
  if (!byLength) prefixCache.set(v, (byLength = new Map()));
  let groups = byLength.get(length);
  if (!groups) {
    groups = new Map();
    for (const [len, list] of v.byLength) {
      if (len <= length) continue;
      for (const t of list) {
        const prefix = t.slice(0, length);
        const group = groups.get(prefix);
        if (group) group.push(t);
        else groups.set(prefix, [t]);
      }
    }
    byLength.set(length, groups);
  }
  return groups;
}

/** The full-text query of a term: its most frequent ways of writing, OR-ed; null when it has none (a stop word). */
export function termQuery(v: Vocabulary, term: string): string | null {
  return anyOf(
    phrasesOf(v, term)
      .slice(0, 3)
      .map((p) => p.query)
      .filter((q) => q !== ''),
  );
}

/**
 * The same tsquery text restricted to the names (weights A and B: title, brand, category, options). The text is
 * PostgreSQL's own phraseto_tsquery output: quoted lexemes joined by operators, no weights of its own.
 */
const inNames = (query: string) => query.replace(/'(?:[^']|'')*'/g, '$&:AB');

/** The word itself, its singulars, synonyms and completions, or else two catalog words written as one. */
function directAlternatives(v: Vocabulary, term: string, last: boolean): Alternative[] {
  const alts: Alternative[] = [];
  const add = (phrases: Phrase[], literal: boolean, display?: string) => {
    for (const p of phrases) alts.push({ query: p.query, cost: 0, literal, display: display ?? p.phrase });
  };
  for (const t of [term, ...singulars(term)]) {
    add(phrasesOf(v, t), true);
    add(v.synonyms.get(t) ?? [], false, t === term ? term : undefined);
  }
  if (last) for (const t of completions(v, term, MAX_COMPLETIONS)) add(phrasesOf(v, t).slice(0, 1), false);
  if (alts.length > 0) return alts;

  // Two catalog words written as one ("underarmour", "northface").
  for (let k = 2; k <= term.length - 2; k++) {
    const a = phrasesOf(v, term.slice(0, k))[0];
    const b = phrasesOf(v, term.slice(k))[0];
    if (a?.query && b?.query) {
      alts.push({
        query: `(${a.query}) <-> (${b.query})`,
        cost: 0,
        literal: false,
        display: `${a.phrase} ${b.phrase}`,
      });
    }
  }
  return alts;
}

/**
 * Catalog terms one typo from a four-letter word (3 to 5 letters, with a full-text query), each marked when it is a
 * brand or category word.
 */
function shortCandidates(v: Vocabulary, term: string): Array<{ term: string; named: boolean }> {
  if (term.length !== SHORT_WORD_LENGTH) return [];
  const found: Array<{ term: string; named: boolean }> = [];
  for (let len = term.length - 1; len <= term.length + 1; len++) {
    for (const t of v.byLength.get(len) ?? []) {
      if (!v.terms.has(t) || typoDistance(term, t, 1) !== 1 || termQuery(v, t) === null) continue;
      found.push({ term: t, named: BRAND_AND_CATEGORY_TERMS.has(t) });
    }
  }
  return found;
}

/**
 * One typo in a four-letter word (issue 28): towards brand or category words when there are some ("dobe" → dove,
 * not robe), else towards the frequent name words (FREQUENT_NAME_PRODUCTS by `counts`), the most frequent first;
 * at most MAX_SHORT_CORRECTIONS, matched in names only, so a word common in descriptions ("sofa" → soft) finds
 * nothing.
 */
function shortCorrections(v: Vocabulary, term: string, counts: NameCounts): Alternative[] {
  const candidates = shortCandidates(v, term);
  const named = candidates.filter((c) => c.named);
  const count = (t: string) => counts.get(t) ?? 0;
  const docs = (t: string) => v.docCounts.get(t) ?? 0;
  const chosen =
    named.length > 0
      ? named.sort((a, b) => docs(b.term) - docs(a.term) || (a.term < b.term ? -1 : 1))
      : candidates
          .filter((c) => count(c.term) >= FREQUENT_NAME_PRODUCTS)
          .sort((a, b) => docs(b.term) - docs(a.term) || (a.term < b.term ? -1 : 1));
  return chosen.slice(0, MAX_SHORT_CORRECTIONS).map((c) => ({
    query: inNames(termQuery(v, c.term)!),
    cost: 1,
    literal: false,
    display: displayOf(v, c.term),
  }));
}

function alternativesOf(
  v: Vocabulary,
  term: string,
  last: boolean,
  stop: boolean,
  counts: NameCounts,
): Alternative[] {
  const alts = directAlternatives(v, term, last);
  // A stop word ("with", "your") is an English word, not a typo: ignored rather than corrected.
  if (alts.length > 0 || stop) return alts;
  const add = (phrases: Phrase[], cost: number, display: string) => {
    for (const p of phrases) alts.push({ query: p.query, cost, literal: false, display });
  };

  // Typos: every term (or synonym) within the allowed distance; the last word may also be a misspelt prefix.
  const max = allowedTypos(term.length);
  if (max === 0) return shortCorrections(v, term, counts);
  const candidates: Array<{ term: string; cost: number }> = [];
  for (let len = term.length - max; len <= term.length + max; len++) {
    for (const t of v.byLength.get(len) ?? []) {
      const d = typoDistance(term, t, max);
      if (d <= max) candidates.push({ term: t, cost: d });
    }
  }
  if (last) {
    for (const [prefix, longer] of prefixesOf(v, term.length)) {
      const d = typoDistance(term, prefix, max);
      if (d === 0 || d > max) continue;
      for (const t of longer)
        if (!candidates.some((c) => c.term === t)) candidates.push({ term: t, cost: d });
    }
  }
  candidates.sort(
    (a, b) => a.cost - b.cost || (v.docCounts.get(b.term) ?? 0) - (v.docCounts.get(a.term) ?? 0),
  );
  for (const c of candidates.slice(0, MAX_CORRECTIONS)) {
    add(phrasesOf(v, c.term).slice(0, 3), c.cost, displayOf(v, c.term));
    add(v.synonyms.get(c.term) ?? [], c.cost, displayOf(v, c.term));
  }
  return alts;
}

/**
 * The terms whose name counts planning needs (issue 28): the candidates of four-letter words that nothing else
 * explains and that are one typo from no brand or category word. Usually none; the provider counts them in one query.
 */
export function nameCountsWanted(
  v: Vocabulary,
  words: Array<{ typed: string; term: string }>,
  stopWords: Set<string>,
): string[] {
  const wanted = new Set<string>();
  words.forEach((w, i) => {
    if (w.term.length !== SHORT_WORD_LENGTH || stopWords.has(w.typed)) return;
    if (directAlternatives(v, w.term, i === words.length - 1).length > 0) return;
    const candidates = shortCandidates(v, w.term);
    if (candidates.some((c) => c.named)) return;
    for (const c of candidates) wanted.add(c.term);
  });
  return [...wanted];
}

/**
 * Typos "Did you mean …" may assume in a word of this length: 1 from 3 letters, 2 from 7, 3 from 9 (one more than
 * corrections allow, except that a word of 5 or 6 letters with two typos is too far: "piano" is not "nano").
 */
const suggestionTypos = (length: number) => (length < 3 ? 0 : length < 7 ? 1 : length < 9 ? 2 : 3);

/**
 * For a query that found nothing because some words mean nothing to the catalog (issue 28, "Did you mean …"): each
 * such word with its closest catalog terms of 3 letters or more (within suggestionTypos, fewest typos first, then
 * brand and category words, then the most frequent; at most MAX_SUGGESTION_CANDIDATES), and the other words as
 * typed. Null when every word was explained (the words together found nothing) or some word has no candidate. The
 * provider keeps the candidates that name products and checks that the suggestion finds something.
 */
export function suggestionCandidates(
  v: Vocabulary,
  words: Array<{ typed: string; term: string }>,
  stopWords: Set<string>,
  counts: NameCounts,
): Array<{ typed: string; candidates: string[] }> | null {
  let unexplained = 0;
  const out: Array<{ typed: string; candidates: string[] }> = [];
  for (const [i, w] of words.entries()) {
    const stop = stopWords.has(w.typed);
    if (stop || alternativesOf(v, w.term, i === words.length - 1, stop, counts).length > 0) {
      out.push({ typed: w.typed, candidates: [] });
      continue;
    }
    unexplained++;
    const max = suggestionTypos(w.term.length);
    const found: Array<{ term: string; cost: number }> = [];
    for (let len = Math.max(3, w.term.length - max); len <= w.term.length + max; len++) {
      for (const t of v.byLength.get(len) ?? []) {
        if (!v.terms.has(t) || termQuery(v, t) === null) continue;
        const d = typoDistance(w.term, t, max);
        if (d <= max) found.push({ term: t, cost: d });
      }
    }
    if (found.length === 0) return null;
    const named = (t: string) => (BRAND_AND_CATEGORY_TERMS.has(t) ? 0 : 1);
    found.sort(
      (a, b) =>
        a.cost - b.cost ||
        named(a.term) - named(b.term) ||
        (v.docCounts.get(b.term) ?? 0) - (v.docCounts.get(a.term) ?? 0) ||
        (a.term < b.term ? -1 : 1),
    );
    out.push({ typed: w.typed, candidates: found.slice(0, MAX_SUGGESTION_CANDIDATES).map((c) => c.term) });
  }
  return unexplained > 0 ? out : null;
}

type Level = 'all' | 'exact' | 'best' | 'literal';

const anyOf = (queries: string[]): string | null =>
  queries.length === 0 ? null : queries.length === 1 ? queries[0]! : queries.map((q) => `(${q})`).join(' | ');
const allOf = (queries: string[]): string =>
  queries.length === 1 ? queries[0]! : queries.map((q) => `(${q})`).join(' & ');

/** The alternatives of `word` kept at `level`, OR-ed; null when none. */
function wordQuery(word: Word, level: Level): string | null {
  const min = Math.min(...word.alternatives.map((a) => a.cost));
  const kept = word.alternatives.filter((a) =>
    level === 'all' ? true : level === 'exact' ? a.cost === 0 : level === 'best' ? a.cost === min : a.literal,
  );
  return anyOf([...new Set(kept.map((a) => a.query))]);
}

/**
 * Plans the full-text queries for `words` (as typed, in order). `stopWords` lists typed words that are English stop
 * words (PostgreSQL decides, see the provider); `counts` the name counts of the terms `nameCountsWanted` asked for.
 * Returns null when some word matches nothing in the catalog.
 */
export function planQuery(
  v: Vocabulary,
  words: Array<{ typed: string; term: string }>,
  stopWords: Set<string>,
  counts: NameCounts = new Map(),
): QueryPlan | null {
  const planned: Word[] = words.map((w, i) => {
    const alternatives = alternativesOf(v, w.term, i === words.length - 1, stopWords.has(w.typed), counts);
    const stop =
      (alternatives.length === 0 && stopWords.has(w.typed)) ||
      alternatives.some((a) => a.literal && a.query === '');
    return { typed: w.typed, term: w.term, alternatives: alternatives.filter((a) => a.query !== ''), stop };
  });

  // Groups: a word, or two neighbours that the catalog also writes as one word ("kitchen aid" → kitchenaid).
  type Group = { words: Word[]; joined: Alternative[] };
  const groups: Group[] = [];
  for (let i = 0; i < planned.length; i++) {
    const a = planned[i]!;
    const b = planned[i + 1];
    if (b) {
      const joinedTerm = a.term + b.term;
      const last = i + 1 === planned.length - 1;
      const terms = [
        ...(v.terms.has(joinedTerm) ? [joinedTerm] : []),
        ...(last ? completions(v, joinedTerm, MAX_COMPLETIONS) : []),
      ];
      const joined = terms.flatMap((t) =>
        phrasesOf(v, t)
          .slice(0, 1)
          .filter((p) => p.query !== '')
          .map((p) => ({ query: p.query, cost: 0, literal: false, display: p.phrase })),
      );
      if (joined.length > 0) {
        groups.push({ words: [a, b], joined });
        i++;
        continue;
      }
    }
    groups.push({ words: [a], joined: [] });
  }

  const levelQuery = (level: Level): string | null | 'none' => {
    const parts: string[] = [];
    for (const g of groups) {
      const own = g.words.filter((w) => !w.stop).map((w) => wordQuery(w, level));
      const together = own.includes(null) ? null : own.length > 0 ? allOf(own as string[]) : null;
      const joined = level === 'literal' ? null : anyOf(g.joined.map((j) => j.query));
      if (together === null && joined === null) {
        if (g.joined.length === 0 && g.words.every((w) => w.stop)) continue;
        return null;
      }
      parts.push(together && joined ? `(${together}) | (${joined})` : (together ?? joined)!);
    }
    return parts.length === 0 ? 'none' : allOf(parts);
  };

  const all = levelQuery('all');
  if (all === null || all === 'none') return null;
  const exact = levelQuery('exact');
  const best = levelQuery('best');
  const literal = levelQuery('literal');
  const plan: QueryPlan = {
    all,
    exact: exact === 'none' ? null : exact,
    best: best === null || best === 'none' ? all : best,
    literal: literal === 'none' ? null : literal,
  };
  if (plan.exact === null) {
    plan.correctedQuery = groups
      .flatMap((g) =>
        g.words.map((w) => {
          if (w.stop || w.alternatives.length === 0 || w.alternatives.some((a) => a.cost === 0))
            return w.typed;
          return [...w.alternatives].sort((a, b) => a.cost - b.cost)[0]!.display;
        }),
      )
      .join(' ');
  }
  return plan;
}

/**
 * From a shopper's words to full-text queries (docs/decisions/006-search.md). Pure: it reads the vocabulary only.
 *
 * Each query word is matched against the catalog's terms: exactly, as a singular ("mixers" → mixer), through a
 * synonym ("television" → tv), split in two ("underarmour" → under armour), joined with the next word
 * ("kitchen aid" → kitchenaid), completed when it is the last word ("headph" → headphones), and only when none of
 * these finds anything, corrected within Meilisearch's typo rules (1 typo from 5 letters, 2 from 9; insertion,
 * deletion, substitution or adjacent transposition). Every word must match (a word the catalog cannot explain means
 * no result); English stop words are ignored. The result is a set of tsquery texts built only from the full-text
 * queries PostgreSQL made of catalog phrases, so no input reaches the SQL as syntax.
 */
import { allowedTypos, lowerBound, typoDistance, type Phrase, type Vocabulary } from './vocabulary.ts';

/** How many completions of the last word, and corrections of a misspelt word, a query may use. */
export const MAX_COMPLETIONS = 30;
export const MAX_CORRECTIONS = 10;

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
const displayOf = (v: Vocabulary, term: string) =>
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

function alternativesOf(v: Vocabulary, term: string, last: boolean): Alternative[] {
  const alts: Alternative[] = [];
  const add = (phrases: Phrase[], cost: number, literal: boolean, display?: string) => {
    for (const p of phrases) alts.push({ query: p.query, cost, literal, display: display ?? p.phrase });
  };
  for (const t of [term, ...singulars(term)]) {
    add(phrasesOf(v, t), 0, true);
    add(v.synonyms.get(t) ?? [], 0, false, t === term ? term : undefined);
  }
  if (last) for (const t of completions(v, term, MAX_COMPLETIONS)) add(phrasesOf(v, t).slice(0, 1), 0, false);
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
  if (alts.length > 0) return alts;

  // Typos: every term (or synonym) within the allowed distance; the last word may also be a misspelt prefix.
  const max = allowedTypos(term.length);
  if (max === 0) return alts;
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
    add(phrasesOf(v, c.term).slice(0, 3), c.cost, false, displayOf(v, c.term));
    add(v.synonyms.get(c.term) ?? [], c.cost, false, displayOf(v, c.term));
  }
  return alts;
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
 * words (PostgreSQL decides, see the provider). Returns null when some word matches nothing in the catalog.
 */
export function planQuery(
  v: Vocabulary,
  words: Array<{ typed: string; term: string }>,
  stopWords: Set<string>,
): QueryPlan | null {
  const planned: Word[] = words.map((w, i) => {
    const alternatives = alternativesOf(v, w.term, i === words.length - 1);
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

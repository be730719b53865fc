/**
 * The search provider seam (docs/decisions/006-search.md): the route asks a `SearchProvider` for one page of
 * products, best first. The PostgreSQL provider (postgres-provider.ts) is the only one today; a Meilisearch,
 * Typesense or OpenSearch provider would implement the same interface, fed from the same product writes, and be
 * chosen by configuration.
 */
import { SEARCH_MAX_HITS, type Product } from '@emporium/contract';

export interface SearchPage {
  items: Product[];
  /** Matches, counted up to `MAX_HITS` (like Meilisearch's `maxTotalHits`): pages beyond it are empty. */
  total: number;
  /** When a word was corrected: the query the results are for ("Showing results for …"). */
  correctedQuery?: string;
  /** When nothing was found: a query that finds something ("Did you mean …", issue 28). */
  suggestion?: string;
  /** When words were left out to find something (issue 40): the words the results are for ("Showing results for …"). */
  matchedQuery?: string;
  /** The words left out, as typed ("“15” was left out"). */
  unmatchedWords?: string[];
  /** On an empty first page: a few popular products in stock (issue 40). */
  popular?: Product[];
}

export interface SearchProvider {
  readonly name: string;
  /** `page` from 1; `text` is the shopper's query (trimmed, 1–100 characters). */
  search(text: string, page: number, limit: number): Promise<SearchPage>;
}

/** The most matches a query ranks and counts (the contract's SEARCH_MAX_HITS). */
export const MAX_HITS = SEARCH_MAX_HITS;

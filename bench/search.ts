/**
 * Search latency: sequential requests (no concurrency, so the figures are per-request latency) for a word query, a
 * typo query, a typo in a four-letter brand (issue 28), a word still being typed, a word found mostly in
 * descriptions, a query with no match and one that finds nothing but offers "Did you mean …" (issue 28). Prints p50
 * and p95 in ms. Figures only. Relevance (and latency over a judged query set) is bench/search-relevance.ts.
 */
import { percentile } from './lib.ts';

export const SEARCH_QUERIES = [
  { kind: 'word', query: 'jacket' },
  { kind: 'typo', query: 'iphnoe' },
  { kind: 'short-word typo', query: 'niek' },
  { kind: 'prefix', query: 'headph' },
  { kind: 'description word', query: 'comfortable' },
  { kind: 'no match', query: 'zzqxjv' },
  { kind: 'did you mean', query: 'pma' },
] as const;

export interface SearchFigures {
  label: string;
  kind: string;
  query: string;
  p50: number;
  p95: number;
  results: number;
}

/** Times `requests` searches of each query against `base` (after 10 warm-up requests each). */
export async function benchSearch(base: string, label: string, requests = 100): Promise<SearchFigures[]> {
  const rows: SearchFigures[] = [];
  for (const { kind, query } of SEARCH_QUERIES) {
    // One page of 24, as a shop page asks (unpaged, search answers every match, up to 500).
    const url = `${base}/api/shop/search/${encodeURIComponent(query)}?page=1&limit=24`;
    let results = 0;
    for (let i = 0; i < 10; i++) await (await fetch(url)).arrayBuffer();
    const times: number[] = [];
    for (let i = 0; i < requests; i++) {
      const t0 = performance.now();
      const res = await fetch(url);
      const body = (await res.json()) as { pagination?: { total: number } };
      times.push(performance.now() - t0);
      results = body.pagination?.total ?? 0;
    }
    rows.push({ label, kind, query, p50: percentile(times, 50), p95: percentile(times, 95), results });
  }
  return rows;
}

export function printSearchTable(rows: SearchFigures[]): void {
  console.log('\n| search | query | matches | p50 ms | p95 ms |');
  console.log('|---|---|---:|---:|---:|');
  for (const r of rows) {
    console.log(`| ${r.label}, ${r.kind} | \`${r.query}\` | ${r.results} | ${r.p50} | ${r.p95} |`);
  }
}

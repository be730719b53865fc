/**
 * The listing's Size and Colour facets (issue 28, docs/decisions/014). A product's `option_facets` holds, lower-cased:
 * `size:<value>` and `colour:<value>` for every value one of its variants has, and `v:<size>|<colour>` for every
 * variant (either side empty when the product has no such option). Filters within a facet are "any of", across
 * facets "all of" — and across facets they must hold for one variant: `size=42&colour=red` matches a product that
 * sells a red 42, not one with a blue 42 and a red 43. Each facet's counts are taken over the products matching
 * every other filter (the standard disjunctive count).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  OPTION_FACETS,
  type FacetValueCount,
  type ListingFacets,
  type OptionFacet,
  type ProductListQuery,
} from '@emporium/contract';
import { products } from '../../db/schema.ts';

export const FACETS = Object.keys(OPTION_FACETS) as OptionFacet[];

/** A facet value as stored and compared: lower-case, with `|` (the variant entries' separator) written `/`. */
export function facetValue(value: string): string {
  return value.trim().toLowerCase().replace(/\|/g, '/');
}

/** The `option_facets` of a product whose variants have these facet values (`{size: '42', colour: 'Red'}`). */
export function facetEntries(variants: ReadonlyArray<Partial<Record<OptionFacet, string>>>): string[] {
  const entries = new Set<string>();
  for (const v of variants) {
    const size = v.size === undefined ? '' : facetValue(v.size);
    const colour = v.colour === undefined ? '' : facetValue(v.colour);
    if (size) entries.add(`size:${size}`);
    if (colour) entries.add(`colour:${colour}`);
    if (size || colour) entries.add(`v:${size}|${colour}`);
  }
  return [...entries];
}

/** The facet filters of a listing query: the values asked for per facet (empty: no filter). */
export type FacetFilters = Record<OptionFacet, string[]>;

export function facetFilters(query: Pick<ProductListQuery, OptionFacet>): FacetFilters {
  return { size: query.size.map(facetValue), colour: query.colour.map(facetValue) };
}

const other = (facet: OptionFacet): OptionFacet => (facet === 'size' ? 'colour' : 'size');

/** The variant entries that satisfy both facets' filters (every pair of an asked size and an asked colour). */
function pairs(filters: FacetFilters): string[] {
  return filters.size.flatMap((s) => filters.colour.map((c) => `v:${s}|${c}`));
}

/** Whether a product's entries satisfy the filters, leaving out `except`'s (for that facet's counts). */
export function offers(entries: readonly string[], filters: FacetFilters, except?: OptionFacet): boolean {
  const wanted = { ...filters, ...(except ? { [except]: [] } : {}) };
  if (wanted.size.length > 0 && wanted.colour.length > 0)
    return pairs(wanted).some((e) => entries.includes(e));
  return FACETS.every((f) => wanted[f].length === 0 || wanted[f].some((v) => entries.includes(`${f}:${v}`)));
}

/**
 * The values of `facet` a product counts towards: those of its variants that satisfy the other facet's filter
 * (all its values of `facet` when the other is not filtered).
 */
export function offeredValues(
  entries: readonly string[],
  facet: OptionFacet,
  filters: FacetFilters,
): string[] {
  const others = filters[other(facet)];
  if (others.length === 0) {
    return entries.filter((e) => e.startsWith(`${facet}:`)).map((e) => e.slice(facet.length + 1));
  }
  const values = new Set<string>();
  for (const e of entries) {
    if (!e.startsWith('v:')) continue;
    const [size = '', colour = ''] = e.slice(2).split('|');
    const [mine, theirs] = facet === 'size' ? [size, colour] : [colour, size];
    if (mine && others.includes(theirs)) values.add(mine);
  }
  return [...values];
}

/** Whether any Size or Colour value is asked for. */
export function filtersFacets(wanted: FacetFilters): boolean {
  return FACETS.some((f) => wanted[f].length > 0);
}

/**
 * The SQL condition of the facet filters (GIN-indexed `&&` on `option_facets`), leaving out `except`'s. With
 * `unindexed`, the same test inside a CASE, which PostgreSQL neither matches to the GIN index nor estimates (it takes
 * half the rows to match): it then walks an index in the listing's order and tests each row, which is what a filter
 * matching densely in its scope wants (the listing's scopeWhere).
 */
export function facetWhere(filters: FacetFilters, except?: OptionFacet, unindexed = false): SQL[] {
  const wanted = { ...filters, ...(except ? { [except]: [] } : {}) };
  const any = (entries: string[]) => {
    const test = sql`${products.optionFacets} && ${sql.param(entries)}::text[]`;
    return unindexed ? sql`(case when ${test} then true else false end)` : test;
  };
  if (wanted.size.length > 0 && wanted.colour.length > 0) return [any(pairs(wanted))];
  return FACETS.flatMap((f) => (wanted[f].length > 0 ? [any(wanted[f].map((v) => `${f}:${v}`))] : []));
}

/**
 * SQL counting, per value of `facet`, the products (within `scope` and the other facets' filters) that offer it
 * under the other facet's filter; rows `{value, n}`.
 */
export function facetCountQuery(facet: OptionFacet, filters: FacetFilters, scope: SQL[]): SQL {
  const conditions = [...scope, ...facetWhere(filters, facet), sql`${products.optionFacets} <> '{}'`];
  const others = filters[other(facet)];
  if (others.length === 0) {
    return sql`select substr(entry, ${facet.length + 2}) as value, count(*)::int as n
      from ${products}, unnest(${products.optionFacets}) as entry
      where ${sql.join(conditions, sql` and `)} and entry like ${`${facet}:%`} group by entry`;
  }
  const [mine, theirs] = facet === 'size' ? [1, 2] : [2, 1];
  return sql`select value, count(distinct id)::int as n from (
      select ${products.id} as id, split_part(substr(entry, 3), '|', ${mine}) as value,
             split_part(substr(entry, 3), '|', ${theirs}) as theirs
      from ${products}, unnest(${products.optionFacets}) as entry
      where ${sql.join(conditions, sql` and `)} and entry like 'v:%') e
    where value <> '' and theirs = any(${sql.param(others)}::text[]) group by value`;
}

const LETTER_SIZES = ['xxxs', 'xxs', 'xs', 's', 'm', 'l', 'xl', 'xxl', 'xxxl', '3xl', '4xl'];

/**
 * Facet values in the shop's order: sizes by number when numeric, else letter sizes from XS up, else by name;
 * colours by name.
 */
function facetOrder(facet: OptionFacet) {
  const rank = (v: string) => {
    if (facet !== 'size') return [2, 0, v] as const;
    if (/^\d+(\.\d+)?$/.test(v)) return [0, Number(v), v] as const;
    const letter = LETTER_SIZES.indexOf(v);
    return letter >= 0 ? ([1, letter, v] as const) : ([2, 0, v] as const);
  };
  return (a: FacetValueCount, b: FacetValueCount) => {
    const [ga, na, sa] = rank(a.value);
    const [gb, nb, sb] = rank(b.value);
    return ga - gb || na - nb || sa.localeCompare(sb);
  };
}

/** Per-facet counts of values as the listing's facets, each facet's values in the shop's order. */
export function toFacets(counts: Record<OptionFacet, Map<string, number>>): ListingFacets {
  const facets: ListingFacets = { size: [], colour: [] };
  for (const f of FACETS) {
    facets[f] = [...counts[f]].map(([value, count]) => ({ value, count })).sort(facetOrder(f));
  }
  return facets;
}

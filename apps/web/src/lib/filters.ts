import {
  BRANDS,
  CATEGORIES,
  DEFAULT_SORT,
  LIMITS,
  SORT_OPTIONS,
  type OptionFacet,
  type SortBy,
} from '@emporium/contract';

/**
 * The listing filters, persisted in session storage under `filters` and mirrored in the URL (DESIGN.md §5). `size`
 * and `colour` are the option facets (issue 28): lower-case values, as the server's facets answer them.
 */
export interface Filters {
  category: string[];
  brand: string[];
  size: string[];
  colour: string[];
}

export type FilterGroup = keyof Filters;

const FILTERS_KEY = 'filters';
export const FILTER_GROUPS: readonly FilterGroup[] = ['category', 'brand', 'size', 'colour'];
/** The groups whose values come from the catalog's variants (issue 28) rather than the contract's fixed lists. */
export const FACET_GROUPS: readonly OptionFacet[] = ['size', 'colour'];
const ALLOWED: Partial<Record<FilterGroup, readonly string[]>> = { category: CATEGORIES, brand: BRANDS };

export const EMPTY_FILTERS: Filters = { category: [], brand: [], size: [], colour: [] };

/**
 * The group's known values, without repeats: categories and brands from the contract's lists; facet values trimmed,
 * lower-cased, non-empty and short enough (as the server reads them), at most LIMITS.filterValues of them.
 */
function cleanValues(group: FilterGroup, values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const strings = values.filter((v): v is string => typeof v === 'string');
  const allowed = ALLOWED[group];
  if (allowed) {
    const known = new Set(allowed);
    return [...new Set(strings.filter((v) => known.has(v)))];
  }
  const facet = strings
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v.length > 0 && v.length <= LIMITS.optionValue.max);
  return [...new Set(facet)].slice(0, LIMITS.filterValues.max);
}

/** Every group read from `source` (a stored object or the URL's lists). */
function filtersFrom(read: (group: FilterGroup) => unknown): Filters {
  return {
    category: cleanValues('category', read('category')),
    brand: cleanValues('brand', read('brand')),
    size: cleanValues('size', read('size')),
    colour: cleanValues('colour', read('colour')),
  };
}

export function hasAnyFilter(filters: Filters): boolean {
  return FILTER_GROUPS.some((group) => filters[group].length > 0);
}

export function readStoredFilters(): Filters {
  try {
    const raw = sessionStorage.getItem(FILTERS_KEY);
    if (!raw) return EMPTY_FILTERS;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return EMPTY_FILTERS;
    const record = parsed as Record<string, unknown>;
    return filtersFrom((group) => record[group]);
  } catch {
    return EMPTY_FILTERS;
  }
}

/** Stores only the non-empty groups, e.g. `{"category":["Men"]}`. */
export function storeFilters(filters: Filters): void {
  const stored: Partial<Filters> = {};
  for (const group of FILTER_GROUPS) {
    if (filters[group].length > 0) stored[group] = filters[group];
  }
  sessionStorage.setItem(FILTERS_KEY, JSON.stringify(stored));
}

export function clearStoredFilters(): void {
  sessionStorage.removeItem(FILTERS_KEY);
}

export function parseSortBy(value: string | null): SortBy {
  return SORT_OPTIONS.find((option) => option.id === value)?.id ?? DEFAULT_SORT;
}

export function filtersFromSearchParams(params: URLSearchParams): Filters {
  return filtersFrom((group) =>
    params
      .getAll(group)
      .flatMap((value) => value.split(','))
      .map((value) => value.trim()),
  );
}

export function searchParamsHaveFilters(params: URLSearchParams): boolean {
  return FILTER_GROUPS.some((group) => params.has(group));
}

/**
 * `category=Men,Women&brand=Nike&size=42,43&sortBy=price-asc`: each group's values joined by commas (spec §4; the
 * facets, issue 28, the same way).
 */
export function buildFilterQuery(
  filters: Filters,
  extra: Record<string, string | number | undefined> = {},
): string {
  const parts: string[] = [];
  for (const group of FILTER_GROUPS) {
    if (filters[group].length > 0) {
      parts.push(`${group}=${filters[group].map((value) => encodeURIComponent(value)).join(',')}`);
    }
  }
  for (const [key, value] of Object.entries(extra)) {
    if (value !== undefined) parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return parts.join('&');
}

/** The listing URL filtered by one value, e.g. `/shop/listing?category=Men` (product page breadcrumbs and links). */
export function listingPathFor(group: FilterGroup, value: string): string {
  return `/shop/listing?${buildFilterQuery({ ...EMPTY_FILTERS, [group]: [value] })}`;
}

/** Stores a single-value filter and returns the listing URL that carries it (home tiles and header links). */
export function applySingleFilter(group: FilterGroup, value: string): string {
  storeFilters({ ...EMPTY_FILTERS, [group]: [value] });
  return listingPathFor(group, value);
}

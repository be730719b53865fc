import { BRANDS, CATEGORIES, DEFAULT_SORT, SORT_OPTIONS, type SortBy } from '@emporium/contract';

/** The listing filters, persisted in session storage under `filters` and mirrored in the URL (DESIGN.md §5). */
export interface Filters {
  category: string[];
  brand: string[];
}

export type FilterGroup = keyof Filters;

const FILTERS_KEY = 'filters';
export const FILTER_GROUPS: readonly FilterGroup[] = ['category', 'brand'];
const ALLOWED: Record<FilterGroup, readonly string[]> = { category: CATEGORIES, brand: BRANDS };

export const EMPTY_FILTERS: Filters = { category: [], brand: [] };

function cleanValues(group: FilterGroup, values: unknown): string[] {
  if (!Array.isArray(values)) return [];
  const allowed = new Set(ALLOWED[group]);
  return [...new Set(values.filter((v): v is string => typeof v === 'string' && allowed.has(v)))];
}

export function hasAnyFilter(filters: Filters): boolean {
  return filters.category.length > 0 || filters.brand.length > 0;
}

export function readStoredFilters(): Filters {
  try {
    const raw = sessionStorage.getItem(FILTERS_KEY);
    if (!raw) return EMPTY_FILTERS;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return EMPTY_FILTERS;
    const record = parsed as Record<string, unknown>;
    return { category: cleanValues('category', record.category), brand: cleanValues('brand', record.brand) };
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
  const read = (group: FilterGroup) =>
    cleanValues(
      group,
      params
        .getAll(group)
        .flatMap((value) => value.split(','))
        .map((value) => value.trim()),
    );
  return { category: read('category'), brand: read('brand') };
}

export function searchParamsHaveFilters(params: URLSearchParams): boolean {
  return params.has('category') || params.has('brand');
}

/** `category=Men,Women&brand=Nike&sortBy=price-asc`: each group's values joined by commas (spec §4). */
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

import { describe, expect, it } from 'vitest';
import { buildFilterQuery, EMPTY_FILTERS, filtersFromSearchParams, searchParamsHaveFilters } from './filters';

describe('listing filters in the URL', () => {
  it('reads the Size and Colour facets (issue 28) beside category and brand, lower-cased, without repeats', () => {
    const params = new URLSearchParams('category=Men,Nowhere&size=42, XL,42&colour=Red&colour=navy blue');
    expect(filtersFromSearchParams(params)).toEqual({
      category: ['Men'],
      brand: [],
      size: ['42', 'xl'],
      colour: ['red', 'navy blue'],
    });
    expect(searchParamsHaveFilters(new URLSearchParams('colour=red'))).toBe(true);
    expect(searchParamsHaveFilters(new URLSearchParams('sortBy=price-asc'))).toBe(false);
  });

  it('drops facet values longer than an option value may be', () => {
    expect(filtersFromSearchParams(new URLSearchParams(`size=${'x'.repeat(31)},m`)).size).toEqual(['m']);
  });

  it('writes every group as comma-joined values, facets after brand', () => {
    const query = buildFilterQuery(
      { ...EMPTY_FILTERS, brand: ['Nike'], size: ['42', '43'], colour: ['navy blue'] },
      { sortBy: 'price-asc' },
    );
    expect(query).toBe('brand=Nike&size=42,43&colour=navy%20blue&sortBy=price-asc');
    expect(filtersFromSearchParams(new URLSearchParams(query)).colour).toEqual(['navy blue']);
  });
});

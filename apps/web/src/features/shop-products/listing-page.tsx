import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LIMITS, type SortBy } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import {
  buildFilterQuery,
  filtersFromSearchParams,
  hasAnyFilter,
  parseSortBy,
  readStoredFilters,
  searchParamsHaveFilters,
  storeFilters,
  type FilterGroup,
  type Filters,
} from '@/lib/filters';
import { FilterPanel } from './filter-panel';
import { ProductGrid } from './product-grid';
import { fetchFilteredProducts, selectShopProducts } from './shop-products-slice';
import { SortMenu } from './sort-menu';

const PAGE_SIZE = LIMITS.pageSize.default;

/**
 * The listing (spec §2). The URL query is the source of truth, so a shared link or a reload keeps the filters; when
 * the URL carries no filter, the ones stored in session storage are moved into it.
 */
export function ListingPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [searchParams] = useSearchParams();
  const { productList, pagination, isLoading, isLoadingMore, listError } = useAppSelector(selectShopProducts);

  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const sortBy = parseSortBy(searchParams.get('sortBy'));
  const urlHasFilters = searchParamsHaveFilters(searchParams);

  const applyToUrl = (next: Filters, nextSort: SortBy) => {
    storeFilters(next);
    void navigate(
      { pathname, search: `?${buildFilterQuery(next, { sortBy: nextSort })}` },
      { replace: true },
    );
  };

  useEffect(() => {
    if (!urlHasFilters) {
      const stored = readStoredFilters();
      if (hasAnyFilter(stored)) {
        void navigate({ pathname, search: `?${buildFilterQuery(stored, { sortBy })}` }, { replace: true });
        return;
      }
    } else {
      storeFilters(filters);
    }
    void dispatch(fetchFilteredProducts({ filters, sortBy, page: 1, limit: PAGE_SIZE }));
  }, [filters, sortBy, urlHasFilters, pathname, navigate, dispatch]);

  const toggleFilter = (group: FilterGroup, value: string) => {
    const current = filters[group];
    const nextValues = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    applyToUrl({ ...filters, [group]: nextValues }, sortBy);
  };

  const loadMore = () => {
    if (!pagination) return;
    void dispatch(fetchFilteredProducts({ filters, sortBy, page: pagination.page + 1, limit: PAGE_SIZE }));
  };

  const total = pagination?.total ?? productList.length;
  const hasMore = pagination !== null && pagination.page < pagination.pages;

  return (
    <div className="grid grid-cols-1 gap-6 p-4 md:grid-cols-[240px_1fr] md:p-6">
      <FilterPanel filters={filters} onToggle={toggleFilter} />
      <section
        aria-labelledby="listing-heading"
        className="min-w-0 rounded-2xl border border-neutral-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center justify-between gap-3 border-b border-neutral-200 p-4">
          <h1 id="listing-heading" className="text-lg font-extrabold">
            All Products
          </h1>
          <div className="flex items-center gap-3">
            <span className="text-sm text-neutral-600" aria-live="polite">
              {`No. of Products: ${total}`}
            </span>
            <SortMenu sortBy={sortBy} onChange={(next) => applyToUrl(filters, next)} />
          </div>
        </div>
        <div className="p-4">
          {isLoading && productList.length === 0 ? (
            <div
              className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4"
              role="status"
            >
              <span className="sr-only">Loading...</span>
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-96" />
              ))}
            </div>
          ) : productList.length === 0 ? (
            <p className="py-12 text-center text-neutral-600">{listError ?? 'No products found'}</p>
          ) : (
            <ProductGrid products={productList} />
          )}
          {hasMore && (
            <div className="mt-6 flex justify-center">
              <Button variant="outline" onClick={loadMore} disabled={isLoadingMore}>
                {isLoadingMore ? 'Loading...' : 'Load more'}
              </Button>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

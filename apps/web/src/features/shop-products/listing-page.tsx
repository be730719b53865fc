import { useDeferredValue, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import { LIMITS, type SortBy } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { afterNextPaint } from '@/lib/after-next-paint';
import { useMediaQuery } from '@/lib/use-media-query';
import {
  EMPTY_FILTERS,
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
import { ActiveFilters, activeFilterValues } from './active-filters';
import { FilterDrawer, FilterPanel } from './filter-panel';
import { ProductGrid } from './product-grid';
import {
  fetchFilteredProducts,
  listQueryKey,
  listingScrollSaved,
  type ShopProductsState,
} from './shop-products-slice';
import { SortMenu } from './sort-menu';

const PAGE_SIZE = LIMITS.pageSize.default;
/** From this width the filters are a side panel; below it they are in a drawer (Tailwind's `lg`). */
const SIDE_PANEL_QUERY = '(min-width: 1024px)';
/** Two columns on phones, three on tablets and beside the side panel, four on wide screens. */
const GRID_CLASS = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4';

/**
 * Keeps where the shopper scrolled the listing and puts it back on Back from a product. The position is tracked
 * while the listing is on screen (reading it at unmount would see the next page's layout) and saved for the history
 * entry; the listener is a layout effect so it is gone before the next page's own scrolling.
 */
function useListingScroll(restoreTo: number | null) {
  const dispatch = useAppDispatch();
  const { key } = useLocation();
  const keyRef = useRef(key);

  useLayoutEffect(() => {
    keyRef.current = key;
  }, [key]);

  useLayoutEffect(() => {
    if (restoreTo !== null) window.scrollTo(0, restoreTo);
  }, [restoreTo]);

  const yRef = useRef(0);
  // Read once the first frame is painted, when the layout is up to date: reading scrollY while the new page's layout
  // is pending forces it on the spot, inside React's work (61 ms at Lighthouse's 4x CPU, its forced-reflow insight).
  // Scrolling before then is caught by the listener below.
  useEffect(
    () =>
      afterNextPaint(() => {
        yRef.current = window.scrollY;
      }),
    [],
  );

  useLayoutEffect(() => {
    const onScroll = () => {
      yRef.current = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      dispatch(listingScrollSaved({ locationKey: keyRef.current, y: yRef.current }));
    };
  }, [dispatch]);
}

/**
 * One field of the shopProducts slice. The listing selects field by field, so a change it does not show (the product
 * dialog opening, its details arriving) does not re-render it (issue 29).
 */
function useShopProducts<K extends keyof ShopProductsState>(key: K): ShopProductsState[K] {
  return useAppSelector((state) => state.shopProducts[key]);
}

/**
 * The listing (spec §2). The URL query is the source of truth, so a shared link or a reload keeps the filters; when
 * the URL carries no filter, the ones stored in session storage are moved into it. Back from a product page shows
 * the same loaded pages at the same scroll position.
 */
export function ListingPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const navigationType = useNavigationType();
  const location = useLocation();
  const { pathname } = location;
  const [searchParams] = useSearchParams();
  const productList = useShopProducts('productList');
  const pagination = useShopProducts('pagination');
  const isLoading = useShopProducts('isLoading');
  const isLoadingMore = useShopProducts('isLoadingMore');
  const listError = useShopProducts('listError');
  const listQuery = useShopProducts('listQuery');
  const listingScroll = useShopProducts('listingScroll');
  const facets = useShopProducts('facets');

  const sidePanel = useMediaQuery(SIDE_PANEL_QUERY);
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const sortBy = parseSortBy(searchParams.get('sortBy'));
  const urlHasFilters = searchParamsHaveFilters(searchParams);
  const queryKey = listQueryKey(filters, sortBy);
  // The cards render in the background (interruptible, in slices of a few ms) after the list arrives, so a page of
  // cards never blocks input in one long task; until they have rendered, the skeleton stays.
  const shownList = useDeferredValue(productList);
  // Until the list for these filters has been answered (its request starts after the first render) and its cards
  // have rendered, the skeleton shows, never "No products found".
  const answered = listQuery === queryKey || listError !== null;
  const waiting = !answered || isLoading || shownList !== productList;

  // Decided once, when the listing mounts: a history step (Back/Forward) to the list the store still holds shows
  // it as it was, with all its loaded pages, and scrolls to where this history entry was left.
  const [restored] = useState(() => {
    const reusable = navigationType === 'POP' && listQuery === queryKey && productList.length > 0;
    const y = reusable && listingScroll?.locationKey === location.key ? listingScroll.y : null;
    return { list: reusable, y };
  });
  useListingScroll(restored.y);
  /** The filters and sort of the list last asked for, so an effect re-run for the same query fetches nothing. */
  const requestedKey = useRef<string | null>(restored.list ? queryKey : null);

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
    const key = listQueryKey(filters, sortBy);
    if (requestedKey.current === key) return;
    requestedKey.current = key;
    void dispatch(fetchFilteredProducts({ filters, sortBy, page: 1, limit: PAGE_SIZE }));
  }, [filters, sortBy, urlHasFilters, pathname, navigate, dispatch]);

  // A new sort is applied once the frame that closes the menu is painted: the URL, the stored filters and the
  // listing's re-render then stay out of the tap's frame (issue 29). Cancelled if the listing goes first.
  const pendingSort = useRef<() => void>(undefined);
  useEffect(() => () => pendingSort.current?.(), []);
  const changeSort = (next: SortBy) => {
    pendingSort.current?.();
    pendingSort.current = afterNextPaint(() => applyToUrl(filters, next));
  };

  const toggleFilter = (group: FilterGroup, value: string) => {
    const current = filters[group];
    const nextValues = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
    applyToUrl({ ...filters, [group]: nextValues }, sortBy);
  };
  const clearFilters = () => applyToUrl(EMPTY_FILTERS, sortBy);

  const loadMore = () => {
    if (!pagination) return;
    void dispatch(fetchFilteredProducts({ filters, sortBy, page: pagination.page + 1, limit: PAGE_SIZE }));
  };

  const total = pagination?.total ?? productList.length;
  const hasMore = pagination !== null && pagination.page < pagination.pages;
  const active = activeFilterValues(filters);
  const heading = active.length > 0 ? active.map(({ label }) => label).join(' · ') : 'All Products';

  return (
    <div className="grid grid-cols-1 gap-6 p-3 sm:p-4 md:p-6 lg:grid-cols-[240px_1fr]">
      {sidePanel && <FilterPanel filters={filters} facets={facets} onToggle={toggleFilter} />}
      <section
        aria-labelledby="listing-heading"
        className="min-w-0 rounded-2xl border border-neutral-200 bg-white shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-3 border-b border-neutral-200 p-3 sm:p-4">
          <h1 id="listing-heading" className="min-w-0 flex-auto text-lg font-extrabold break-words">
            {heading}
          </h1>
          {/* As wide as four digits from the start, so the count arriving moves nothing (issue 46: layout shift). */}
          <span
            className="inline-block min-w-[20ch] text-sm text-neutral-600 tabular-nums"
            aria-live="polite"
          >
            {`No. of Products: ${total}`}
          </span>
          <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
            {!sidePanel && (
              <FilterDrawer
                filters={filters}
                facets={facets}
                total={total}
                isLoading={isLoading}
                onToggle={toggleFilter}
                onClearAll={clearFilters}
              />
            )}
            <SortMenu sortBy={sortBy} onChange={changeSort} />
          </div>
        </div>
        <ActiveFilters filters={filters} onRemove={toggleFilter} onClearAll={clearFilters} />
        <div className="p-3 sm:p-4">
          {waiting && shownList.length === 0 ? (
            <div className={GRID_CLASS} role="status">
              <span className="sr-only">Loading...</span>
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} className="h-96" />
              ))}
            </div>
          ) : shownList.length === 0 ? (
            <div className="flex flex-col items-center gap-4 py-12 text-center">
              <p className="text-neutral-600">{listError ?? 'No products found'}</p>
              {active.length > 0 && (
                <Button variant="outline" onClick={clearFilters}>
                  Clear filters
                </Button>
              )}
            </div>
          ) : (
            <ProductGrid products={shownList} className={GRID_CLASS} heading="Products" />
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

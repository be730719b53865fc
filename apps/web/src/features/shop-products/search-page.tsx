import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CATEGORIES, SEARCH_DEBOUNCE_MS, SEARCH_MAX_HITS, SEARCH_MIN_CHARS } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ProductGrid } from './product-grid';
import { getSearchResults, searchResultsCleared, selectSearch } from './search-slice';

/** "1 product", "36 products", "Showing 48 of 120 products" while more matches than shown remain. */
function resultCount(total: number, shown: number): string {
  const count = Math.max(total, shown);
  const noun = count === 1 ? 'product' : 'products';
  const all = count >= SEARCH_MAX_HITS ? `${SEARCH_MAX_HITS}+` : String(count);
  return shown < count ? `Showing ${shown} of ${all} ${noun}` : `${all} ${noun}`;
}

/** "“15” was left out", "“red” and “xl” were left out". */
function leftOut(words: string[]): string {
  const quoted = words.map((w) => `"${w}"`);
  const list = quoted.length > 1 ? `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}` : quoted[0];
  return `${list} ${words.length > 1 ? 'were' : 'was'} left out`;
}

/**
 * The search page (spec §2, §4): the query lives in `searchQuery` in the URL (a shared link or a reload searches
 * again), runs 500 ms after typing stops when longer than 2 characters, and clears the results when emptied. Above
 * the results: how many products matched and, when the server corrected a misspelt word, the query they are for.
 * When nothing matched and the server knows a close query that finds something, "Did you mean <that query>?" links
 * to its search (issue 28), and the page offers the categories and a few popular products (issue 40). When the words
 * found nothing together and the server left some out, the page says for which words the results are and which
 * were left out.
 * Results come 48 at a time (SEARCH_PAGE_SIZE); "Load more" under them (with "Showing n of m products") adds the next
 * page, so every match the server ranks can be reached.
 */
export function SearchPage() {
  const dispatch = useAppDispatch();
  const [searchParams, setSearchParams] = useSearchParams();
  const urlQuery = searchParams.get('searchQuery') ?? '';
  const [keyword, setKeyword] = useState(urlQuery);
  const {
    searchResults,
    total,
    page,
    pages,
    correctedQuery,
    suggestion,
    matchedQuery,
    unmatchedWords,
    popular,
    isLoading,
    isLoadingMore,
    error,
    moreError,
    query,
  } = useAppSelector(selectSearch);
  const countRef = useRef<HTMLParagraphElement>(null);
  const loadMoreRef = useRef<HTMLButtonElement>(null);
  const resultsRef = useRef<HTMLDivElement>(null);
  const hasMore = page < pages;

  useEffect(() => {
    const text = keyword.trim();
    if (text === '') {
      if (query !== '') dispatch(searchResultsCleared());
      if (urlQuery !== '') setSearchParams({}, { replace: true });
      return;
    }
    if (text.length < SEARCH_MIN_CHARS || (text === urlQuery && text === query)) return;
    const timer = setTimeout(() => {
      if (text !== urlQuery) setSearchParams({ searchQuery: text }, { replace: true });
      if (text !== query) void dispatch(getSearchResults({ query: text }));
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword, urlQuery, query, dispatch, setSearchParams]);

  // Keyboard focus stays on "Load more" while more remain. When the last page arrives the button goes away, so the
  // focus moves to the first product it brought (its first control) instead of falling back to the page's top.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (hasMore || isLoadingMore || from === null) return;
    focusFrom.current = null;
    if (document.activeElement !== document.body) return;
    const card = resultsRef.current?.querySelectorAll('[data-testid="product-card"]')[from];
    const target = card?.querySelector<HTMLElement>('a[href], button:not([disabled])') ?? countRef.current;
    target?.focus();
  }, [hasMore, isLoadingMore]);

  const loadMore = () => {
    if (isLoadingMore || !hasMore) return;
    focusFrom.current = document.activeElement === loadMoreRef.current ? searchResults.length : null;
    void dispatch(getSearchResults({ query, page: page + 1 }));
  };

  // The suggestion's link changes the URL like typing does; its search starts at once, without the typing delay.
  const searchSuggestion = (text: string) => {
    setKeyword(text);
    void dispatch(getSearchResults({ query: text }));
  };

  const active = keyword.trim().length >= SEARCH_MIN_CHARS && query !== '';
  return (
    <section className="mx-auto w-full max-w-7xl space-y-6 p-4 md:p-6">
      <div className="mx-auto max-w-2xl">
        <Label htmlFor="search-products" className="sr-only">
          Search for products
        </Label>
        <Input
          id="search-products"
          type="search"
          autoFocus
          placeholder="Search for products"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          className="h-12 text-base"
        />
      </div>
      {active &&
        (isLoading ? (
          <p role="status" className="text-center text-neutral-600">
            Loading search results...
          </p>
        ) : error ? (
          <p role="alert" className="text-center text-red-700">
            Error: {error}
          </p>
        ) : searchResults.length === 0 ? (
          <div className="space-y-6">
            <div className="space-y-2 text-center text-neutral-600">
              <p>{`No products found for "${query}"`}</p>
              {suggestion && (
                <p>
                  {'Did you mean '}
                  <Link
                    to={{ search: `?${new URLSearchParams({ searchQuery: suggestion })}` }}
                    replace
                    onClick={() => searchSuggestion(suggestion)}
                    className="font-semibold text-neutral-900 underline underline-offset-4 hover:text-neutral-700"
                  >
                    {suggestion}
                  </Link>
                  ?
                </p>
              )}
            </div>
            <nav aria-labelledby="search-categories" className="space-y-2">
              <h2 id="search-categories" className="text-lg font-semibold">
                Browse the categories
              </h2>
              <ul className="flex flex-wrap gap-2">
                {CATEGORIES.map((c) => (
                  <li key={c}>
                    <Link
                      to={`/shop/listing?category=${encodeURIComponent(c)}`}
                      className="inline-flex min-h-11 items-center rounded-full border border-neutral-300 px-4 text-sm hover:bg-neutral-100"
                    >
                      {c}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {popular.length > 0 && (
              <section aria-labelledby="search-popular" className="space-y-2">
                <h2 id="search-popular" className="text-lg font-semibold">
                  Popular products
                </h2>
                <ProductGrid products={popular} />
              </section>
            )}
          </div>
        ) : (
          <div className="space-y-4">
            <div className="space-y-1">
              <h1 className="text-xl font-bold">{`Search Results for "${query}"`}</h1>
              <p ref={countRef} tabIndex={-1} role="status" className="text-sm text-neutral-600 outline-none">
                {resultCount(total, searchResults.length)}
                {matchedQuery ? (
                  <>
                    {' · Showing results for "'}
                    <strong className="font-semibold text-neutral-900">{matchedQuery}</strong>
                    {`" · ${leftOut(unmatchedWords)}`}
                  </>
                ) : (
                  correctedQuery && (
                    <>
                      {' · Showing results for "'}
                      <strong className="font-semibold text-neutral-900">{correctedQuery}</strong>
                      {'"'}
                    </>
                  )
                )}
              </p>
            </div>
            <div ref={resultsRef}>
              <ProductGrid products={searchResults} heading="Results" />
            </div>
            {moreError && (
              <p role="alert" className="text-center text-red-700">
                Error: {moreError}
              </p>
            )}
            {hasMore ? (
              <div className="flex flex-col items-center gap-2 pt-2">
                <p id="search-more-count" className="text-sm text-neutral-600">
                  {resultCount(total, searchResults.length)}
                </p>
                {/* aria-disabled, not disabled, while loading: a disabled button would drop the keyboard focus. */}
                <Button
                  ref={loadMoreRef}
                  variant="outline"
                  onClick={loadMore}
                  aria-disabled={isLoadingMore}
                  aria-describedby="search-more-count"
                  className="h-11 min-w-40"
                >
                  {isLoadingMore ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : (
              // The server ranks at most SEARCH_MAX_HITS matches: say so rather than imply these are all.
              total >= SEARCH_MAX_HITS && (
                <p className="text-center text-sm text-neutral-600">
                  {`These are the best ${searchResults.length} matches. Refine your search to see others.`}
                </p>
              )
            )}
          </div>
        ))}
    </section>
  );
}

/** The `shopSearch` slice: results of the search page (spec §2 Search, §4), loaded a page at a time. */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Product, SearchResponse } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';
import { productRefreshed, replaceProduct } from './shop-products-slice';

/** Results per request: the first answer and each "Load more" (the server allows up to 100). */
export const SEARCH_PAGE_SIZE = 48;

export interface SearchState {
  query: string;
  /** Every page loaded so far for `query`, best match first. */
  searchResults: Product[];
  /** Matches in all (the server counts up to SEARCH_MAX_HITS). */
  total: number;
  /** The last page loaded and how many there are: "Load more" shows while `page < pages`. */
  page: number;
  pages: number;
  /** Set when the server corrected a misspelt word: the results are for this query. */
  correctedQuery: string | null;
  /** Set when nothing was found but a close query finds something: "Did you mean …" (issue 28). */
  suggestion: string | null;
  /** Set when words were left out to find something (issue 40): the words used and those left out. */
  matchedQuery: string | null;
  unmatchedWords: string[];
  /** On an empty answer: a few popular products in stock (issue 40). */
  popular: Product[];
  isLoading: boolean;
  isLoadingMore: boolean;
  error: string | null;
  /** Why the last "Load more" failed; the results already shown stay. */
  moreError: string | null;
}

const initialState: SearchState = {
  query: '',
  searchResults: [],
  total: 0,
  page: 0,
  pages: 0,
  correctedQuery: null,
  suggestion: null,
  matchedQuery: null,
  unmatchedWords: [],
  popular: [],
  isLoading: false,
  isLoadingMore: false,
  error: null,
  moreError: null,
};

interface SearchAnswer {
  products: Product[];
  total: number;
  page: number;
  pages: number;
  correctedQuery: string | null;
  suggestion: string | null;
  matchedQuery: string | null;
  unmatchedWords: string[];
  popular: Product[];
}

/** One page of matches for a query: page 1 replaces the results, later pages ("Load more") append to them. */
export const getSearchResults = createAsyncThunk<
  SearchAnswer,
  { query: string; page?: number },
  { rejectValue: string }
>('shopSearch/resultsFetched', async ({ query, page = 1 }, { rejectWithValue, signal }) => {
  try {
    const body = await apiRequest<SearchResponse>(
      `/api/shop/search/${encodeURIComponent(query)}?page=${page}&limit=${SEARCH_PAGE_SIZE}`,
      { signal },
    );
    return {
      products: body.data,
      total: body.pagination.total,
      page: body.pagination.page,
      pages: body.pagination.pages,
      correctedQuery: body.correctedQuery ?? null,
      suggestion: body.suggestion ?? null,
      matchedQuery: body.matchedQuery ?? null,
      unmatchedWords: body.unmatchedWords ?? [],
      popular: body.popular ?? [],
    };
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Network error occurred'));
  }
});

const isMore = (arg: { page?: number }) => (arg.page ?? 1) > 1;

const searchSlice = createSlice({
  name: 'shopSearch',
  initialState,
  reducers: {
    searchResultsCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(getSearchResults.pending, (state, action) => {
        if (isMore(action.meta.arg)) {
          if (state.query !== action.meta.arg.query) return;
          state.isLoadingMore = true;
          state.moreError = null;
          return;
        }
        state.query = action.meta.arg.query;
        state.isLoading = true;
        state.isLoadingMore = false;
        state.error = null;
        state.moreError = null;
      })
      .addCase(getSearchResults.fulfilled, (state, action) => {
        if (state.query !== action.meta.arg.query) return;
        const {
          products,
          total,
          page,
          pages,
          correctedQuery,
          suggestion,
          matchedQuery,
          unmatchedWords,
          popular,
        } = action.payload;
        if (isMore(action.meta.arg)) {
          // A product can move up a page when the catalog changes between requests: show it once.
          const shown = new Set(state.searchResults.map((p) => p._id));
          state.searchResults.push(...products.filter((p) => !shown.has(p._id)));
          state.isLoadingMore = false;
        } else {
          state.searchResults = products;
          state.correctedQuery = correctedQuery;
          state.suggestion = suggestion;
          state.matchedQuery = matchedQuery;
          state.unmatchedWords = unmatchedWords;
          state.popular = popular;
          state.isLoading = false;
        }
        state.total = total;
        state.page = page;
        state.pages = pages;
      })
      .addCase(getSearchResults.rejected, (state, action) => {
        if (state.query !== action.meta.arg.query || action.meta.aborted) return;
        if (isMore(action.meta.arg)) {
          state.isLoadingMore = false;
          state.moreError = action.payload ?? 'Network error occurred';
          return;
        }
        state.searchResults = [];
        state.total = 0;
        state.page = 0;
        state.pages = 0;
        state.correctedQuery = null;
        state.suggestion = null;
        state.matchedQuery = null;
        state.unmatchedWords = [];
        state.popular = [];
        state.error = action.payload ?? 'Network error occurred';
        state.isLoading = false;
      })
      .addCase(productRefreshed.fulfilled, (state, action) => {
        state.searchResults = replaceProduct(state.searchResults, action.payload);
      });
  },
  selectors: { selectSearch: (state) => state },
});

export const { searchResultsCleared } = searchSlice.actions;
declare module '@/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration merges into the store's
  export interface LazyLoadedSlices extends WithSlice<typeof searchSlice> {}
}

// Injected when the search page first loads, so other pages do not download the slice.
const withSearchSlice = searchSlice.injectInto(rootReducer);

export const { selectSearch } = withSearchSlice.selectors;

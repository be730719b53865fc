/** The `shopSearch` slice: results of the search page (spec §2 Search, §4). */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Product, SearchResponse } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';
import { productRefreshed, replaceProduct } from './shop-products-slice';

export interface SearchState {
  query: string;
  searchResults: Product[];
  /** Matches in all (the server counts up to SEARCH_MAX_HITS); the page shows the first 48. */
  total: number;
  /** Set when the server corrected a misspelt word: the results are for this query. */
  correctedQuery: string | null;
  isLoading: boolean;
  error: string | null;
}

const initialState: SearchState = {
  query: '',
  searchResults: [],
  total: 0,
  correctedQuery: null,
  isLoading: false,
  error: null,
};

interface SearchAnswer {
  products: Product[];
  total: number;
  correctedQuery: string | null;
}

export const getSearchResults = createAsyncThunk<SearchAnswer, string, { rejectValue: string }>(
  'shopSearch/resultsFetched',
  async (query, { rejectWithValue, signal }) => {
    try {
      const body = await apiRequest<SearchResponse>(
        `/api/shop/search/${encodeURIComponent(query)}?limit=48`,
        { signal },
      );
      return {
        products: body.data,
        total: body.pagination?.total ?? body.data.length,
        correctedQuery: body.correctedQuery ?? null,
      };
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Network error occurred'));
    }
  },
);

const searchSlice = createSlice({
  name: 'shopSearch',
  initialState,
  reducers: {
    searchResultsCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(getSearchResults.pending, (state, action) => {
        state.query = action.meta.arg;
        state.isLoading = true;
        state.error = null;
      })
      .addCase(getSearchResults.fulfilled, (state, action) => {
        if (state.query !== action.meta.arg) return;
        state.searchResults = action.payload.products;
        state.total = action.payload.total;
        state.correctedQuery = action.payload.correctedQuery;
        state.isLoading = false;
      })
      .addCase(getSearchResults.rejected, (state, action) => {
        if (state.query !== action.meta.arg || action.meta.aborted) return;
        state.searchResults = [];
        state.total = 0;
        state.correctedQuery = null;
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

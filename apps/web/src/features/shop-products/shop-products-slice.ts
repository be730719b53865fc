import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ListingFacets, Pagination, Product, SortBy } from '@emporium/contract';
import { buildFilterQuery, type Filters } from '@/lib/filters';
import { getFeaturedProducts, getProductDetails, getProducts, type ProductListParams } from './products-api';

/** Which filters and sort a loaded list answers, e.g. `category=Men&sortBy=price-asc`. */
export function listQueryKey(filters: Filters, sortBy: SortBy): string {
  return buildFilterQuery(filters, { sortBy });
}

/** Where the shopper had scrolled the listing, for the history entry (`location.key`) it was shown at. */
export interface ListingScroll {
  locationKey: string;
  y: number;
}

export interface ShopProductsState {
  productList: Product[];
  pagination: Pagination | null;
  isLoading: boolean;
  isLoadingMore: boolean;
  listError: string | null;
  listRequestId: string | null;
  /**
   * The filters and sort `productList` was loaded for (listQueryKey), with every page loaded so far: going Back to
   * the listing from a product shows them again as they were instead of reloading page 1.
   */
  listQuery: string | null;
  /** The Size and Colour facets of the last list answered (issue 28), counted for its filters; null before one. */
  facets: ListingFacets | null;
  listingScroll: ListingScroll | null;
  featuredList: Product[];
  isFeaturedLoading: boolean;
  productDetails: Product | null;
  isDetailsLoading: boolean;
  isDetailsOpen: boolean;
  detailsRequestId: string | null;
}

const initialState: ShopProductsState = {
  productList: [],
  pagination: null,
  isLoading: false,
  isLoadingMore: false,
  listError: null,
  listRequestId: null,
  listQuery: null,
  facets: null,
  listingScroll: null,
  featuredList: [],
  // True until the first answer: the home page's first render, before its request starts, shows the skeleton.
  isFeaturedLoading: true,
  productDetails: null,
  isDetailsLoading: false,
  isDetailsOpen: false,
  detailsRequestId: null,
};

/** Page 1 replaces the list; later pages ("Load more") append to it. */
export const fetchFilteredProducts = createAsyncThunk(
  'shopProducts/fetchFiltered',
  (params: ProductListParams) => getProducts(params),
);

/** Home's Featured Products: the admin's picks in order, else the first 12 by price (issue 28). */
export const fetchFeaturedProducts = createAsyncThunk('shopProducts/fetchFeatured', () =>
  getFeaturedProducts(),
);

export const fetchProductDetails = createAsyncThunk('shopProducts/fetchDetails', (id: string) =>
  getProductDetails(id),
);

/** Re-reads one product after a change (a review) and updates it wherever it is shown. */
export const productRefreshed = createAsyncThunk(
  'shopProducts/productRefreshed',
  async (id: string) => (await getProductDetails(id)).data,
);

/** Replaces `product` in `list` by id, if present. */
export function replaceProduct(list: Product[], product: Product): Product[] {
  return list.map((p) => (p._id === product._id ? product : p));
}

const shopProductsSlice = createSlice({
  name: 'shopProducts',
  initialState,
  reducers: {
    listingScrollSaved(state, action: PayloadAction<ListingScroll>) {
      state.listingScroll = action.payload;
    },
    productDetailsCleared(state) {
      state.productDetails = null;
      state.isDetailsLoading = false;
      state.isDetailsOpen = false;
      state.detailsRequestId = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchFilteredProducts.pending, (state, action) => {
        // Only the latest request may fill the list, so a slow answer for old filters never wins.
        state.listRequestId = action.meta.requestId;
        state.listError = null;
        if (action.meta.arg.page > 1) {
          state.isLoadingMore = true;
        } else {
          state.isLoading = true;
          state.isLoadingMore = false;
        }
      })
      .addCase(fetchFilteredProducts.fulfilled, (state, action) => {
        if (state.listRequestId !== action.meta.requestId) return;
        const { data, pagination } = action.payload;
        const { filters, sortBy, page } = action.meta.arg;
        state.productList = page > 1 ? [...state.productList, ...data] : data;
        state.pagination = pagination;
        state.listQuery = listQueryKey(filters, sortBy);
        state.facets = action.payload.facets ?? null;
        state.isLoading = false;
        state.isLoadingMore = false;
      })
      .addCase(fetchFilteredProducts.rejected, (state, action) => {
        if (state.listRequestId !== action.meta.requestId) return;
        if (action.meta.arg.page === 1) {
          state.productList = [];
          state.pagination = null;
          state.listQuery = null;
        }
        state.listError = action.error.message ?? null;
        state.isLoading = false;
        state.isLoadingMore = false;
      })
      .addCase(fetchFeaturedProducts.pending, (state) => {
        state.isFeaturedLoading = true;
      })
      .addCase(fetchFeaturedProducts.fulfilled, (state, action) => {
        state.featuredList = action.payload.data;
        state.isFeaturedLoading = false;
      })
      .addCase(fetchFeaturedProducts.rejected, (state) => {
        state.featuredList = [];
        state.isFeaturedLoading = false;
      })
      .addCase(fetchProductDetails.pending, (state, action) => {
        state.detailsRequestId = action.meta.requestId;
        state.productDetails = null;
        state.isDetailsLoading = true;
        state.isDetailsOpen = true;
      })
      .addCase(fetchProductDetails.fulfilled, (state, action) => {
        if (state.detailsRequestId !== action.meta.requestId) return;
        state.productDetails = action.payload.data;
        state.isDetailsLoading = false;
      })
      .addCase(fetchProductDetails.rejected, (state, action) => {
        if (state.detailsRequestId !== action.meta.requestId) return;
        state.productDetails = null;
        state.isDetailsLoading = false;
      })
      .addCase(productRefreshed.fulfilled, (state, action) => {
        const product = action.payload;
        if (state.productDetails?._id === product._id) state.productDetails = product;
        state.productList = replaceProduct(state.productList, product);
        state.featuredList = replaceProduct(state.featuredList, product);
      });
  },
});

export const { listingScrollSaved, productDetailsCleared } = shopProductsSlice.actions;
export const shopProductsReducer = shopProductsSlice.reducer;

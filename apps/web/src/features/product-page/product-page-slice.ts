/**
 * The `productPage` slice: the product shown at /shop/product/:id. It arrives with the page's chunk and injects
 * itself into the store (Redux Toolkit's combineSlices pattern, like the admin slices).
 */
import { createAsyncThunk, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { Product, ProductDetails } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { ApiError } from '@/lib/api';
import { getProduct } from './product-page-api';

export type ProductPageStatus = 'idle' | 'loading' | 'loaded' | 'not-found' | 'failed';

export interface ProductPageState {
  /** The id the page asked for last; the product shown belongs to it. */
  productId: string | null;
  product: ProductDetails | null;
  status: ProductPageStatus;
  requestId: string | null;
}

const initialState: ProductPageState = { productId: null, product: null, status: 'idle', requestId: null };

export const fetchProductPage = createAsyncThunk<
  ProductDetails,
  string,
  { rejectValue: 'not-found' | 'failed' }
>('productPage/fetched', async (id, { rejectWithValue }) => {
  try {
    return (await getProduct(id)).data;
  } catch (error) {
    // A malformed id is refused as 400, an unknown one as 404: both mean there is no such product.
    const notFound = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return rejectWithValue(notFound ? 'not-found' : 'failed');
  }
});

const productPageSlice = createSlice({
  name: 'productPage',
  initialState,
  reducers: {
    /** The product re-read after a review changed its rating (its options and variants kept when not re-sent). */
    productPageUpdated(state, action: PayloadAction<Product>) {
      if (state.productId === action.payload._id && state.product) {
        state.product = { ...state.product, ...action.payload };
      }
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchProductPage.pending, (state, action) => {
        state.requestId = action.meta.requestId;
        // Coming back to the same product keeps it on screen while it is re-read (stock may have changed).
        if (state.productId !== action.meta.arg) state.product = null;
        state.productId = action.meta.arg;
        state.status = 'loading';
      })
      .addCase(fetchProductPage.fulfilled, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        state.product = action.payload;
        state.status = 'loaded';
      })
      .addCase(fetchProductPage.rejected, (state, action) => {
        if (state.requestId !== action.meta.requestId) return;
        state.product = null;
        state.status = action.payload ?? 'failed';
      });
  },
  selectors: { selectProductPage: (state) => state },
});

declare module '@/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration merges into the store's
  export interface LazyLoadedSlices extends WithSlice<typeof productPageSlice> {}
}

const withProductPage = productPageSlice.injectInto(rootReducer);

export const { productPageUpdated } = productPageSlice.actions;
export const { selectProductPage } = withProductPage.selectors;

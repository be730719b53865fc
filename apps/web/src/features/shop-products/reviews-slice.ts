/**
 * The `reviews` slice: the reviews of the product open in the detail dialog or page (spec §2, §5, §7), and whether
 * the signed-in shopper may review it (only buyers may; DESIGN.md §4). Injected into the store when the reviews'
 * code first loads (a product's dialog or page), so the shop's first pages do not download it (issue 28: the home
 * page's JavaScript budget).
 */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type {
  Review,
  ReviewEligibility,
  ReviewEligibilityResponse,
  ReviewListResponse,
  ReviewResponse,
} from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';

export interface ReviewsState {
  reviews: Review[];
  productId: string | null;
  isLoading: boolean;
  /**
   * Whether the shopper may review `eligibility.productId`, from the latest request (`requestId`); `failed` means
   * unknown, and then the form is shown and the server decides.
   */
  eligibility: {
    productId: string | null;
    requestId: string | null;
    status: 'idle' | 'loading' | 'succeeded' | 'failed';
    canReview: boolean;
    reason: string | null;
  };
}

const initialState: ReviewsState = {
  reviews: [],
  productId: null,
  isLoading: false,
  eligibility: { productId: null, requestId: null, status: 'idle', canReview: false, reason: null },
};

export const fetchReviews = createAsyncThunk('reviews/fetched', async (productId: string) => {
  return (await apiRequest<ReviewListResponse>(`/api/shop/reviews/get/${productId}`)).data;
});

export const fetchReviewEligibility = createAsyncThunk<ReviewEligibility, string>(
  'reviews/eligibilityFetched',
  async (productId) =>
    (await apiRequest<ReviewEligibilityResponse>(`/api/shop/reviews/eligibility/${productId}`)).data,
);

export const addReview = createAsyncThunk<
  Review,
  { userId: string; productId: string; rating: number; comment: string },
  { rejectValue: string }
>('reviews/added', async (body, { rejectWithValue }) => {
  try {
    return (
      await apiRequest<ReviewResponse>(`/api/shop/reviews/add/${body.productId}`, { method: 'POST', body })
    ).data;
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to add review. Please try again.'));
  }
});

export const deleteReview = createAsyncThunk<string, string, { rejectValue: string }>(
  'reviews/deleted',
  async (reviewId, { rejectWithValue }) => {
    try {
      await apiRequest(`/api/shop/reviews/delete/${reviewId}`, { method: 'DELETE' });
      return reviewId;
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to delete review'));
    }
  },
);

const reviewsSlice = createSlice({
  name: 'reviews',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchReviews.pending, (state, action) => {
        state.isLoading = true;
        if (state.productId !== action.meta.arg) state.reviews = [];
        state.productId = action.meta.arg;
      })
      .addCase(fetchReviews.fulfilled, (state, action) => {
        if (state.productId !== action.meta.arg) return;
        state.reviews = action.payload;
        state.isLoading = false;
      })
      .addCase(fetchReviews.rejected, (state) => {
        state.reviews = [];
        state.isLoading = false;
      })
      .addCase(fetchReviewEligibility.pending, (state, action) => {
        const { arg: productId, requestId } = action.meta;
        // A re-check of the same product (after adding or deleting a review) keeps showing the last answer.
        state.eligibility =
          state.eligibility.productId === productId
            ? { ...state.eligibility, requestId }
            : { productId, requestId, status: 'loading', canReview: false, reason: null };
      })
      .addCase(fetchReviewEligibility.fulfilled, (state, action) => {
        if (state.eligibility.requestId !== action.meta.requestId) return;
        state.eligibility = { ...state.eligibility, status: 'succeeded', ...action.payload };
      })
      .addCase(fetchReviewEligibility.rejected, (state, action) => {
        if (state.eligibility.requestId !== action.meta.requestId) return;
        state.eligibility = { ...state.eligibility, status: 'failed', canReview: false, reason: null };
      })
      .addCase(addReview.fulfilled, (state, action) => {
        if (state.productId === action.payload.productId) state.reviews.unshift(action.payload);
      })
      .addCase(deleteReview.fulfilled, (state, action) => {
        state.reviews = state.reviews.filter((r) => r._id !== action.payload);
      });
  },
  selectors: { selectReviews: (state) => state },
});

declare module '@/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration merges into the store's
  export interface LazyLoadedSlices extends WithSlice<typeof reviewsSlice> {}
}

const withReviewsSlice = reviewsSlice.injectInto(rootReducer);

export const { selectReviews } = withReviewsSlice.selectors;

/** The `reviews` slice: the reviews of the product open in the detail dialog (spec §2, §5, §7). */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Review, ReviewListResponse, ReviewResponse } from '@emporium/contract';
import { apiRequest, errorMessage } from '@/lib/api';

export interface ReviewsState {
  reviews: Review[];
  productId: string | null;
  isLoading: boolean;
}

const initialState: ReviewsState = { reviews: [], productId: null, isLoading: false };

export const fetchReviews = createAsyncThunk('reviews/fetched', async (productId: string) => {
  return (await apiRequest<ReviewListResponse>(`/api/shop/reviews/get/${productId}`)).data;
});

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
      .addCase(addReview.fulfilled, (state, action) => {
        if (state.productId === action.payload.productId) state.reviews.unshift(action.payload);
      })
      .addCase(deleteReview.fulfilled, (state, action) => {
        state.reviews = state.reviews.filter((r) => r._id !== action.payload);
      });
  },
});

export const reviewsReducer = reviewsSlice.reducer;
export const selectReviews = (state: { reviews: ReviewsState }) => state.reviews;

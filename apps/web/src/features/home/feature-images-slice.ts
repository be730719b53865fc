import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { FeatureImage, FeatureListResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { FEATURE_IMAGES_PATH } from '@/lib/catalog-paths';

export interface FeatureImagesState {
  featureImageList: FeatureImage[];
  /** True until the first answer too: the hero's first render, before its request starts, says "Loading…", never
   * "No feature images available". */
  isLoading: boolean;
}

const initialState: FeatureImagesState = { featureImageList: [], isLoading: true };

export const fetchFeatureImages = createAsyncThunk('featureImages/fetch', () =>
  apiRequest<FeatureListResponse>(FEATURE_IMAGES_PATH),
);

const featureImagesSlice = createSlice({
  name: 'featureImages',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchFeatureImages.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchFeatureImages.fulfilled, (state, action) => {
        state.isLoading = false;
        state.featureImageList = action.payload.data;
      })
      .addCase(fetchFeatureImages.rejected, (state) => {
        state.isLoading = false;
        state.featureImageList = [];
      });
  },
});

export const featureImagesReducer = featureImagesSlice.reducer;
export const selectFeatureImages = (state: { featureImages: FeatureImagesState }) => state.featureImages;

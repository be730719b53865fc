import { configureStore } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/auth-slice';
import { shopProductsReducer } from '@/features/shop-products/shop-products-slice';
import { featureImagesReducer } from '@/features/home/feature-images-slice';

export const store = configureStore({
  reducer: {
    auth: authReducer,
    shopProducts: shopProductsReducer,
    featureImages: featureImagesReducer,
  },
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/auth-slice';
import { shopProductsReducer } from '@/features/shop-products/shop-products-slice';
import { featureImagesReducer } from '@/features/home/feature-images-slice';
import { cartReducer } from '@/features/purchase/cart-slice';

/**
 * Slices that arrive with a lazily loaded chunk (the admin area, the product page, reviews, search, addresses,
 * orders) and inject themselves into `rootReducer`; each declares itself here with `declare module '@/app/store'`
 * (Redux Toolkit's combineSlices pattern).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  auth: authReducer,
  shopProducts: shopProductsReducer,
  featureImages: featureImagesReducer,
  cart: cartReducer,
}).withLazyLoadedSlices<LazyLoadedSlices>();

export const store = configureStore({ reducer: rootReducer });

export type RootState = ReturnType<typeof rootReducer>;
export type AppDispatch = typeof store.dispatch;

import { configureStore } from '@reduxjs/toolkit';
import { authReducer } from '@/features/auth/auth-slice';
import { shopProductsReducer } from '@/features/shop-products/shop-products-slice';
import { reviewsReducer } from '@/features/shop-products/reviews-slice';
import { shopSearchReducer } from '@/features/shop-products/search-slice';
import { featureImagesReducer } from '@/features/home/feature-images-slice';
import { cartReducer } from '@/features/purchase/cart-slice';
import { addressesReducer } from '@/features/purchase/addresses-slice';
import { shopOrdersReducer } from '@/features/purchase/orders-slice';

export const store = configureStore({
  reducer: {
    auth: authReducer,
    shopProducts: shopProductsReducer,
    reviews: reviewsReducer,
    shopSearch: shopSearchReducer,
    featureImages: featureImagesReducer,
    cart: cartReducer,
    addresses: addressesReducer,
    shopOrders: shopOrdersReducer,
  },
});

export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;

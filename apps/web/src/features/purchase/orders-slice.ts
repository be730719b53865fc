/** The `shopOrders` slice: the shopper's order history and the order open in the details dialog (spec §2 Account). */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Order, OrderListResponse, OrderResponse } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';

export interface ShopOrdersState {
  orderList: Order[];
  orderDetails: Order | null;
  isLoading: boolean;
  isDetailsLoading: boolean;
}

const initialState: ShopOrdersState = {
  orderList: [],
  orderDetails: null,
  isLoading: false,
  isDetailsLoading: false,
};

export const fetchOrdersByUser = createAsyncThunk<Order[], string, { rejectValue: string }>(
  'shopOrders/listFetched',
  async (userId, { rejectWithValue }) => {
    try {
      return (await apiRequest<OrderListResponse>(`/api/shop/order/list/${userId}`)).data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to fetch orders'));
    }
  },
);

export const fetchOrderDetails = createAsyncThunk<Order, string, { rejectValue: string }>(
  'shopOrders/detailsFetched',
  async (orderId, { rejectWithValue }) => {
    try {
      return (await apiRequest<OrderResponse>(`/api/shop/order/details/${orderId}`)).data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to fetch order details'));
    }
  },
);

const shopOrdersSlice = createSlice({
  name: 'shopOrders',
  initialState,
  reducers: {
    orderDetailsCleared: (state) => {
      state.orderDetails = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchOrdersByUser.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchOrdersByUser.fulfilled, (state, action) => {
        state.isLoading = false;
        state.orderList = action.payload;
      })
      .addCase(fetchOrdersByUser.rejected, (state) => {
        state.isLoading = false;
        state.orderList = [];
      })
      .addCase(fetchOrderDetails.pending, (state) => {
        state.isDetailsLoading = true;
      })
      .addCase(fetchOrderDetails.fulfilled, (state, action) => {
        state.isDetailsLoading = false;
        state.orderDetails = action.payload;
      })
      .addCase(fetchOrderDetails.rejected, (state) => {
        state.isDetailsLoading = false;
        state.orderDetails = null;
      });
  },
  selectors: { selectShopOrders: (state) => state },
});

export const { orderDetailsCleared } = shopOrdersSlice.actions;
declare module '@/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration merges into the store's
  export interface LazyLoadedSlices extends WithSlice<typeof shopOrdersSlice> {}
}

// Injected when the order history first loads, so pages without it do not download the slice.
const withShopOrdersSlice = shopOrdersSlice.injectInto(rootReducer);

export const { selectShopOrders } = withShopOrdersSlice.selectors;

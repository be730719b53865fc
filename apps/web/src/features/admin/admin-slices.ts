/**
 * The admin area's state (spec §4 Orders, Products (admin)): `adminProducts`, `adminOrders` and
 * `adminFeatureImages`. They live in the lazily loaded admin chunk and inject themselves into the store, so shoppers
 * never download them.
 */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { FeatureImage, Order, OrderStatus, Pagination, Product } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { errorMessage } from '@/lib/api';
import { adminApi } from './admin-api';

/** Products per page of the admin grid; "Load more" adds the next page. */
export const ADMIN_PRODUCTS_PAGE = 50;
export const ADMIN_ORDERS_PAGE = 20;

export const fetchAllProducts = createAsyncThunk('adminProducts/fetched', async (pages: number) => {
  const results = await Promise.all(
    Array.from({ length: pages }, (_, i) => adminApi.products(i + 1, ADMIN_PRODUCTS_PAGE)),
  );
  return { productList: results.flatMap((r) => r.data), total: results[0]?.pagination.total ?? 0 };
});

const adminProductsSlice = createSlice({
  name: 'adminProducts',
  initialState: { productList: [] as Product[], total: 0, pages: 1, isLoading: true },
  reducers: {
    morePagesRequested: (state) => {
      state.pages += 1;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchAllProducts.fulfilled, (state, action) => {
        state.productList = action.payload.productList;
        state.total = action.payload.total;
        state.isLoading = false;
      })
      .addCase(fetchAllProducts.rejected, (state) => {
        state.isLoading = false;
      });
  },
  selectors: { selectAdminProducts: (state) => state },
});

export const fetchAllOrders = createAsyncThunk('adminOrders/fetched', (page: number) =>
  adminApi.orders(page, ADMIN_ORDERS_PAGE),
);

export const fetchOrderDetails = createAsyncThunk<Order, string, { rejectValue: string }>(
  'adminOrders/detailsFetched',
  async (id, { rejectWithValue }) => {
    try {
      return (await adminApi.order(id)).data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'No order details found'));
    }
  },
);

export const updateOrderStatus = createAsyncThunk(
  'adminOrders/statusUpdated',
  async ({ id, orderStatus }: { id: string; orderStatus: OrderStatus }) =>
    (await adminApi.setStatus(id, orderStatus)).data,
);

export const deleteOrder = createAsyncThunk('adminOrders/deleted', async (id: string) => {
  await adminApi.deleteOrder(id);
  return id;
});

const adminOrdersSlice = createSlice({
  name: 'adminOrders',
  initialState: {
    orderList: [] as Order[],
    pagination: null as Pagination | null,
    isLoading: true,
    orderDetails: null as Order | null,
    detailsMissing: false,
  },
  reducers: {
    orderDetailsCleared: (state) => {
      state.orderDetails = null;
      state.detailsMissing = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchAllOrders.fulfilled, (state, action) => {
        state.orderList = action.payload.data;
        state.pagination = action.payload.pagination;
        state.isLoading = false;
      })
      .addCase(fetchAllOrders.rejected, (state) => {
        state.isLoading = false;
      })
      .addCase(fetchOrderDetails.fulfilled, (state, action) => {
        state.orderDetails = action.payload;
      })
      .addCase(fetchOrderDetails.rejected, (state) => {
        state.detailsMissing = true;
      })
      .addCase(updateOrderStatus.fulfilled, (state, action) => {
        state.orderDetails = action.payload;
        state.orderList = state.orderList.map((o) => (o._id === action.payload._id ? action.payload : o));
      })
      .addCase(deleteOrder.fulfilled, (state, action) => {
        state.orderList = state.orderList.filter((o) => o._id !== action.payload);
        state.orderDetails = null;
      });
  },
  selectors: { selectAdminOrders: (state) => state },
});

export const fetchFeatureImages = createAsyncThunk('adminFeatureImages/fetched', async () => {
  return (await adminApi.features()).data;
});

const adminFeatureImagesSlice = createSlice({
  name: 'adminFeatureImages',
  initialState: { featureImageList: [] as FeatureImage[] },
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(fetchFeatureImages.fulfilled, (state, action) => {
      state.featureImageList = action.payload;
    });
  },
  selectors: { selectAdminFeatureImages: (state) => state.featureImageList },
});

declare module '@/app/store' {
  export interface LazyLoadedSlices
    extends
      WithSlice<typeof adminProductsSlice>,
      WithSlice<typeof adminOrdersSlice>,
      WithSlice<typeof adminFeatureImagesSlice> {}
}

const withProducts = adminProductsSlice.injectInto(rootReducer);
const withOrders = adminOrdersSlice.injectInto(rootReducer);
const withFeatures = adminFeatureImagesSlice.injectInto(rootReducer);

export const { morePagesRequested } = adminProductsSlice.actions;
export const { orderDetailsCleared } = adminOrdersSlice.actions;
export const { selectAdminProducts } = withProducts.selectors;
export const { selectAdminOrders } = withOrders.selectors;
export const { selectAdminFeatureImages } = withFeatures.selectors;

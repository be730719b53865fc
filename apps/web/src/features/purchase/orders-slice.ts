/** The `shopOrders` slice: the shopper's order history and the order open in the details dialog (spec §2 Account). */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type {
  Order,
  OrderActionResponse,
  OrderListResponse,
  OrderResponse,
  Pagination,
} from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';

/** Orders per page of the history. */
export const ORDER_HISTORY_PAGE_SIZE = 10;

export interface ShopOrdersState {
  /** One page of the history, newest first. */
  orderList: Order[];
  /** The page `orderList` is, with the total; null before the first answer. */
  pagination: Pagination | null;
  /** The page last asked for: an older answer arriving after it is dropped. */
  requestedPage: number;
  orderDetails: Order | null;
  isLoading: boolean;
  isDetailsLoading: boolean;
}

const initialState: ShopOrdersState = {
  orderList: [],
  pagination: null,
  requestedPage: 1,
  orderDetails: null,
  isLoading: false,
  isDetailsLoading: false,
};

/**
 * One page of the caller's orders (ORDER_HISTORY_PAGE_SIZE of them), newest first. The history asks page by page
 * rather than for the whole list (up to 1,000 orders with their lines) that spec §7's unpaged call answers.
 */
export const fetchOrdersByUser = createAsyncThunk<
  { data: Order[]; pagination: Pagination },
  { userId: string; page: number },
  { rejectValue: string }
>('shopOrders/listFetched', async ({ userId, page }, { rejectWithValue }) => {
  try {
    const body = await apiRequest<OrderListResponse>(
      `/api/shop/order/list/${userId}?page=${page}&limit=${ORDER_HISTORY_PAGE_SIZE}`,
    );
    const pagination = body.pagination ?? {
      page,
      limit: ORDER_HISTORY_PAGE_SIZE,
      total: body.data.length,
      pages: 1,
    };
    return { data: body.data, pagination };
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to fetch orders'));
  }
});

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

/** The order after a cancel or withdrawal, and the server's message for the toast. */
export interface OrderActionResult {
  order: Order;
  message: string;
}

/**
 * Cancels one of the caller's orders while it has not shipped (issue 26): the server restocks it and, when it was
 * paid, refunds it at once. Rejects with the server's message (409 once shipped or while a payment is captured).
 */
export const cancelOrder = createAsyncThunk<
  OrderActionResult,
  { orderId: string; reason?: string },
  { rejectValue: string }
>('shopOrders/cancelled', async ({ orderId, reason }, { rejectWithValue }) => {
  try {
    const body = await apiRequest<OrderActionResponse>(`/api/shop/order/cancel/${orderId}`, {
      method: 'POST',
      body: reason ? { reason } : {},
    });
    return { order: body.data, message: body.message };
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to cancel the order'));
  }
});

/**
 * The confirming step of the withdrawal from a delivered order (issue 26, CRD Art. 11a): sends `{confirm: true}` and
 * the optional reason. Rejects with the server's message (409 after the 14 days or when already withdrawn).
 */
export const withdrawOrder = createAsyncThunk<
  OrderActionResult,
  { orderId: string; reason?: string },
  { rejectValue: string }
>('shopOrders/withdrawn', async ({ orderId, reason }, { rejectWithValue }) => {
  try {
    const body = await apiRequest<OrderActionResponse>(`/api/shop/order/withdraw/${orderId}`, {
      method: 'POST',
      body: { confirm: true, ...(reason ? { reason } : {}) },
    });
    return { order: body.data, message: body.message };
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to send the withdrawal'));
  }
});

/** Puts the changed order into the open details and its row of the history. */
function orderChanged(state: ShopOrdersState, action: { payload: OrderActionResult }) {
  const { order } = action.payload;
  if (state.orderDetails?._id === order._id) state.orderDetails = order;
  state.orderList = state.orderList.map((o) => (o._id === order._id ? order : o));
}

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
      .addCase(fetchOrdersByUser.pending, (state, action) => {
        state.isLoading = true;
        state.requestedPage = action.meta.arg.page;
      })
      .addCase(fetchOrdersByUser.fulfilled, (state, action) => {
        if (action.meta.arg.page !== state.requestedPage) return;
        state.isLoading = false;
        state.orderList = action.payload.data;
        state.pagination = action.payload.pagination;
      })
      .addCase(fetchOrdersByUser.rejected, (state, action) => {
        if (action.meta.arg.page !== state.requestedPage) return;
        state.isLoading = false;
        state.orderList = [];
        state.pagination = null;
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
      })
      .addCase(cancelOrder.fulfilled, orderChanged)
      .addCase(withdrawOrder.fulfilled, orderChanged);
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

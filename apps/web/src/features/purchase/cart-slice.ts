/**
 * The `cart` slice (spec §4 "Other shop behaviour"): after every cart call the items are replaced by the list the
 * server returns. A failed read empties the cart as the spec says; a refused change (e.g. 409 above stock) re-reads
 * the cart instead, so the panel keeps showing what the server really holds.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { Cart, CartItem, CartResponse } from '@emporium/contract';
import { errorMessage } from '@/lib/api';
import { cartApi } from './cart-api';

export interface CartState {
  cartId: string | null;
  cartItems: CartItem[];
  isLoading: boolean;
  /** Whether the server's cart has been read (or its read failed) since the shopper signed in. */
  loaded: boolean;
}

const initialState: CartState = { cartId: null, cartItems: [], isLoading: false, loaded: false };

/**
 * A line's product and, for a product's variant (issue 28), its `variantId` (else the product's default variant).
 * `userId` null: the guest cart of the open storefront (issue 41).
 */
type LineArgs = { userId: string | null; productId: string; quantity: number; variantId?: string };

export const fetchCartItems = createAsyncThunk<CartResponse, string | null, { rejectValue: string }>(
  'cart/fetched',
  async (userId, { rejectWithValue }) => {
    try {
      return await cartApi.get(userId);
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to fetch cart items'));
    }
  },
);

function changeThunk<A>(type: string, call: (args: A) => Promise<CartResponse>, fallback: string) {
  return createAsyncThunk<CartResponse, A & { userId: string | null }, { rejectValue: string }>(
    type,
    async (args, { rejectWithValue, dispatch }) => {
      try {
        return await call(args);
      } catch (error) {
        void dispatch(fetchCartItems(args.userId));
        return rejectWithValue(errorMessage(error, fallback));
      }
    },
  );
}

export const addToCart = changeThunk<LineArgs>(
  'cart/itemAdded',
  (a) => cartApi.add(a.userId, a.productId, a.quantity, a.variantId),
  'Failed to add item to cart',
);
export const updateCartQuantity = changeThunk<LineArgs>(
  'cart/quantityUpdated',
  (a) => cartApi.update(a.userId, a.productId, a.quantity, a.variantId),
  'Failed to update cart',
);
export const deleteCartItem = changeThunk<{ userId: string | null; productId: string; variantId?: string }>(
  'cart/itemDeleted',
  (a) => cartApi.remove(a.userId, a.productId, a.variantId),
  'Failed to delete cart item',
);

function replaced(state: CartState, cart: Cart) {
  state.cartId = cart._id;
  state.cartItems = cart.items;
  state.isLoading = false;
  state.loaded = true;
}

const cartSlice = createSlice({
  name: 'cart',
  initialState,
  reducers: {
    cartCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchCartItems.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchCartItems.rejected, () => ({ ...initialState, loaded: true }));
    for (const thunk of [fetchCartItems, addToCart, updateCartQuantity, deleteCartItem]) {
      builder.addCase(thunk.fulfilled, (state, action) => replaced(state, action.payload.data));
    }
  },
});

export const { cartCleared } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;

export const selectCart = (state: { cart: CartState }) => state.cart;
/** Units in the cart (the header button's count). */
export const selectCartCount = (state: { cart: CartState }) =>
  state.cart.cartItems.reduce((n, item) => n + item.quantity, 0);
/** The cart total in dollars: each line at its effective price (sale price when above 0). */
export const selectCartTotal = (state: { cart: CartState }) =>
  state.cart.cartItems.reduce(
    (sum, item) => sum + (item.salePrice > 0 ? item.salePrice : item.price) * item.quantity,
    0,
  );

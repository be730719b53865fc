/** The `addresses` slice: the shopper's saved addresses (spec §2 Account › Address, §5, §7). */
import { createAsyncThunk, createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Address, AddressFields, AddressListResponse, AddressResponse } from '@emporium/contract';
import { rootReducer } from '@/app/store';
import { apiRequest, errorMessage } from '@/lib/api';

export interface AddressesState {
  addressList: Address[];
  isLoading: boolean;
  /** Whether the list has been read (or its read failed) at least once. */
  loaded: boolean;
  /** The address added last in this tab, if any (issue 40: the checkout selects one added while it is open). */
  lastAddedId: string | null;
}

const initialState: AddressesState = { addressList: [], isLoading: false, loaded: false, lastAddedId: null };

export const fetchAllAddresses = createAsyncThunk<Address[], string, { rejectValue: string }>(
  'addresses/fetched',
  async (userId, { rejectWithValue }) => {
    try {
      return (await apiRequest<AddressListResponse>(`/api/shop/address/get/${userId}`)).data;
    } catch (error) {
      return rejectWithValue(errorMessage(error, 'Failed to fetch addresses'));
    }
  },
);

export const addNewAddress = createAsyncThunk<
  Address,
  { userId: string; fields: AddressFields },
  { rejectValue: string }
>('addresses/added', async ({ userId, fields }, { rejectWithValue }) => {
  try {
    return (
      await apiRequest<AddressResponse>('/api/shop/address/add', {
        method: 'POST',
        body: { ...fields, userId },
      })
    ).data;
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to add address'));
  }
});

export const editAddress = createAsyncThunk<
  Address,
  { userId: string; addressId: string; fields: AddressFields },
  { rejectValue: string }
>('addresses/edited', async ({ userId, addressId, fields }, { rejectWithValue }) => {
  try {
    return (
      await apiRequest<AddressResponse>(`/api/shop/address/update/${userId}/${addressId}`, {
        method: 'PUT',
        body: fields,
      })
    ).data;
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to update address'));
  }
});

export const deleteAddress = createAsyncThunk<
  string,
  { userId: string; addressId: string },
  { rejectValue: string }
>('addresses/deleted', async ({ userId, addressId }, { rejectWithValue }) => {
  try {
    await apiRequest(`/api/shop/address/delete/${userId}/${addressId}`, { method: 'DELETE' });
    return addressId;
  } catch (error) {
    return rejectWithValue(errorMessage(error, 'Failed to delete address'));
  }
});

const addressesSlice = createSlice({
  name: 'addresses',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchAllAddresses.pending, (state) => {
        state.isLoading = true;
      })
      .addCase(fetchAllAddresses.fulfilled, (state, action) => {
        state.isLoading = false;
        state.loaded = true;
        state.addressList = action.payload;
      })
      .addCase(fetchAllAddresses.rejected, (state) => {
        state.isLoading = false;
        state.loaded = true;
        state.addressList = [];
      })
      .addCase(addNewAddress.fulfilled, (state, action) => {
        state.addressList.push(action.payload);
        state.lastAddedId = action.payload._id;
      })
      .addCase(editAddress.fulfilled, (state, action) => {
        state.addressList = state.addressList.map((a) => (a._id === action.payload._id ? action.payload : a));
      })
      .addCase(deleteAddress.fulfilled, (state, action) => {
        state.addressList = state.addressList.filter((a) => a._id !== action.payload);
      });
  },
  selectors: { selectAddresses: (state) => state },
});

declare module '@/app/store' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the declaration merges into the store's
  export interface LazyLoadedSlices extends WithSlice<typeof addressesSlice> {}
}

// Injected when the address book first loads, so pages without it do not download the slice.
const withAddressesSlice = addressesSlice.injectInto(rootReducer);

export const { selectAddresses } = withAddressesSlice.selectors;

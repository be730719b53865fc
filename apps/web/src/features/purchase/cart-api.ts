import type { CartResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/** `{variantId}` when one is named (issue 28); without it the server takes the product's default variant's line. */
const variantOf = (variantId: string | undefined) => (variantId ? { variantId } : {});

/**
 * Cart calls of spec §7; each answers `{success, message, data: cart}`. A line is one variant of a product (issue
 * 28): add, update and remove name it by `variantId`.
 */
export const cartApi = {
  get: (userId: string) => apiRequest<CartResponse>(`/api/shop/cart/get/${userId}`),
  add: (userId: string, productId: string, quantity: number, variantId?: string) =>
    apiRequest<CartResponse>(`/api/shop/cart/add/${userId}/${productId}`, {
      method: 'POST',
      body: { quantity, ...variantOf(variantId) },
    }),
  update: (userId: string, productId: string, quantity: number, variantId?: string) =>
    apiRequest<CartResponse>(`/api/shop/cart/update-cart/${userId}/${productId}`, {
      method: 'PUT',
      body: { quantity, ...variantOf(variantId) },
    }),
  remove: (userId: string, productId: string, variantId?: string) =>
    apiRequest<CartResponse>(
      `/api/shop/cart/delete/${userId}/${productId}${variantId ? `?variantId=${encodeURIComponent(variantId)}` : ''}`,
      { method: 'DELETE' },
    ),
};

import type { CartResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/** `{variantId}` when one is named (issue 28); without it the server takes the product's default variant's line. */
const variantOf = (variantId: string | undefined) => (variantId ? { variantId } : {});

/**
 * The start of a cart call's address: `/api/shop/cart/<call>/<userId>` (spec §7), or for a visitor of the open
 * storefront (`userId` null, issue 41) the guest cart's `/api/shop/guest-cart/<call>`.
 */
const cartPath = (userId: string | null, call: string) =>
  userId ? `/api/shop/cart/${call}/${userId}` : `/api/shop/guest-cart/${call}`;

/**
 * Cart calls of spec §7; each answers `{success, message, data: cart}`. A line is one variant of a product (issue
 * 28): add, update and remove name it by `variantId`. `userId` null is a visitor of the open storefront (issue 41):
 * the calls go to the guest cart of the server's `guest` cookie.
 */
export const cartApi = {
  get: (userId: string | null) => apiRequest<CartResponse>(cartPath(userId, 'get')),
  add: (userId: string | null, productId: string, quantity: number, variantId?: string) =>
    apiRequest<CartResponse>(`${cartPath(userId, 'add')}/${productId}`, {
      method: 'POST',
      body: { quantity, ...variantOf(variantId) },
    }),
  update: (userId: string | null, productId: string, quantity: number, variantId?: string) =>
    apiRequest<CartResponse>(`${cartPath(userId, 'update-cart')}/${productId}`, {
      method: 'PUT',
      body: { quantity, ...variantOf(variantId) },
    }),
  remove: (userId: string | null, productId: string, variantId?: string) =>
    apiRequest<CartResponse>(
      `${cartPath(userId, 'delete')}/${productId}${variantId ? `?variantId=${encodeURIComponent(variantId)}` : ''}`,
      { method: 'DELETE' },
    ),
};

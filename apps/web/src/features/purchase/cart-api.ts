import type { CartResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

/** Cart calls of spec §7; each answers `{success, message, data: cart}`. */
export const cartApi = {
  get: (userId: string) => apiRequest<CartResponse>(`/api/shop/cart/get/${userId}`),
  add: (userId: string, productId: string, quantity: number) =>
    apiRequest<CartResponse>(`/api/shop/cart/add/${userId}/${productId}`, {
      method: 'POST',
      body: { quantity },
    }),
  update: (userId: string, productId: string, quantity: number) =>
    apiRequest<CartResponse>(`/api/shop/cart/update-cart/${userId}/${productId}`, {
      method: 'PUT',
      body: { quantity },
    }),
  remove: (userId: string, productId: string) =>
    apiRequest<CartResponse>(`/api/shop/cart/delete/${userId}/${productId}`, { method: 'DELETE' }),
};

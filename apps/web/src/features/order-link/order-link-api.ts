/** Guest orders' public calls (issue 41; server: modules/order-links/routes.ts), made without a session. */
import type { MessageResponse, Order, OrderActionResponse, OrderResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

const base = (token: string) => `/api/shop/order-link/${encodeURIComponent(token)}`;

/** The order the link opens; rejects (404) with the server's one message for a link that no longer opens one. */
export async function getLinkedOrder(token: string): Promise<Order> {
  return (await apiRequest<OrderResponse>(base(token))).data;
}

/** Cancels the linked order while it has not shipped (the member route's rules); the order after it. */
export function cancelLinkedOrder(token: string, reason?: string): Promise<OrderActionResponse> {
  return apiRequest<OrderActionResponse>(`${base(token)}/cancel`, {
    method: 'POST',
    body: reason ? { reason } : {},
  });
}

/** The confirming step of the withdrawal from the linked, delivered order (CRD Art. 11a). */
export function withdrawLinkedOrder(token: string, reason?: string): Promise<OrderActionResponse> {
  return apiRequest<OrderActionResponse>(`${base(token)}/withdraw`, {
    method: 'POST',
    body: { confirm: true, ...(reason ? { reason } : {}) },
  });
}

/** "Find my order": always the same 202 message, whether or not an order matches. */
export function findMyOrder(email: string, orderNumber: string): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/api/shop/find-my-order', {
    method: 'POST',
    body: { email, orderNumber },
  });
}

/**
 * The order status rule (issue 26, DESIGN.md §4), in one place for the server and the admin's status select:
 * Pending → Processing happens by payment only (never by an admin); Processing → Shipped → Delivered;
 * Processing → Delivered (picked up); Pending or Processing → Cancelled; Delivered and Cancelled are final here
 * (refunds and withdrawals come later, not through a status change).
 */
import { ORDER_STATUSES, type OrderStatus } from './constants.ts';

/** The statuses an admin may move an order to from each status (setting the current one again is a no-op). */
export const ADMIN_ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  Pending: ['Cancelled'],
  Processing: ['Shipped', 'Delivered', 'Cancelled'],
  Shipped: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/** True when an admin may set `to` on an order that is `from`: an allowed move, or the status it already has. */
export function canAdminSetStatus(from: OrderStatus, to: OrderStatus): boolean {
  return from === to || ADMIN_ORDER_TRANSITIONS[from].includes(to);
}

/** The statuses from which an admin may move an order to `to` (the server's UPDATE … WHERE status in these). */
export function adminSourceStatuses(to: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((from) => ADMIN_ORDER_TRANSITIONS[from].includes(to));
}

/** What the admin's select offers for an order that is `current`: its status and where it may go, in list order. */
export function adminStatusChoices(current: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => canAdminSetStatus(current, s));
}

/** The 409 message for a refused change, e.g. "An order that is Delivered cannot be set to Pending." */
export function statusRefusal(from: OrderStatus, to: OrderStatus): string {
  return `An order that is ${from} cannot be set to ${to}.`;
}

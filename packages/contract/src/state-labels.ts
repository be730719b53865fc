/**
 * One vocabulary and one colour per state (issue 40, item 13): the words and tones the shop, the admin and the
 * e-mails show for an order's status, its payment status and its payment method, instead of the raw values
 * ("completed", "paypal"). Colours follow spec §5: order statuses Pending yellow, Processing blue, Shipped purple,
 * Delivered green, any other red; payment statuses pending yellow, completed green, cancelled red, any other grey.
 * No zod here: the web's badges import it without the schemas.
 */
import type { OrderStatus, PaymentStatus } from './constants.ts';

/** A badge's colour family; the web maps each to one pair of background and text colours. */
export type StateTone = 'yellow' | 'blue' | 'purple' | 'green' | 'red' | 'grey';

/** What a state reads and how it is coloured. */
export interface StateLabel {
  label: string;
  tone: StateTone;
}

/** Order statuses (DESIGN.md §4): the spec's values are already words; Cancelled is red as "any other". */
export const ORDER_STATUS_LABELS: Record<OrderStatus, StateLabel> = {
  Pending: { label: 'Pending', tone: 'yellow' },
  Processing: { label: 'Processing', tone: 'blue' },
  Shipped: { label: 'Shipped', tone: 'purple' },
  Delivered: { label: 'Delivered', tone: 'green' },
  Cancelled: { label: 'Cancelled', tone: 'red' },
};

/** Payment statuses: the refunds' two (issue 26) are "any other", grey, not pending's yellow. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, StateLabel> = {
  pending: { label: 'Pending', tone: 'yellow' },
  completed: { label: 'Completed', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'red' },
  partially_refunded: { label: 'Partially refunded', tone: 'grey' },
  refunded: { label: 'Refunded', tone: 'grey' },
};

/** An order status's words and colour; an unknown value reads as itself, red (spec: any other). */
export function orderStatusLabel(status: string): StateLabel {
  return ORDER_STATUS_LABELS[status as OrderStatus] ?? { label: status, tone: 'red' };
}

/** A payment status's words and colour; an unknown value reads as itself, grey (spec: any other). */
export function paymentStatusLabel(status: string): StateLabel {
  return PAYMENT_STATUS_LABELS[status as PaymentStatus] ?? { label: status, tone: 'grey' };
}

/** Payment methods by their stored value (the spec's client sends `paypal`). */
const PAYMENT_METHOD_LABELS: Record<string, string> = { paypal: 'PayPal' };

/** "PayPal" for `paypal`; another value as stored, "N/A" for none. */
export function paymentMethodLabel(method: string | null | undefined): string {
  const value = method?.trim();
  if (!value) return 'N/A';
  return PAYMENT_METHOD_LABELS[value.toLowerCase()] ?? value;
}

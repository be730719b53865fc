import { z } from 'zod';
import { RegisterBody } from './auth.ts';

/** Guest orders' request schemas (issue 41): "Find my order", and what a proof of address claimed. */

/** Reads an order number as a person types it: `1001`, `#1001`, ` # 1001 `. */
const OrderNumber = z
  .union([z.number(), z.string()])
  .transform((v) => (typeof v === 'number' ? String(v) : v.trim().replace(/^#\s*/, '')))
  .pipe(
    z
      .string()
      .regex(/^\d{1,15}$/, 'Enter the order number from your confirmation e-mail, for example #1001.')
      .transform(Number),
  );

/** `POST /api/shop/find-my-order`: the e-mail the order was placed with (normalised like an account's) and its number. */
export const FindMyOrderBody = z.strictObject({
  email: RegisterBody.shape.email,
  orderNumber: OrderNumber,
});
export type FindMyOrderBody = z.input<typeof FindMyOrderBody>;

/**
 * What proving an address added to the account (issue 41 "Claim on proof"): how many paid guest orders placed with
 * that address became the account's. Absent when none did.
 */
export const ClaimedOrders = z.number().int().min(1).optional();

import { z } from 'zod';
import { PagingParams, Pagination, withPaging } from './products.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './constants.ts';
import { LIMITS } from './limits.ts';
import { OrderPricing } from './pricing.ts';

/**
 * `POST /api/shop/order/create` body. The spec's client sends the whole order of §3 (userId, cartId, cartItems,
 * address, orderStatus, paymentMethod, paymentStatus, totalPrice, dates, paymentId, payerId). The server reads only
 * `userId` (must be the caller's, else 403) and `address.addressId` (one of the caller's saved addresses); lines,
 * prices, the total and the statuses come from the server's cart and database, and anything else sent is ignored.
 */
export const OrderCreateBody = z.object({
  userId: z.string().max(64).optional(),
  /** Additions (issue 27): the shipping method chosen (default: the cheapest serving the address) and a code. */
  shippingMethodId: z.string().max(64).optional(),
  discountCode: z.string().max(64).optional(),
  address: z.object(
    { addressId: z.string({ error: 'Please select an address' }).max(64) },
    { error: 'Please select an address' },
  ),
});
export type OrderCreateBody = z.infer<typeof OrderCreateBody>;

/** Answer of order creation (spec §7): where to send the shopper to approve the payment, and the order id. */
export const OrderCreateResponse = z.object({
  success: z.literal(true),
  approvalURL: z.string(),
  orderId: z.string(),
});
export type OrderCreateResponse = z.infer<typeof OrderCreateResponse>;

/**
 * `POST /api/shop/order/capture` body (spec §7). `paymentId` is the provider's payment id from the return URL
 * (`paymentId`, or PayPal's `token`); `payerId` is the return URL's `PayerID`.
 */
export const OrderCaptureBody = z.strictObject({
  orderId: z.string().max(64),
  paymentId: z.string().min(1, 'Payment information is missing').max(200),
  payerId: z.string().max(200).optional(),
});
export type OrderCaptureBody = z.infer<typeof OrderCaptureBody>;

/**
 * A line of a placed order: a copy of the product as sold. `price` is the unit price in dollars. Additions (issue
 * 26): `lineId` names the line for a line refund; `refundedQuantity` is how many of its units were refunded (or are
 * being refunded), and `refundedAmount` (dollars, issue 46) what was given back (or is being given back) for them.
 */
export const OrderItem = z.object({
  lineId: z.string(),
  refundedQuantity: z.number().int(),
  refundedAmount: z.number(),
  productId: z.string(),
  title: z.string(),
  image: z.string(),
  description: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  /** The line's share of the order's discount and its tax, in dollars for the whole line (issue 27; else 0). */
  discount: z.number(),
  tax: z.number(),
  /** The variant sold, its SKU and option values as sold (issue 28; null/empty for older lines). */
  variantId: z.string().nullable(),
  sku: z.string().nullable(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type OrderItem = z.infer<typeof OrderItem>;

/** What a whole line cost the shopper, in cents: its units after its discount, with its tax unless prices include it. */
export function linePaidCents(
  line: Pick<OrderItem, 'price' | 'quantity' | 'discount' | 'tax'>,
  pricesIncludeTax: boolean,
): number {
  const cents = (dollars: number) => Math.round(dollars * 100);
  return cents(line.price) * line.quantity - cents(line.discount) + (pricesIncludeTax ? 0 : cents(line.tax));
}

/**
 * What refunding `units` more of a line gives back, in cents (issue 46; the server's rule, refunds/service.ts). The
 * line's cost is allocated by units: after n of its q units, the shopper has had back round-half-up(paid × n / q) in
 * all, so each refund is that cumulative share minus what the line already gave back (`refundedAmount`), and the
 * refunds of all q units sum to exactly what the line cost, whatever their sizes and order: the last unit takes the
 * remainder ($2.00 in three single units: $0.67, $0.66, $0.67).
 */
export function lineRefundCents(
  line: Pick<OrderItem, 'price' | 'quantity' | 'discount' | 'tax' | 'refundedQuantity' | 'refundedAmount'>,
  units: number,
  pricesIncludeTax: boolean,
): number {
  if (units <= 0) return 0;
  const paid = linePaidCents(line, pricesIncludeTax);
  const after = Math.min(line.quantity, line.refundedQuantity + units);
  const share = Math.floor((2 * paid * after + line.quantity) / (2 * line.quantity));
  return Math.max(0, share - Math.round(line.refundedAmount * 100));
}

/** The shipping address copied into the order when it was placed. */
export const OrderAddress = z.object({
  addressId: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  pincode: z.string(),
  phone: z.string(),
  notes: z.string(),
  /** Additions (issue 40): the recipient's full name ('' when none) and the country (ISO; null on old orders). */
  name: z.string().optional(),
  country: z.string().nullable().optional(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

/**
 * An order as read (spec §3). Dates are ISO 8601 strings; `totalPrice` is in dollars. `orderNumber` (an addition,
 * issue 26 / DESIGN.md §4) is the short sequential number shown as `#1001` in the shop, the e-mails and the admin.
 */
/**
 * One entry of an order's timeline (issue 26), oldest first: `placed` and `paid` come from the order itself, the others
 * from what happened to it. `amount` (dollars) is set on `refunded`; `actor` names who acted and is given to admins
 * only (null for the shop itself, and always null in the shopper's answers); `note` carries a reason or message.
 */
export const OrderEvent = z.object({
  kind: z.enum(['placed', 'paid', 'shipped', 'delivered', 'cancelled', 'refunded', 'withdrawal_requested']),
  at: z.string(),
  amount: z.number().nullable(),
  actor: z.string().nullable(),
  note: z.string().nullable(),
});
export type OrderEvent = z.infer<typeof OrderEvent>;

export const Order = z.object({
  _id: z.string(),
  orderNumber: z.number().int(),
  /** The buyer's account; null for a guest's order (issue 41), reached by its signed link instead. */
  userId: z.string().nullable(),
  orderDate: z.string(),
  orderUpdateDate: z.string(),
  totalPrice: z.number(),
  orderStatus: z.enum(ORDER_STATUSES),
  paymentMethod: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentId: z.string().nullable(),
  payerId: z.string().nullable(),
  cartItems: z.array(OrderItem),
  address: OrderAddress,
  /** Set when the order was marked Shipped (issue 26); `null` before, and the tracking fields null if not given. */
  shipment: z
    .object({
      carrier: z.string().nullable(),
      trackingNumber: z.string().nullable(),
      trackingUrl: z.string().nullable(),
      shippedAt: z.string(),
    })
    .nullable(),
  /** Dollars given back by completed refunds (issue 26); 0 when none. */
  refundedTotal: z.number(),
  /** When the order was delivered (ISO), or null. */
  deliveredAt: z.string().nullable(),
  /** Whether the shopper may cancel it now (`POST /api/shop/order/cancel/:id`): Pending or Processing, not paying. */
  cancellable: z.boolean(),
  /**
   * Until when the shopper may withdraw from the contract (ISO; delivery + `WITHDRAWAL_DAYS`), or null when not
   * delivered. The window may have passed; `withdrawal` is set once they did.
   */
  withdrawableUntil: z.string().nullable(),
  /** The shopper's withdrawal (issue 26), once requested; `processedAt` when the shop refunded it. */
  withdrawal: z.object({ requestedAt: z.string(), processedAt: z.string().nullable() }).nullable(),
  /** The price breakdown (issue 27): subtotal, discount, shipping, tax; `totalPrice` is what was charged. */
  pricing: OrderPricing,
  /** What happened to the order, oldest first; given on one order's answers (details), not in lists. */
  timeline: z.array(OrderEvent).optional(),
});
export type Order = z.infer<typeof Order>;

/** `POST /api/shop/order/capture` answer: success and message; `data` is the order after the capture. */
export const OrderCaptureResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: Order,
});
export type OrderCaptureResponse = z.infer<typeof OrderCaptureResponse>;

/** `GET /api/shop/order/list/:userId` paging: newest first; without `page`/`limit` the whole list (capped). */
export const OrderListQuery = z.object(PagingParams).transform(withPaging(20, 100));

export const OrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(Order),
  pagination: Pagination.optional(),
});
export type OrderListResponse = z.infer<typeof OrderListResponse>;

export const OrderResponse = z.object({ success: z.literal(true), data: Order });
export type OrderResponse = z.infer<typeof OrderResponse>;

/** `https://` then a host name, and no spaces or control characters. */
const HTTPS_URL = /^https:\/\/[a-z0-9.-]+(:\d+)?([/?#][^\s\p{Cc}]*)?$/iu;

/** An https URL (trimmed, at most `LIMITS.trackingUrl.max`); `http:`, `javascript:` and the like are refused. */
const HttpsUrl = z
  .string()
  .trim()
  .max(LIMITS.trackingUrl.max, `The tracking link must be at most ${LIMITS.trackingUrl.max} characters.`)
  .regex(HTTPS_URL, 'The tracking link must be a web address starting with https://.');

/**
 * `PUT /api/admin/orders/status/:id` body (spec §7): one of the five statuses, anything else is 400. Additively
 * (issue 26), Shipped may carry the shipping notice: `carrier` (≤ 60), `trackingNumber` (≤ 100) and an https
 * `trackingUrl` (≤ 500), trimmed. Our admin sends carrier and tracking number with Shipped; the spec's client sends
 * only `orderStatus`, and the order then ships without tracking. The fields are refused with any other status.
 */
export const OrderStatusBody = z
  .strictObject({
    orderStatus: z.enum(ORDER_STATUSES),
    carrier: z
      .string()
      .trim()
      .min(LIMITS.carrier.min, 'Enter the carrier.')
      .max(LIMITS.carrier.max, `The carrier must be at most ${LIMITS.carrier.max} characters.`)
      .optional(),
    trackingNumber: z
      .string()
      .trim()
      .min(LIMITS.trackingNumber.min, 'Enter the tracking number.')
      .max(
        LIMITS.trackingNumber.max,
        `The tracking number must be at most ${LIMITS.trackingNumber.max} characters.`,
      )
      .optional(),
    trackingUrl: HttpsUrl.optional(),
  })
  .superRefine((body, ctx) => {
    const tracking =
      body.carrier !== undefined || body.trackingNumber !== undefined || body.trackingUrl !== undefined;
    if (!tracking) return;
    if (body.orderStatus !== 'Shipped') {
      ctx.addIssue({
        code: 'custom',
        message: 'Tracking details can only be given with the status Shipped.',
      });
    } else if (body.carrier === undefined || body.trackingNumber === undefined) {
      ctx.addIssue({ code: 'custom', message: 'Give both the carrier and the tracking number.' });
    }
  });
export type OrderStatusBody = z.infer<typeof OrderStatusBody>;

/** An optional reason (trimmed, at most `LIMITS.refundReason.max`); blank means none. */
const Reason = z
  .string()
  .trim()
  .max(LIMITS.refundReason.max, `The reason must be at most ${LIMITS.refundReason.max} characters.`)
  .optional()
  .transform((s) => (s ? s : undefined));

/**
 * `POST /api/shop/order/cancel/:id` body (issue 26), optional (none, or a POST without a body, is `{}`): the
 * shopper's reason. The order must be theirs and
 * Pending or Processing (404 / 409 otherwise).
 */
export const OrderCancelBody = z.strictObject({ reason: Reason }).nullish();
export type OrderCancelBody = z.infer<typeof OrderCancelBody>;

/**
 * `POST /api/shop/order/withdraw/:id` body (issue 26): the second, confirming step of the withdrawal function
 * (Directive (EU) 2023/2673, CRD Art. 11a). `confirm` must be true; `reason` is optional (none is required by law).
 */
export const OrderWithdrawBody = z.strictObject({
  confirm: z.literal(true, { error: 'Confirm the withdrawal to send it.' }),
  reason: Reason,
});
export type OrderWithdrawBody = z.infer<typeof OrderWithdrawBody>;

/** Answer of the shopper's cancel and withdraw calls: the order after the change, with its timeline. */
export const OrderActionResponse = z.object({ success: z.literal(true), message: z.string(), data: Order });
export type OrderActionResponse = z.infer<typeof OrderActionResponse>;

/**
 * `POST /api/admin/orders/refund/:id` body (issue 26). One of: nothing (the whole balance), `lines` (chosen lines
 * and quantities, each at most what is left to refund of the line; the amount is unit price × quantity), or `amount`
 * (dollars, 0.01 up to the balance). `restock` gives the refunded lines' units back to stock (all lines for a refund
 * of the balance; none for an amount). `reason` is optional.
 */
export const AdminRefundBody = z
  .strictObject({
    lines: z
      .array(
        z.strictObject({
          lineId: z.string().max(64),
          quantity: z.number().int('Quantities are whole numbers.').min(1, 'Refund at least one unit.'),
        }),
      )
      .min(1, 'Choose at least one line to refund.')
      .max(LIMITS.cartLines.max)
      .optional(),
    amount: z
      .number()
      .min(0.01, 'The amount must be at least $0.01.')
      .max(LIMITS.orderTotal.max)
      .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The amount must be in whole cents.')
      .optional(),
    restock: z.boolean().optional(),
    reason: Reason,
  })
  .refine((b) => b.lines === undefined || b.amount === undefined, {
    message: 'Refund either lines or an amount, not both.',
  });
export type AdminRefundBody = z.infer<typeof AdminRefundBody>;

import { z } from 'zod';
import { LIMITS } from './limits.ts';

/**
 * `POST /api/shop/cart/add/:userId/:productId` and `PUT /api/shop/cart/update-cart/:userId/:productId` body
 * (spec §7). The quantity is a positive whole number up to LIMITS.lineQuantity; strings, fractions, 0, negatives and
 * null are refused with 400 (DESIGN.md §4). On add it is the amount added to the line; on update it is the new
 * quantity of the line. Either way the resulting line is capped by stock (409 "Only N left in stock"). A cart holds at
 * most LIMITS.cartLines distinct products: adding another is 409 CART_FULL_MESSAGE.
 */
export const CartQuantityBody = z.strictObject({
  /**
   * Addition (issue 28): the variant of the product. Without it, add takes the product's default variant (first in
   * stock), and update takes the product's oldest line.
   */
  variantId: z.string().max(64).optional(),
  quantity: z
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(LIMITS.lineQuantity.max, `Quantity must be at most ${LIMITS.lineQuantity.max}`),
});
export type CartQuantityBody = z.infer<typeof CartQuantityBody>;

/** The 409 message of an add that would put more than LIMITS.cartLines distinct products in the cart. */
export const CART_FULL_MESSAGE = `Your cart can hold at most ${LIMITS.cartLines.max} different products`;

export const CartUserParams = z.object({ userId: z.string().max(64) });
export const CartLineParams = z.object({ userId: z.string().max(64), productId: z.string().max(64) });
/** The guest cart's line routes of the open storefront (issue 41): `/api/shop/guest-cart/{add,update-cart,delete}/:productId`. */
export const GuestCartLineParams = z.object({ productId: z.string().max(64) });
/** `DELETE /cart/delete/:userId/:productId?variantId=` (issue 28): one variant's line; without it, every line of the product. */
export const CartLineQuery = z.object({ variantId: z.string().max(64).optional() });

/**
 * A cart line item (spec §3) as the server returns it: the product's current title, image (absolute URL), price and
 * salePrice in dollars, the quantity, and `totalStock`, the units left in stock (the UI stops the increase there).
 */
export const CartItem = z.object({
  productId: z.string(),
  title: z.string(),
  image: z.string(),
  price: z.number(),
  salePrice: z.number(),
  quantity: z.number().int(),
  totalStock: z.number().int(),
  /**
   * Additions (issue 28): the variant, its SKU and option values (`{Size: "42"}`, `{}` without options). Prices,
   * image and `totalStock` are the variant's (its stock).
   */
  variantId: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  /**
   * Addition (issue 41; Directive 98/6/EC art. 6a): while `salePrice` shows, the variant's lowest price in the 30
   * days before its reduction started (dollars).
   */
  lowestPrice30Days: z.number().optional(),
});
export type CartItem = z.infer<typeof CartItem>;

/** The cart (spec §3): its id and items, oldest line first. */
export const Cart = z.object({ _id: z.string(), items: z.array(CartItem) });
export type Cart = z.infer<typeof Cart>;

/**
 * Every cart route answers `{success, message, data: cart}` (spec §7). When lines were dropped because their product
 * no longer exists, `message` says so.
 */
export const CartResponse = z.object({ success: z.literal(true), message: z.string(), data: Cart });
export type CartResponse = z.infer<typeof CartResponse>;

/**
 * Cart routes (spec §7 Shop, prefix /api/shop): shopper access; the path's userId must be the caller's (403).
 * Every answer is `{success, message, data: cart}`; bad quantities 400, unknown product or line 404, above stock 409,
 * a new product in a cart already holding LIMITS.cartLines products 409 ("Your cart can hold at most 50 different
 * products").
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CartLineParams,
  CartLineQuery,
  CartQuantityBody,
  CartResponse,
  CartUserParams,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { requireSelf } from '../../lib/access.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { addToCart, deleteCartLine, readCart, updateCartLine } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const addErrors = errorResponses(400, 401, 403, 404, 409, 503);

export const cartRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (
  app,
  { db, images },
) => {
  async function answer(userId: string, message: string, cartId?: string) {
    const { cart, message: said } = await readCart(db, images, { userId }, message, cartId);
    return { success: true as const, message: said, data: cart };
  }

  /** `GET /cart/get/:userId` → 200 the cart. */
  app.get(
    '/cart/get/:userId',
    {
      config: { access: 'shopper' },
      schema: { tags: ['cart'], params: CartUserParams, response: { 200: CartResponse, ...errors } },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      return answer(user.userId, 'Cart fetched successfully');
    },
  );

  /**
   * `POST /cart/add/:userId/:productId` {quantity, variantId?} → 200 the cart; adds to the variant's line (without
   * `variantId` the default variant's, issue 28). 404 unknown product or variant; 409 above stock or when the line is
   * new to a cart already holding LIMITS.cartLines lines (the cart is then unchanged). Waits for a checkout slot
   * (lib/admission.ts); 503 with Retry-After when too many already wait.
   */
  app.post(
    '/cart/add/:userId/:productId',
    {
      config: { access: 'shopper', admission: 'entry' },
      schema: {
        tags: ['cart'],
        params: CartLineParams,
        body: CartQuantityBody,
        response: { 200: CartResponse, ...addErrors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const cartId = await addToCart(
        db,
        { userId: user.userId },
        request.params.productId,
        request.body.quantity,
        request.body.variantId,
      );
      return answer(user.userId, 'Product added to cart', cartId);
    },
  );

  /**
   * `PUT /cart/update-cart/:userId/:productId` {quantity, variantId?} → 200 the cart; sets the line's quantity (the
   * variant's line, else the product's oldest line). 404 no such line; 409 above stock.
   */
  app.put(
    '/cart/update-cart/:userId/:productId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['cart'],
        params: CartLineParams,
        body: CartQuantityBody,
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      await updateCartLine(
        db,
        { userId: user.userId },
        request.params.productId,
        request.body.quantity,
        request.body.variantId,
      );
      return answer(user.userId, 'Cart updated');
    },
  );

  /** `DELETE /cart/delete/:userId/:productId?variantId=` → 200 the cart without the line (or the product's lines). */
  app.delete(
    '/cart/delete/:userId/:productId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['cart'],
        params: CartLineParams,
        querystring: CartLineQuery,
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      await deleteCartLine(db, { userId: user.userId }, request.params.productId, request.query.variantId);
      return answer(user.userId, 'Product removed from cart');
    },
  );
};

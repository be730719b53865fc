/**
 * The guest cart of the open storefront (issue 41, docs/decisions/020; prefix /api/shop, registered only when
 * STOREFRONT_MODE=open, so in `members` mode these addresses are 404 like any unknown one). The cart belongs to the
 * guest session of the `guest` cookie (modules/guest-sessions); the first add creates that session and sets the
 * cookie. Answers are the member cart's `{success, message, data: cart}` with its status codes (400, 404, 409, 503).
 * A write carrying the guest cookie must come with an allowed `Origin` (as a cookie-authenticated member's write,
 * lib/access.ts). Nothing here reads or changes an account.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CartLineQuery, CartQuantityBody, CartResponse, GuestCartLineParams } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import {
  createGuestSession,
  readGuestToken,
  resolveGuestSession,
  setGuestCookie,
} from '../guest-sessions/service.ts';
import { addToCart, deleteCartLine, readCart, updateCartLine } from './service.ts';

const errors = errorResponses(400, 403, 404, 409);
const addErrors = errorResponses(400, 403, 404, 409, 503);

export interface GuestCartRoutesOptions {
  db: Db;
  images: ImageStore;
  /** Origins allowed to write with the cookie (config.allowedOrigins, as lib/access.ts). */
  allowedOrigins: string[];
  /** Whether the shop is served over https (PUBLIC_URL): the cookie is then Secure. */
  httpsOrigin: boolean;
}

export const guestCartRoutes: FastifyPluginAsyncZod<GuestCartRoutesOptions> = async (app, opts) => {
  const { db, images } = opts;
  const allowed = new Set(opts.allowedOrigins);
  const secure = (request: FastifyRequest) => opts.httpsOrigin || request.protocol === 'https';

  /**
   * The live guest session of the request's cookie (renewing its cookie when the session was renewed), or, with
   * `create`, a new one with its cookie set; null without either.
   */
  async function guestOf(request: FastifyRequest, reply: FastifyReply, create: boolean) {
    reply.header('cache-control', 'no-store');
    const token = readGuestToken(request);
    if (token && request.method !== 'GET') {
      const origin = request.headers.origin;
      if (!origin || !allowed.has(origin)) throw forbidden('Request origin not allowed');
    }
    const found = token ? await resolveGuestSession(db, token) : null;
    if (found) {
      if (found.renewed) setGuestCookie(reply, token!, secure(request));
      return found.id;
    }
    if (!create) return null;
    const made = await createGuestSession(db);
    setGuestCookie(reply, made.token, secure(request));
    return made.id;
  }

  async function answer(guestSessionId: string, message: string, cartId?: string) {
    const { cart, message: said } = await readCart(db, images, { guestSessionId }, message, cartId);
    return { success: true as const, message: said, data: cart };
  }

  /** `GET /guest-cart/get` → 200 the guest's cart; an empty cart (`_id` "") without a guest session, creating none. */
  app.get(
    '/guest-cart/get',
    { config: { access: 'public' }, schema: { tags: ['cart'], response: { 200: CartResponse } } },
    async (request, reply) => {
      const guest = await guestOf(request, reply, false);
      if (!guest)
        return { success: true as const, message: 'Cart fetched successfully', data: { _id: '', items: [] } };
      return answer(guest, 'Cart fetched successfully');
    },
  );

  /**
   * `POST /guest-cart/add/:productId` {quantity, variantId?} → 200 the cart, as the member's add; creates the guest
   * session (and its cookie) on a visitor's first add. Waits for a checkout slot like the member's add.
   */
  app.post(
    '/guest-cart/add/:productId',
    {
      config: { access: 'public', admission: 'entry' },
      schema: {
        tags: ['cart'],
        params: GuestCartLineParams,
        body: CartQuantityBody,
        response: { 200: CartResponse, ...addErrors },
      },
    },
    async (request, reply) => {
      const guest = (await guestOf(request, reply, true))!;
      const { productId } = request.params;
      const cartId = await addToCart(
        db,
        { guestSessionId: guest },
        productId,
        request.body.quantity,
        request.body.variantId,
      );
      return answer(guest, 'Product added to cart', cartId);
    },
  );

  /** `PUT /guest-cart/update-cart/:productId` {quantity, variantId?} → 200 the cart; 404 without a guest cart or line. */
  app.put(
    '/guest-cart/update-cart/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        params: GuestCartLineParams,
        body: CartQuantityBody,
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(request, reply, false);
      if (!guest) throw notFound('Cart item not present');
      const { productId } = request.params;
      await updateCartLine(
        db,
        { guestSessionId: guest },
        productId,
        request.body.quantity,
        request.body.variantId,
      );
      return answer(guest, 'Cart updated');
    },
  );

  /** `DELETE /guest-cart/delete/:productId?variantId=` → 200 the cart without the line; 404 without one. */
  app.delete(
    '/guest-cart/delete/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['cart'],
        params: GuestCartLineParams,
        querystring: CartLineQuery,
        response: { 200: CartResponse, ...errors },
      },
    },
    async (request, reply) => {
      const guest = await guestOf(request, reply, false);
      if (!guest) throw notFound('Cart item not present');
      await deleteCartLine(db, { guestSessionId: guest }, request.params.productId, request.query.variantId);
      return answer(guest, 'Product removed from cart');
    },
  );
};

/**
 * Shopper order routes (spec §7 Shop, prefix /api/shop): shopper access. A userId in the path or body that is not
 * the caller's is 403; another shopper's order is 404.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  OrderCaptureBody,
  OrderCaptureResponse,
  OrderCreateBody,
  OrderCreateResponse,
  OrderListQuery,
  OrderListResponse,
  OrderResponse,
} from '@emporium/contract';
import { requireSelf } from '../../lib/access.ts';
import { captureOnReturn, captureOrder } from './capture.ts';
import { countOrders, getOrder, listOrders, orderIdForPayment } from './order-view.ts';
import { createOrder, type OrderDeps } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 402, 403, 404, 409, 502);
const checkoutErrors = errorResponses(400, 401, 402, 403, 404, 409, 502, 503);

/**
 * The storefront's return page (spec §2 `/shop/paypal-return`) with the query its client reads; `storefrontUrl` is
 * the web app's origin (config `storefrontUrl`), which may differ from the API's.
 */
export function shopReturnUrl(storefrontUrl: string, paymentId: string, payerId: string | undefined): string {
  const query = new URLSearchParams({ paymentId, PayerID: payerId ?? '' });
  return `${storefrontUrl}/shop/paypal-return?${query}`;
}

export const orderRoutes: FastifyPluginAsyncZod<Omit<OrderDeps, 'log'>> = async (app, opts) => {
  const deps = (log: OrderDeps['log']): OrderDeps => ({ ...opts, log });

  /**
   * `POST /order/create` (body: the order of spec §3; only userId and address.addressId are read) → 201
   * {success, approvalURL, orderId}. 400 empty cart / no address, 409 above stock, 502 provider failure, 503 with
   * Retry-After when too many checkouts already wait for a slot (lib/admission.ts).
   */
  app.post(
    '/order/create',
    {
      config: { access: 'shopper', admission: 'entry' },
      schema: {
        tags: ['orders'],
        body: OrderCreateBody,
        response: { 201: OrderCreateResponse, ...checkoutErrors },
      },
    },
    async (request, reply) => {
      const user = requireSelf(request, request.body.userId);
      const { shippingMethodId, discountCode } = request.body;
      const created = await createOrder(deps(request.log), user.userId, request.body.address.addressId, {
        shippingMethodId,
        discountCode,
        attempts: opts.codeAttempts && { guard: opts.codeAttempts, clientIp: request.ip },
      });
      return reply.code(201).send({ success: true as const, ...created });
    },
  );

  /**
   * `POST /order/capture` {orderId, paymentId, payerId} → 200 {success, message, data: order}. Served before waiting
   * cart adds and order creations, never refused for load (lib/admission.ts).
   */
  app.post(
    '/order/capture',
    {
      config: { access: 'shopper', admission: 'completion' },
      schema: {
        tags: ['orders'],
        body: OrderCaptureBody,
        response: { 200: OrderCaptureResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const { message, order } = await captureOrder(deps(request.log), user.userId, request.body);
      return { success: true as const, message, data: order };
    },
  );

  /**
   * `GET /order/list/:userId?page&limit` → 200 the caller's orders, newest first, with `pagination`; without
   * `page`/`limit` (spec §7's client) the whole list up to `LIMITS.unpagedList.max`.
   */
  app.get(
    '/order/list/:userId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        params: z.object({ userId: z.string().max(64) }),
        querystring: OrderListQuery,
        response: { 200: OrderListResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const { page, limit } = request.query;
      const [data, total] = await Promise.all([
        listOrders(opts.db, opts.images, { userId: user.userId, limit, offset: (page - 1) * limit }),
        countOrders(opts.db, user.userId),
      ]);
      return {
        success: true as const,
        data,
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );

  /**
   * `GET /order/payment-return?token&PayerID` (public; PayPal appends `token` and `PayerID` to the return URL): the
   * shopper approved the payment, so the server captures it now, then sends the browser (303) to the shop's
   * `/shop/paypal-return?paymentId&PayerID` (spec §2), whose capture call answers the stored outcome. The payment
   * id is the capability; an unknown one still redirects, and the return page shows the error. A checkout's
   * completion, like capture (lib/admission.ts).
   */
  app.get(
    '/order/payment-return',
    {
      config: { access: 'public', admission: 'completion' },
      schema: {
        tags: ['orders'],
        querystring: z.object({
          token: z.string().min(1).max(200),
          PayerID: z.string().max(200).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { token, PayerID } = request.query;
      await captureOnReturn(deps(request.log), token, PayerID);
      return reply.redirect(shopReturnUrl(opts.storefrontUrl, token, PayerID), 303);
    },
  );

  /**
   * `GET /order/by-payment/:paymentId` (issue 27: the return page opened in another tab, browser or from a payment
   * app has no stored order id) → 200 the caller's order paid (or being paid) with that provider payment id; 404
   * "Order not found" when it is unknown or someone else's.
   */
  app.get(
    '/order/by-payment/:paymentId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        params: z.object({ paymentId: z.string().min(1).max(200) }),
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const orderId = await orderIdForPayment(opts.db, user.userId, request.params.paymentId);
      return {
        success: true as const,
        data: await getOrder(opts.db, opts.images, { orderId, userId: user.userId }),
      };
    },
  );

  /** `GET /order/details/:id` → 200 the order; 404 unless it is the caller's. */
  app.get(
    '/order/details/:id',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        params: z.object({ id: z.string().max(64) }),
        response: { 200: OrderResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      return {
        success: true as const,
        data: await getOrder(opts.db, opts.images, { orderId: request.params.id, userId: user.userId }),
      };
    },
  );
};

/**
 * Guest orders' public routes (issue 41; prefix /api/shop), reached without a session: the order a signed link opens,
 * its cancellation and withdrawal through the member routes' own services (the same rules, stock and money path), and
 * "Find my order". A link that does not open an order answers 404 `ORDER_LINK_INVALID`, the same for every reason.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FIND_MY_ORDER_REQUESTED,
  FindMyOrderBody,
  MessageResponse,
  ORDER_LINK_TOKEN_MAX,
  OrderActionResponse,
  OrderCancelBody,
  OrderResponse,
  OrderWithdrawBody,
} from '@emporium/contract';
import { HttpError } from '../../lib/http-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { createAfterReply, type AfterReply } from '../account-recovery/after-reply.ts';
import { cancelOwnOrder } from '../order-cancellation/service.ts';
import { getOrder } from '../orders/order-view.ts';
import type { OrderDeps } from '../orders/service.ts';
import { withdrawFromOrder } from '../withdrawals/service.ts';
import { sendOrderLinkIfMatching } from './find-my-order.ts';
import { orderIdForLink } from './service.ts';

export interface OrderLinkRoutesOptions extends Omit<OrderDeps, 'log'> {
  /** Runs the work of "Find my order" after its reply; default: a new queue, drained when the server closes. */
  afterReply?: AfterReply;
}

/** "Find my order" requests one client may make per 15 minutes (the password reset's `RESET_REQUESTS_PER_CLIENT`). */
export const FIND_REQUESTS_PER_CLIENT = 10;

export const FIND_BUSY = 'Too many requests are waiting. Please try again in a minute.';

const Params = z.object({ token: z.string().max(ORDER_LINK_TOKEN_MAX) });

export const orderLinkRoutes: FastifyPluginAsyncZod<OrderLinkRoutesOptions> = async (app, opts) => {
  const afterReply = opts.afterReply ?? createAfterReply(app.log);
  app.addHook('onClose', () => afterReply.drain());
  // Answers about one order: never stored by a browser or a proxy (the token is in the address).
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.header('referrer-policy', 'no-referrer');
  });

  /**
   * `GET /order-link/:token` → 200 `{success, data: Order}`: the order as its shopper's details show it (timeline,
   * tracking, `cancellable`, `withdrawableUntil`). 404 `ORDER_LINK_INVALID` for an unknown, altered, expired (90
   * days) or revoked link, alike.
   */
  app.get(
    '/order-link/:token',
    {
      config: { access: 'public' },
      schema: { tags: ['orders'], params: Params, response: { 200: OrderResponse, ...errorResponses(404) } },
    },
    async (request) => {
      const orderId = await orderIdForLink(opts.db, request.params.token);
      return { success: true as const, data: await getOrder(opts.db, opts.images, { orderId }) };
    },
  );

  /**
   * `POST /order-link/:token/cancel` {reason?} → 200 `{success, message, data: Order}`, by the member route's rules
   * (order-cancellation/service.ts): cancelled while Pending or Processing, its stock back, a paid one refunded. 404
   * as above; 409 shipped, delivered, cancelled or being paid.
   */
  app.post(
    '/order-link/:token/cancel',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        params: Params,
        body: OrderCancelBody,
        response: { 200: OrderActionResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const orderId = await orderIdForLink(opts.db, request.params.token);
      const { message, order } = await cancelOwnOrder(
        { ...opts, log: request.log },
        { guest: true },
        orderId,
        request.body?.reason,
      );
      return { success: true as const, message, data: order };
    },
  );

  /**
   * `POST /order-link/:token/withdraw` {confirm: true, reason?} → 200 `{success, message, data: Order}`, by the member
   * route's rules (withdrawals/service.ts; Directive 2023/2673). 400 without `confirm: true`; 404 as above; 409 not
   * delivered, past the 14 days, or already withdrawn.
   */
  app.post(
    '/order-link/:token/withdraw',
    {
      config: { access: 'public' },
      schema: {
        tags: ['orders'],
        params: Params,
        body: OrderWithdrawBody,
        response: { 200: OrderActionResponse, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => {
      const orderId = await orderIdForLink(opts.db, request.params.token);
      const { message, order } = await withdrawFromOrder(opts, { guest: true }, orderId, request.body.reason);
      return { success: true as const, message, data: order };
    },
  );

  /**
   * `POST /find-my-order` {email, orderNumber} → always 202 `{success: true, message: FIND_MY_ORDER_REQUESTED}`,
   * answered before anything about the pair is read, so a match and a miss look and take alike; a fresh link is
   * mailed after the reply when a paid guest order matches (find-my-order.ts, at most 3 an hour per address). 400
   * malformed body; 429 past `FIND_REQUESTS_PER_CLIENT` requests per 15 minutes from one client; 503 {@link FIND_BUSY}
   * while too many requests wait for their work.
   */
  app.post(
    '/find-my-order',
    {
      config: { access: 'public', rateLimit: { max: FIND_REQUESTS_PER_CLIENT, timeWindow: '15 minutes' } },
      schema: {
        tags: ['orders'],
        body: FindMyOrderBody,
        response: { 202: MessageResponse, ...errorResponses(400, 429, 503) },
      },
    },
    async (request, reply) => {
      if (afterReply.full()) throw new HttpError(503, FIND_BUSY, { 'retry-after': '30' }, true);
      const { email, orderNumber } = request.body;
      reply.code(202).send({ success: true, message: FIND_MY_ORDER_REQUESTED });
      afterReply.run('find my order', async () => {
        await sendOrderLinkIfMatching(opts, email, orderNumber);
      });
      return reply;
    },
  );
};

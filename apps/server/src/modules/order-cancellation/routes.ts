/** Shopper cancellation route (issue 26, prefix /api/shop): shopper access; another shopper's order is 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderActionResponse, OrderCancelBody } from '@emporium/contract';
import { requireSelf } from '../../lib/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { OrderDeps } from '../orders/service.ts';
import { cancelOwnOrder } from './service.ts';

export const orderCancellationRoutes: FastifyPluginAsyncZod<Omit<OrderDeps, 'log'>> = async (app, opts) => {
  /**
   * `POST /order/cancel/:id` {reason?} → 200 `{success, message, data: Order}`: the caller's Pending or Processing
   * order cancelled, its stock back, a paid one refunded in full ("Your order was cancelled and $12.00 was refunded
   * to your PayPal account."), and an e-mail confirming it. 400 malformed body; 404 not the caller's; 409 shipped,
   * delivered, already cancelled, or its payment being captured right now.
   */
  app.post(
    '/order/cancel/:id',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        params: z.object({ id: z.string().max(64) }),
        body: OrderCancelBody,
        response: { 200: OrderActionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const { message, order } = await cancelOwnOrder(
        { ...opts, log: request.log },
        { userId: user.userId },
        request.params.id,
        request.body?.reason,
      );
      return { success: true as const, message, data: order };
    },
  );
};

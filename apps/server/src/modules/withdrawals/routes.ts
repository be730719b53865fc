/** Withdrawal route (issue 26, prefix /api/shop): shopper access; another shopper's order is 404. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OrderActionResponse, OrderWithdrawBody } from '@emporium/contract';
import { requireSelf } from '../../lib/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { OrderDeps } from '../orders/service.ts';
import { withdrawFromOrder } from './service.ts';

export const withdrawalRoutes: FastifyPluginAsyncZod<Omit<OrderDeps, 'log'>> = async (app, opts) => {
  /**
   * `POST /order/withdraw/:id` {confirm: true, reason?} → 200 `{success, message, data: Order}`: the withdrawal from
   * the caller's delivered order recorded and acknowledged by e-mail (content, date and time). 400 without
   * `confirm: true`; 404 not the caller's; 409 not delivered, past the 14 days, or already withdrawn.
   */
  app.post(
    '/order/withdraw/:id',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        params: z.object({ id: z.string().max(64) }),
        body: OrderWithdrawBody,
        response: { 200: OrderActionResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const { message, order } = await withdrawFromOrder(
        opts,
        { userId: user.userId },
        request.params.id,
        request.body.reason,
      );
      return { success: true as const, message, data: order };
    },
  );
};

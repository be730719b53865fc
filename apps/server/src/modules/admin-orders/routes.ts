/** Admin order routes (spec §7 Admin, prefix /api/admin): admin only (401 visitor, 403 shopper). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderListResponse,
  AdminOrderResponse,
  AdminPageQuery,
  IdParams,
  MessageResponse,
  OrderStatusBody,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { getOrder } from '../orders/order-view.ts';
import { deleteOrder, listAllOrders, setOrderStatus } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404);

export const adminOrderRoutes: FastifyPluginAsyncZod<{ db: Db; images: ImageStore }> = async (
  app,
  { db, images },
) => {
  /** `GET /orders/get?page&limit` → 200 all orders newest first with pagination. */
  app.get(
    '/orders/get',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminPageQuery,
        response: { 200: AdminOrderListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listAllOrders(db, images, page, limit);
      return {
        success: true as const,
        data: items,
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );

  /** `GET /orders/details/:id` → 200 the order; 404 unknown. */
  app.get(
    '/orders/details/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: AdminOrderResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Order fetched',
      data: await getOrder(db, images, { orderId: request.params.id }),
    }),
  );

  /** `PUT /orders/status/:id` {orderStatus} → 200 the updated order; 400 a status outside the five. */
  app.put(
    '/orders/status/:id',
    {
      config: { access: 'admin', catalogWrite: true },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: OrderStatusBody,
        response: { 200: AdminOrderResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Order status updated successfully',
      data: await setOrderStatus(db, images, request.params.id, request.body.orderStatus),
    }),
  );

  /** `DELETE /orders/delete/:id` → 200 {success, message}; 404 unknown. */
  app.delete(
    '/orders/delete/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: MessageResponse, ...errors } },
    },
    async (request) => {
      await deleteOrder(db, request.params.id);
      return { success: true, message: 'Order deleted successfully' };
    },
  );
};

/**
 * Admin shipping-method routes (issue 27, prefix /api/admin): admin only (401 visitor, 403 shopper). Money in
 * dollars; the checkout offers the active methods serving the address (modules/pricing).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  ShippingMethodBody,
  ShippingMethodListResponse,
  ShippingMethodResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import {
  addShippingMethod,
  deleteShippingMethod,
  listShippingMethods,
  updateShippingMethod,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404);

/** Registers the four shipping-method routes (GET, POST, PUT, DELETE). */
export const shippingMethodRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * `GET /shipping-methods` → 200 `{success, data: ShippingMethod[]}`: every method, the active ones first, then by
   * price. 401 visitor; 403 shopper.
   */
  app.get(
    '/shipping-methods',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: ShippingMethodListResponse, ...errors } },
    },
    async () => ({ success: true as const, data: await listShippingMethods(db) }),
  );

  /**
   * `POST /shipping-methods` (ShippingMethodBody) → 201 `{success, message, data: ShippingMethod}`; 400 the
   * contract's message (a blank name, a negative price or one not in whole cents, an unknown country, only one of
   * the delivery days or min > max, an unknown field).
   */
  app.post(
    '/shipping-methods',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: ShippingMethodBody,
        response: { 201: ShippingMethodResponse, ...errors },
      },
    },
    async (request, reply) => {
      const data = await addShippingMethod(db, request.body);
      return reply.code(201).send({ success: true as const, message: 'Shipping method added', data });
    },
  );

  /**
   * `PUT /shipping-methods/:id` (ShippingMethodBody, every field) → 200 `{success, message, data}`; 400 as for
   * POST; 404 unknown method.
   */
  app.put(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ShippingMethodBody,
        response: { 200: ShippingMethodResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Shipping method updated',
      data: await updateShippingMethod(db, request.params.id, request.body),
    }),
  );

  /**
   * `DELETE /shipping-methods/:id` → 200 `{success, message, data}` the deleted method; 404 unknown method. Orders
   * keep the method's name and price as charged.
   */
  app.delete(
    '/shipping-methods/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: ShippingMethodResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Shipping method deleted',
      data: await deleteShippingMethod(db, request.params.id),
    }),
  );
};

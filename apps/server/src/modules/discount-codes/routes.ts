/**
 * Admin discount-code routes (issue 27, prefix /api/admin): codes with their usage figures. Admin only (401 visitor,
 * 403 shopper). `value` is a whole percent (percent codes) or dollars (fixed codes); dates ISO 8601.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DiscountCodeBody,
  DiscountCodeListResponse,
  DiscountCodeResponse,
  IdParams,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { addDiscountCode, deleteDiscountCode, listDiscountCodes, updateDiscountCode } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the four discount-code routes (GET, POST, PUT, DELETE). */
export const discountCodeRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * `GET /discount-codes` → 200 `{success, data: DiscountCode[]}`: every code, active ones first, newest first, with
   * `uses` (orders holding it, paid or awaiting payment), `paidOrders` and `discountGiven` (dollars) over the paid
   * orders (refunded ones included) whose use was not given back. 401 visitor; 403 shopper.
   */
  app.get(
    '/discount-codes',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: DiscountCodeListResponse, ...errors } },
    },
    async () => ({ success: true as const, data: await listDiscountCodes(db) }),
  );

  /**
   * `POST /discount-codes` (DiscountCodeBody) → 201 `{success, message, data: DiscountCode}` (the code upper-cased);
   * 400 the contract's message (a malformed code, a percentage outside 1–100, an amount not in whole cents, a start
   * after the end, …) or an unknown category or brand; 409 "The code SAVE10 already exists."
   */
  app.post(
    '/discount-codes',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], body: DiscountCodeBody, response: { 201: DiscountCodeResponse, ...errors } },
    },
    async (request, reply) => {
      const data = await addDiscountCode(db, request.body);
      return reply.code(201).send({ success: true as const, message: `Code ${data.code} added`, data });
    },
  );

  /**
   * `PUT /discount-codes/:id` (DiscountCodeBody, every field; `active: false` deactivates) → 200 `{success,
   * message, data}`; 400 as for POST; 404 unknown code; 409 the new text is another code's, or a total limit below
   * the orders already holding the code. Orders keep the discount they were given.
   */
  app.put(
    '/discount-codes/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: DiscountCodeBody,
        response: { 200: DiscountCodeResponse, ...errors },
      },
    },
    async (request) => {
      const data = await updateDiscountCode(db, request.params.id, request.body);
      return { success: true as const, message: `Code ${data.code} updated`, data };
    },
  );

  /**
   * `DELETE /discount-codes/:id` → 200 `{success, message, data}` the deleted code; 404 unknown code; 409 "This
   * code was used by 3 orders: deactivate it instead." when any order holds or held it.
   */
  app.delete(
    '/discount-codes/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: DiscountCodeResponse, ...errors } },
    },
    async (request) => {
      const data = await deleteDiscountCode(db, request.params.id);
      return { success: true as const, message: `Code ${data.code} deleted`, data };
    },
  );
};

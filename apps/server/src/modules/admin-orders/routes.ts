/** Admin order routes (spec §7 Admin, prefix /api/admin): admin only (401 visitor, 403 shopper). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminOrderExportQuery,
  AdminOrderListQuery,
  AdminOrderListResponse,
  AdminOrderResponse,
  IdParams,
  MessageResponse,
  AdminRefundBody,
  OrderStatusBody,
} from '@emporium/contract';
import type { OrderDeps } from '../orders/service.ts';
import { unauthorized } from '../../lib/http-error.ts';
import {
  deleteOrder,
  getAdminOrder,
  listAllOrders,
  ORDER_CSV_HEADER,
  orderCsvRecords,
  refundFromAdmin,
  setOrderStatus,
} from './service.ts';
import { attachment, csvStream } from '../admin-products/csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminOrderRoutes: FastifyPluginAsyncZod<OrderDeps> = async (app, opts) => {
  const { db, images } = opts;
  /**
   * `GET /orders/get?search&status&from&to&payment&page&limit` (AdminOrderListQuery).
   * - 200 `{success: true, data: AdminOrder[], pagination: {page, limit, total, pages}}`: the paid orders matching
   *   every filter given, newest first, each with `customer: {userName, email}`; `payment=unpaid` lists the
   *   checkouts never paid instead (issue 40: they are not orders). `search` matches the start or the end of
   *   the order id (`abcd1234`, `#a1b2c3`) or part of the customer's name or e-mail; `status` is one of the five;
   *   `from`/`to` are dates (YYYY-MM-DD, both days included) or ISO date-times. `data` stays a list; without
   *   `page`/`limit` it is the whole (filtered) list up to `LIMITS.unpagedList.max`.
   * - 400 `{success: false, message}` a malformed date or a search longer than 100 characters; 401 visitor;
   *   403 shopper.
   */
  app.get(
    '/orders/get',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminOrderListQuery,
        response: { 200: AdminOrderListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { items, total } = await listAllOrders(db, images, filters, page, limit);
      return {
        success: true as const,
        data: items,
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );

  /**
   * `GET /orders/export.csv?search&status&from&to&payment` (AdminOrderExportQuery): the list's filters, every
   * matching order newest first, up to `ADMIN_EXPORT_MAX_ROWS` (paid ones only unless `payment=unpaid`).
   * - 200 `text/csv; charset=utf-8`, an attachment `orders-YYYY-MM-DD.csv`: a header row (Order ID, Order Date,
   *   Customer Name, Customer Email, Order Status, Payment Status, Payment Method, Order Amount, Items, Address, City,
   *   State, Pincode, Phone, Notes), then one record per order; RFC 4180 quoting, CRLF line ends, and cells starting
   *   with `=`, `+`, `-`, `@`, tab or CR prefixed with `'` (OWASP CSV Injection). Streamed in batches.
   * - 400 `{success: false, message}` a malformed date or an over-long search; 401 visitor; 403 shopper.
   */
  app.get(
    '/orders/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminOrderExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, header row first'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('orders'))
        // A stream is sent as it is (never through the 200 schema, which only documents the body as text).
        .send(csvStream(ORDER_CSV_HEADER, orderCsvRecords(db, images, request.query)) as unknown as string),
  );

  /** `GET /orders/details/:id` → 200 the order with its customer; 404 unknown. */
  app.get(
    '/orders/details/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: AdminOrderResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Order fetched',
      data: await getAdminOrder(db, images, request.params.id),
    }),
  );

  /**
   * `PUT /orders/status/:id` {orderStatus, carrier?, trackingNumber?, trackingUrl?} → 200 the updated order with its
   * customer (the same status again: 200, nothing changes); 400 a status outside the five, or tracking details that
   * are malformed (over-long, a non-https link, unknown keys), incomplete (carrier without number) or given with
   * another status than Shipped; 409 a change DESIGN.md §4's transitions do not allow, nothing changed (contract
   * order-transitions.ts). Shipped stores the tracking details and queues the shipped e-mail (issue 26).
   */
  app.put(
    '/orders/status/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: OrderStatusBody,
        response: { 200: AdminOrderResponse, ...errors },
      },
    },
    async (request) => {
      const { order, message } = await setOrderStatus(
        opts,
        request.params.id,
        request.body.orderStatus,
        request.body,
        request.user?.userId,
      );
      return { success: true as const, message: message ?? 'Order status updated successfully', data: order };
    },
  );

  /**
   * `POST /orders/refund/:id` (issue 26) AdminRefundBody: nothing (the whole balance), `lines` [{lineId, quantity}]
   * or `amount` (dollars), with `restock?` and `reason?`. The refund goes to the payment provider at once
   * (idempotency key from the refund's id).
   * - 200 `{success, message, data: AdminOrder}`: "Refunded $12.00." or, when the provider did not answer in time,
   *   "The refund of $12.00 was sent and will complete shortly." (the reconciliation job completes it).
   * - 400 malformed body, a line not in the order, restock with an amount; 404 unknown or deleted order; 409 not
   *   paid, nothing left, more units or money than are left, or the provider refused (nothing refunded).
   */
  app.post(
    '/orders/refund/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: AdminRefundBody,
        response: { 200: AdminOrderResponse, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      const { message, order } = await refundFromAdmin(
        opts,
        request.params.id,
        request.body,
        request.user.userId,
      );
      return { success: true as const, message, data: order };
    },
  );

  /**
   * `DELETE /orders/delete/:id` → 200 {success, message}; 404 unknown or already deleted. A paid order is archived,
   * not destroyed: it leaves every list and stays in the dashboard's figures (DESIGN.md §4).
   */
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

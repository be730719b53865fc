/** Admin product routes (spec §7 Admin, prefix /api/admin): admin only (401 visitor, 403 shopper). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminProductExportQuery,
  AdminProductListQuery,
  AdminProductListResponse,
  AdminProductResponse,
  IdParams,
  ProductInput,
} from '@emporium/contract';
import {
  addProduct,
  deleteProduct,
  editProduct,
  listAdminProducts,
  PRODUCT_CSV_HEADER,
  productCsvRecords,
  type AdminProductDeps,
} from './service.ts';
import { attachment, csvStream } from './csv.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductDeps> = async (app, deps) => {
  /**
   * `GET /products/get?search&category&stock&sortBy&page&limit` (AdminProductListQuery).
   * - 200 `{success: true, data: Product[], pagination: {page, limit, total, pages, totalIsLowerBound?}}`: the
   *   products matching every filter given (`search` in the title or brand, case-insensitive; `category`; `stock`
   *   `out` = 0 or `low` = 1..5), sorted by `sortBy` (newest first by default). `data` stays a list; without
   *   `page`/`limit` it is the whole (filtered) list up to `LIMITS.unpagedList.max`, so without any parameter the
   *   answer is as it always was. With a search or stock filter, `total` counts up to `ADMIN_COUNT_MAX` (1,000);
   *   `totalIsLowerBound: true` means more match.
   * - 400 `{success: false, message}` a search longer than 100 characters; 401 visitor; 403 shopper.
   */
  app.get(
    '/products/get',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminProductListQuery,
        response: { 200: AdminProductListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...filters } = request.query;
      const { items, total, totalIsLowerBound } = await listAdminProducts(deps, filters, page, limit);
      return {
        success: true as const,
        data: items,
        pagination: {
          page,
          limit,
          total,
          pages: Math.max(1, Math.ceil(total / limit)),
          ...(totalIsLowerBound ? { totalIsLowerBound } : {}),
        },
      };
    },
  );

  /**
   * `GET /products/export.csv?search&category&stock&sortBy` (AdminProductExportQuery): the same filters and order as
   * the list, every matching product up to `ADMIN_EXPORT_MAX_ROWS`.
   * - 200 `text/csv; charset=utf-8`, an attachment `products-YYYY-MM-DD.csv`: a header row (Product ID, Title,
   *   Category, Brand, Price, Sale Price, Total Stock, Average Rating, Reviews, Image, Description), then one record
   *   per product; RFC 4180 quoting, CRLF line ends, and cells starting with `=`, `+`, `-`, `@`, tab or CR prefixed
   *   with `'` (OWASP CSV Injection). Streamed in batches.
   * - 400 `{success: false, message}` a search longer than 100 characters; 401 visitor; 403 shopper.
   */
  app.get(
    '/products/export.csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminProductExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV, header row first'), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', attachment('products'))
        // A stream is sent as it is (never through the 200 schema, which only documents the body as text).
        .send(csvStream(PRODUCT_CSV_HEADER, productCsvRecords(deps, request.query)) as unknown as string),
  );

  /** `POST /products/add` (ProductInput) → 201 the product; 400 names the invalid field. */
  app.post(
    '/products/add',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], body: ProductInput, response: { 201: AdminProductResponse, ...errors } },
    },
    async (request, reply) => {
      const data = await addProduct(deps, request.body);
      return reply.code(201).send({ success: true as const, message: 'Product added successfully', data });
    },
  );

  /** `PUT /products/edit/:id` (ProductInput) → 200 the product; 404 unknown; 409 saved over a newer version. */
  app.put(
    '/products/edit/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: ProductInput,
        response: { 200: AdminProductResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Product updated successfully',
      data: await editProduct(deps, request.params.id, request.body),
    }),
  );

  /** `DELETE /products/delete/:id` → 200 the deleted product; 404 unknown. */
  app.delete(
    '/products/delete/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: AdminProductResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Product deleted successfully',
      data: await deleteProduct(deps, request.params.id),
    }),
  );
};

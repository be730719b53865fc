/** Admin product routes (spec §7 Admin, prefix /api/admin): admin only (401 visitor, 403 shopper). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminPageQuery,
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
  type AdminProductDeps,
} from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminProductRoutes: FastifyPluginAsyncZod<AdminProductDeps> = async (app, deps) => {
  /** `GET /products/get?page&limit` → 200 products newest first with pagination. */
  app.get(
    '/products/get',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        querystring: AdminPageQuery,
        response: { 200: AdminProductListResponse, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { items, total } = await listAdminProducts(deps, page, limit);
      return {
        success: true as const,
        data: items,
        pagination: { page, limit, total, pages: Math.max(1, Math.ceil(total / limit)) },
      };
    },
  );

  /** `POST /products/add` (ProductInput) → 201 the product; 400 names the invalid field. */
  app.post(
    '/products/add',
    {
      config: { access: 'admin', catalogWrite: true },
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
      config: { access: 'admin', catalogWrite: true },
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
      config: { access: 'admin', catalogWrite: true },
      schema: { tags: ['admin'], params: IdParams, response: { 200: AdminProductResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Product deleted successfully',
      data: await deleteProduct(deps, request.params.id),
    }),
  );
};

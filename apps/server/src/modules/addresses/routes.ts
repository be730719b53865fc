/**
 * Address routes (spec §7 Shop, prefix /api/shop): shopper access; the userId in the path or body must be the
 * caller's (403); another user's address is 404; a 4th address is 409 "You can only add 3 addresses".
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AddressAddBody,
  AddressListResponse,
  AddressParams,
  AddressResponse,
  AddressUpdateBody,
  AddressUserParams,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { requireSelf } from '../../lib/access.ts';
import { addAddress, deleteAddress, listAddresses, updateAddress } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const addressRoutes: FastifyPluginAsyncZod<{
  db: Db;
  /** SHOP_COUNTRY: the country of addresses saved without one (issue 27). */
  shopCountry: string;
}> = async (app, { db, shopCountry }) => {
  /** `POST /address/add` {six fields, userId} → 201 the address. */
  app.post(
    '/address/add',
    {
      config: { access: 'shopper' },
      schema: { tags: ['address'], body: AddressAddBody, response: { 201: AddressResponse, ...errors } },
    },
    async (request, reply) => {
      const { userId, ...fields } = request.body;
      const user = requireSelf(request, userId);
      const data = await addAddress(db, user.userId, fields, shopCountry);
      return reply.code(201).send({ success: true as const, message: 'Address added successfully', data });
    },
  );

  /** `GET /address/get/:userId` → 200 the caller's addresses. */
  app.get(
    '/address/get/:userId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['address'],
        params: AddressUserParams,
        response: { 200: AddressListResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      return { success: true as const, data: await listAddresses(db, user.userId, shopCountry) };
    },
  );

  /** `PUT /address/update/:userId/:addressId` {six fields} → 200 the address. */
  app.put(
    '/address/update/:userId/:addressId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['address'],
        params: AddressParams,
        body: AddressUpdateBody,
        response: { 200: AddressResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const data = await updateAddress(db, user.userId, request.params.addressId, request.body, shopCountry);
      return { success: true as const, message: 'Address updated successfully', data };
    },
  );

  /** `DELETE /address/delete/:userId/:addressId` → 200 the deleted address. */
  app.delete(
    '/address/delete/:userId/:addressId',
    {
      config: { access: 'shopper' },
      schema: { tags: ['address'], params: AddressParams, response: { 200: AddressResponse, ...errors } },
    },
    async (request) => {
      const user = requireSelf(request, request.params.userId);
      const data = await deleteAddress(db, user.userId, request.params.addressId, shopCountry);
      return { success: true as const, message: 'Address deleted successfully', data };
    },
  );
};

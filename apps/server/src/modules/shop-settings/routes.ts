/**
 * Shop settings routes (issue 40, item 14). Admin (prefix /api/admin, 401 visitor, 403 shopper):
 * `GET /shop-settings` and `PUT /shop-settings`. Public (prefix /api/shop): `GET /returns`, what a shopper who
 * withdraws is told about sending the items back.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ReturnsResponse, ShopSettingsBody, ShopSettingsResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { getReturnSettings, getShopSettings, setReturnSettings } from './service.ts';

/** Registers the admin routes. */
export const adminShopSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** `GET /shop-settings` → 200 `{success, data: {returns: ReturnSettings | null}}` (null until set). */
  app.get(
    '/shop-settings',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: ShopSettingsResponse, ...errorResponses(401, 403) } },
    },
    async () => ({ success: true as const, data: await getShopSettings(db) }),
  );

  /**
   * `PUT /shop-settings` `{returns: {name, address, city, state?, pincode, country, instructions?}}` → 200
   * `{success, message: "Settings saved", data}`; 400 the contract's message (a blank or too long field, an unknown
   * country, an unknown field).
   */
  app.put(
    '/shop-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        body: ShopSettingsBody,
        response: { 200: ShopSettingsResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Settings saved',
      data: await setReturnSettings(db, request.body.returns),
    }),
  );
};

/** Registers the public route. */
export const publicShopSettingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** `GET /returns` → 200 `{success, data: ReturnSettings | null}`: the return address and instructions, if set. */
  app.get(
    '/returns',
    { config: { access: 'public' }, schema: { tags: ['shop'], response: { 200: ReturnsResponse } } },
    async () => ({ success: true as const, data: await getReturnSettings(db) }),
  );
};

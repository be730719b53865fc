/**
 * Admin tax routes (issue 27, prefix /api/admin): tax rates per country (and region) and the shop-wide choice of
 * tax-inclusive prices. Admin only (401 visitor, 403 shopper). Rates in percent (20 = 20 %).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IdParams,
  TaxRateBody,
  TaxRateListResponse,
  TaxRateResponse,
  TaxSettings,
  TaxSettingsResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import {
  addTaxRate,
  deleteTaxRate,
  getTaxSettings,
  listTaxRates,
  setTaxSettings,
  updateTaxRate,
} from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Registers the tax-rate routes and `PUT /tax-settings`. */
export const taxRateRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * `GET /tax-rates` → 200 `{success, data: {rates: TaxRate[], settings: {pricesIncludeTax}}}`: every rate by
   * country then region, and the shop's setting (false until set). 401 visitor; 403 shopper.
   */
  app.get(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], response: { 200: TaxRateListResponse, ...errors } },
    },
    async () => {
      const [rates, settings] = await Promise.all([listTaxRates(db), getTaxSettings(db)]);
      return { success: true as const, data: { rates, settings } };
    },
  );

  /**
   * `POST /tax-rates` (TaxRateBody) → 201 `{success, message, data: TaxRate}`; 400 the contract's message (unknown
   * country, blank name, a rate below 0, above 100 or with more than two decimals); 409 "There is already a rate
   * for US / CA." when the country and region (ignoring case) have one.
   */
  app.post(
    '/tax-rates',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], body: TaxRateBody, response: { 201: TaxRateResponse, ...errors } },
    },
    async (request, reply) => {
      const data = await addTaxRate(db, request.body);
      return reply.code(201).send({ success: true as const, message: 'Tax rate added', data });
    },
  );

  /**
   * `PUT /tax-rates/:id` (TaxRateBody, every field) → 200 `{success, message, data}`; 400 as for POST; 404 unknown
   * rate; 409 another rate has that country and region.
   */
  app.put(
    '/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        params: IdParams,
        body: TaxRateBody,
        response: { 200: TaxRateResponse, ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Tax rate updated',
      data: await updateTaxRate(db, request.params.id, request.body),
    }),
  );

  /** `DELETE /tax-rates/:id` → 200 `{success, message, data}` the deleted rate; 404 unknown rate. */
  app.delete(
    '/tax-rates/:id',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], params: IdParams, response: { 200: TaxRateResponse, ...errors } },
    },
    async (request) => ({
      success: true as const,
      message: 'Tax rate deleted',
      data: await deleteTaxRate(db, request.params.id),
    }),
  );

  /**
   * `PUT /tax-settings` {pricesIncludeTax} → 200 `{success, message, data: {pricesIncludeTax}}`: whether catalog
   * prices include tax, from the next quote on (placed orders keep theirs); 400 a missing or non-boolean value.
   */
  app.put(
    '/tax-settings',
    {
      config: { access: 'admin' },
      schema: { tags: ['admin'], body: TaxSettings, response: { 200: TaxSettingsResponse, ...errors } },
    },
    async (request) => {
      const data = await setTaxSettings(db, request.body);
      return {
        success: true as const,
        message: data.pricesIncludeTax ? 'Prices now include tax' : 'Tax is now added to prices',
        data,
      };
    },
  );
};

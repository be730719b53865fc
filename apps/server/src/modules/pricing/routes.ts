/** The checkout quote (issue 27, prefix /api/shop): shopper access. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CheckoutQuoteBody, CheckoutQuoteResponse } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { requireSelf } from '../../lib/access.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import type { CodeAttempts } from './code-attempts.ts';
import { quoteCheckout } from './service.ts';

export const pricingRoutes: FastifyPluginAsyncZod<{
  db: Db;
  shopCountry: string;
  codeAttempts?: CodeAttempts;
}> = async (app, opts) => {
  /**
   * `POST /checkout/quote` {addressId?, shippingMethodId?, discountCode?} → 200 `{success, data: CheckoutQuote}`:
   * the caller's cart priced as an order would be (dollars): lines with their discount and tax, subtotal, discount,
   * shipping, tax, total; the shipping methods serving the address with their price for this cart and the one
   * priced (the chosen one, else the cheapest); `shippingError` when nothing ships there; whether the code applies
   * and why not. Nothing is reserved. 400 an address that is not the caller's, a method that does not serve it, or a
   * malformed body; 401 visitor; 429 (Retry-After) after too many codes that are not valid (code-attempts.ts).
   */
  app.post(
    '/checkout/quote',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['orders'],
        body: CheckoutQuoteBody,
        response: { 200: CheckoutQuoteResponse, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      return {
        success: true as const,
        data: await quoteCheckout(
          opts.db,
          user.userId,
          {
            ...request.body,
            attempts: opts.codeAttempts && { guard: opts.codeAttempts, clientIp: request.ip },
          },
          opts.shopCountry,
        ),
      };
    },
  );
};

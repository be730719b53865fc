/**
 * The sandbox provider's approval page (DESIGN.md §4 Payments), public: the payment id is the capability.
 * `GET /sandbox/pay/:paymentId` shows it; `POST …/approve` approves, captures on the server at once (as the PayPal
 * return does, so a browser that never comes back still pays) and redirects (303) to
 * `/shop/paypal-return?paymentId=…&PayerID=…`; `POST …/cancel` cancels the order and redirects to
 * `/shop/checkout?payment=cancelled` (issue 40) with the cart intact. Unknown ids get a 404 page.
 */
import { and, eq, sql } from 'drizzle-orm';
import { preparedQuery } from '../../db/client.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sandboxPayments } from '../../db/schema.ts';
import { isUuid } from '../../lib/http-error.ts';
import { newPayerId } from '../../payments/sandbox.ts';
import { postalAddressLines, toCents } from '@emporium/contract';
import { captureOnReturn } from '../orders/capture.ts';
import { getOrder } from '../orders/order-view.ts';
import { shopReturnUrl } from '../orders/routes.ts';
import { cancelPendingOrder, checkoutCancelUrl, type OrderDeps } from '../orders/service.ts';
import { approvalPage, notFoundPage } from './page.ts';

const Params = z.object({ paymentId: z.string().max(64) });

/** A sandbox payment by id, built once (preparedQuery): every sandbox checkout reads it twice. */
const paymentById = preparedQuery((db) =>
  db
    .select()
    .from(sandboxPayments)
    .where(eq(sandboxPayments.id, sql.placeholder('paymentId')))
    .prepare('sandbox_payment_by_id'),
);

export const sandboxPaymentRoutes: FastifyPluginAsyncZod<Omit<OrderDeps, 'log'>> = async (app, opts) => {
  const { db, storefrontUrl } = opts;
  // The page's forms post no fields; accept their content type without parsing a body.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_request, _payload, done) => done(null, {}));

  async function find(paymentId: string) {
    if (!isUuid(paymentId)) return undefined;
    const [row] = await paymentById(db).execute({ paymentId });
    return row;
  }

  app.get(
    '/sandbox/pay/:paymentId',
    { config: { access: 'public' }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const payment = await find(request.params.paymentId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!payment) return reply.code(404).send(notFoundPage());
      const order = await getOrder(db, opts.images, { orderId: payment.orderId }).catch(() => undefined);
      const a = order?.address;
      return approvalPage({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        description: payment.description,
        status: payment.status,
        items: (order?.cartItems ?? []).map((i) => ({
          title: i.title,
          quantity: i.quantity,
          unitPriceCents: toCents(i.price),
        })),
        // The whole postal address, the country last (issue 40, item 5).
        shipTo: a ? [...postalAddressLines(a), `Phone: ${a.phone}`] : [],
        pricing: order?.pricing && {
          subtotalCents: toCents(order.pricing.subtotal),
          discountCents: toCents(order.pricing.discount),
          shippingCents: toCents(order.pricing.shipping),
          taxCents: toCents(order.pricing.tax),
          pricesIncludeTax: order.pricing.pricesIncludeTax,
          shippingMethod: order.pricing.shippingMethod,
          discountCode: order.pricing.discountCode,
        },
      });
    },
  );

  app.post(
    '/sandbox/pay/:paymentId/approve',
    { config: { access: 'public' }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const payment = await find(request.params.paymentId);
      if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      // Only a payment awaiting approval is approved, once, whoever presses Pay twice or at once.
      const [approved] = await db
        .update(sandboxPayments)
        .set({ status: 'approved', payerId: newPayerId() })
        .where(and(eq(sandboxPayments.id, payment.id), eq(sandboxPayments.status, 'created')))
        .returning({ payerId: sandboxPayments.payerId });
      const payerId = approved ? approved.payerId : (await find(payment.id))?.payerId;
      await captureOnReturn({ ...opts, log: request.log }, payment.id, payerId ?? undefined);
      return reply.redirect(shopReturnUrl(storefrontUrl, payment.id, payerId ?? undefined), 303);
    },
  );

  app.post(
    '/sandbox/pay/:paymentId/cancel',
    { config: { access: 'public' }, schema: { hide: true, params: Params } },
    async (request, reply) => {
      const payment = await find(request.params.paymentId);
      if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage());
      if (payment.status === 'created' || payment.status === 'approved') {
        await db
          .update(sandboxPayments)
          .set({ status: 'cancelled' })
          .where(eq(sandboxPayments.id, payment.id));
        await cancelPendingOrder(db, payment.orderId, 'Payment cancelled');
      }
      return reply.redirect(checkoutCancelUrl(storefrontUrl), 303);
    },
  );
};

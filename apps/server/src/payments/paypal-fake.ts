/**
 * A local HTTP fake of the PayPal REST endpoints the `paypal` provider calls (test support only): OAuth token,
 * create order, capture, get order, refund a capture. `mode` switches the capture outcome; `failNext` answers 500 to
 * the next N calls; `delayMs` delays every answer (after the operation is done); `requestIds` records every PayPal-Request-Id seen, per path;
 * `setStatus` moves an order as the payer or PayPal would (APPROVED, VOIDED); `refunds` lists refunded capture ids,
 * one entry per refund PayPal made: a refund sent again with the same PayPal-Request-Id answers the first one (as
 * PayPal does), and a refund above what is left of the capture is refused (422 REFUND_AMOUNT_EXCEEDED).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode = 'approve' | 'decline' | 'wrong-amount';

export interface PaypalFake {
  url: string;
  mode: FakeMode;
  failNext: number;
  requestIds: Array<{ path: string; id: string | undefined }>;
  captures: number;
  delayMs: number;
  refunds: string[];
  /** Orders created with a breakdown that added up, and those refused because it did not (issue 27). */
  breakdowns: number;
  mismatches: number;
  /** Cents refunded per capture id. */
  refundedCents: Map<string, number>;
  setStatus(orderId: string, status: 'APPROVED' | 'VOIDED'): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => resolve(body));
  });
}

interface PaypalMoney {
  value: string;
}
interface PaypalAmount extends PaypalMoney {
  breakdown?: Partial<Record<'item_total' | 'discount' | 'shipping' | 'tax_total', PaypalMoney>>;
}
const cents = (value: string | undefined) => Math.round(Number(value ?? '0') * 100);

/** item_total − discount + shipping + tax_total, in cents. */
function breakdownTotal(b: NonNullable<PaypalAmount['breakdown']>): number {
  return (
    cents(b.item_total?.value) -
    cents(b.discount?.value) +
    cents(b.shipping?.value) +
    cents(b.tax_total?.value)
  );
}

export async function startPaypalFake(): Promise<PaypalFake> {
  const orders = new Map<string, { amount: string; status: string; captureId?: string; captured?: string }>();
  const seenCreates = new Map<string, string>();
  const seenRefunds = new Map<string, string>();
  const fake: PaypalFake = {
    url: '',
    mode: 'approve',
    failNext: 0,
    requestIds: [],
    captures: 0,
    delayMs: 0,
    refunds: [],
    breakdowns: 0,
    mismatches: 0,
    refundedCents: new Map(),
    setStatus: (id, status) => {
      const order = orders.get(id);
      if (order) order.status = status;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };

  const server: Server = createServer(async (req, res) => {
    const body = await readBody(req);
    const path = req.url ?? '';
    const requestId = req.headers['paypal-request-id'] as string | undefined;
    fake.requestIds.push({ path, id: requestId });
    // The operation is done at once; only its answer is delayed (`delayMs`), like a slow network after PayPal acted.
    const send = (status: number, json: unknown) => {
      const write = () => {
        if (res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (fake.delayMs > 0) setTimeout(write, fake.delayMs);
      else write();
    };
    if (fake.failNext > 0) {
      fake.failNext--;
      return send(500, { name: 'INTERNAL_SERVER_ERROR' });
    }
    if (path === '/v1/oauth2/token') return send(200, { access_token: 'fake-token', expires_in: 3600 });
    if (req.headers.authorization !== 'Bearer fake-token')
      return send(401, { name: 'AUTHENTICATION_FAILURE' });

    if (req.method === 'POST' && path === '/v2/checkout/orders') {
      const known = requestId && seenCreates.get(requestId);
      const id = known || `PP${orders.size + 1}`.padEnd(17, 'X');
      if (!known) {
        const requested = JSON.parse(body).purchase_units[0].amount as PaypalAmount;
        const amount = requested.value;
        // PayPal refuses a breakdown that does not add up to the value (AMOUNT_MISMATCH).
        if (requested.breakdown && breakdownTotal(requested.breakdown) !== cents(amount)) {
          fake.mismatches++;
          return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'AMOUNT_MISMATCH' }] });
        }
        if (requested.breakdown) fake.breakdowns++;
        orders.set(id, { amount, status: 'CREATED' });
        if (requestId) seenCreates.set(requestId, id);
      }
      return send(201, {
        id,
        status: 'PAYER_ACTION_REQUIRED',
        links: [{ rel: 'payer-action', href: `https://paypal.test/checkoutnow?token=${id}` }],
      });
    }
    const refund = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (req.method === 'POST' && refund) {
      const known = requestId && seenRefunds.get(requestId);
      if (known) return send(201, { id: known, status: 'COMPLETED' });
      const captureId = decodeURIComponent(refund[1]!);
      const captured = [...orders.values()].find((o) => o.captureId === captureId);
      const capturedCents = captured ? Math.round(Number(captured.captured) * 100) : 0;
      const value = (JSON.parse(body || '{}') as { amount?: { value: string } }).amount?.value;
      const done = fake.refundedCents.get(captureId) ?? 0;
      const cents = value === undefined ? capturedCents - done : Math.round(Number(value) * 100);
      if (captured && (cents <= 0 || done + cents > capturedCents)) {
        return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'REFUND_AMOUNT_EXCEEDED' }] });
      }
      fake.refunds.push(captureId);
      fake.refundedCents.set(captureId, done + cents);
      const id = `REF${fake.refunds.length}`;
      if (requestId) seenRefunds.set(requestId, id);
      return send(201, { id, status: 'COMPLETED' });
    }
    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = match && orders.get(decodeURIComponent(match[1]!));
    if (!match || !order)
      return send(404, { name: 'RESOURCE_NOT_FOUND', details: [{ issue: 'INVALID_RESOURCE_ID' }] });
    const view = () => ({
      id: match[1],
      status: order.status,
      payer: order.status === 'CREATED' ? undefined : { payer_id: 'PAYER1' },
      purchase_units: [
        {
          payments: order.captureId
            ? {
                captures: [
                  {
                    id: order.captureId,
                    status: 'COMPLETED',
                    amount: { currency_code: 'USD', value: order.captured },
                  },
                ],
              }
            : undefined,
        },
      ],
    });
    if (req.method === 'GET') return send(200, view());
    if (order.status === 'COMPLETED') {
      return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] });
    }
    if (order.status === 'VOIDED') {
      return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] });
    }
    if (fake.mode === 'decline') {
      return send(422, { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] });
    }
    fake.captures++;
    order.status = 'COMPLETED';
    order.captureId = `CAP${fake.captures}`;
    order.captured = fake.mode === 'wrong-amount' ? '0.01' : order.amount;
    return send(201, view());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/**
 * The `paypal` payment provider: PayPal REST Orders v2 (DESIGN.md §4 Payments).
 * - OAuth2 client credentials: `POST /v1/oauth2/token`, the token cached until a minute before it expires.
 * - Create: `POST /v2/checkout/orders` (intent CAPTURE, one purchase unit in USD, our order id as custom_id and
 *   invoice_id, return and cancel URLs); the shopper approves at the `payer-action`/`approve` link.
 * - Capture: `POST /v2/checkout/orders/{id}/capture`; ORDER_ALREADY_CAPTURED is answered from `GET` of the order.
 * - State (reconciliation): `GET /v2/checkout/orders/{id}`: CREATED/SAVED/PAYER_ACTION_REQUIRED await the payer,
 *   APPROVED may be captured, COMPLETED was captured, VOIDED or 404 (expired orders are deleted) never will be.
 * - Refund: `POST /v2/payments/captures/{capture_id}/refund` with an empty body (the full amount, for a capture the
 *   shop cannot fulfil), or with `amount` and `note_to_payer` (issue 26, `refund-<refund id>` as PayPal-Request-Id);
 *   a 422 (e.g. REFUND_AMOUNT_EXCEEDED, CAPTURE_FULLY_REFUNDED) is a refusal, a FAILED or CANCELLED refund too.
 * Every call sends a `PayPal-Request-Id` derived from our order id and the operation, and a retry (network error or
 * 5xx, up to `attempts`) reuses it, so PayPal performs the operation at most once.
 */
import { toCents } from '@emporium/contract';
import type {
  CapturePaymentInput,
  CaptureResult,
  CreatedPayment,
  CreatePaymentInput,
  PaymentProvider,
  PaymentState,
  RefundInput,
  RefundRequest,
  RefundResult,
} from './provider.ts';

export interface PaypalOptions {
  clientId: string;
  clientSecret: string;
  /** `https://api-m.sandbox.paypal.com` or `https://api-m.paypal.com` (no trailing slash). */
  apiBase: string;
  /** Tries per call for network errors and 5xx answers (default 3). */
  attempts?: number;
  /** Wait before retry n (ms); default 200 × 2^n. */
  backoffMs?: (attempt: number) => number;
  /** Per-request timeout (ms, default 15000). */
  timeoutMs?: number;
}

/** A failure talking to PayPal (after the retries). */
export class PaypalError extends Error {
  constructor(
    message: string,
    public readonly status: number,
    public readonly issue?: string,
  ) {
    super(message);
    this.name = 'PaypalError';
  }
}

interface PaypalCapture {
  id: string;
  status: string;
  amount?: { currency_code: string; value: string };
}
interface PaypalOrder {
  id: string;
  status: string;
  payer?: { payer_id?: string };
  links?: Array<{ href: string; rel: string }>;
  purchase_units?: Array<{ payments?: { captures?: PaypalCapture[] } }>;
}

/**
 * A purchase unit's `amount`: the value and, when the order has one (issue 27), its `breakdown` (item_total,
 * discount, shipping, tax_total), which PayPal requires to add up to the value exactly.
 */
export function amountOf(input: Pick<CreatePaymentInput, 'amountCents' | 'currency' | 'breakdown'>) {
  const money = (cents: number) => ({ currency_code: input.currency, value: paypalAmount(cents) });
  const b = input.breakdown;
  return {
    ...money(input.amountCents),
    ...(b
      ? {
          breakdown: {
            item_total: money(b.itemTotalCents),
            discount: money(b.discountCents),
            shipping: money(b.shippingCents),
            tax_total: money(b.taxCents),
          },
        }
      : {}),
  };
}

/** Formats cents as PayPal's decimal string ("12.34"). */
export function paypalAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function createPaypalProvider(options: PaypalOptions): PaymentProvider {
  const attempts = options.attempts ?? 3;
  const backoff = options.backoffMs ?? ((n: number) => 200 * 2 ** n);
  const timeoutMs = options.timeoutMs ?? 15_000;
  let token: { value: string; expiresAt: number } | undefined;

  async function send(path: string, init: RequestInit, requestId?: string): Promise<Response> {
    let last: unknown;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, backoff(attempt)));
      try {
        const headers = new Headers(init.headers);
        if (requestId) headers.set('PayPal-Request-Id', requestId);
        const res = await fetch(`${options.apiBase}${path}`, {
          ...init,
          headers,
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.status < 500) return res;
        last = new PaypalError(`PayPal answered ${res.status}`, res.status);
      } catch (err) {
        last = err;
      }
    }
    throw last instanceof PaypalError ? last : new PaypalError(`PayPal unreachable: ${String(last)}`, 503);
  }

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > Date.now()) return token.value;
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const res = await send('/v1/oauth2/token', {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    if (!res.ok) throw new PaypalError('PayPal refused our credentials', res.status);
    const body = (await res.json()) as { access_token: string; expires_in: number };
    token = { value: body.access_token, expiresAt: Date.now() + (body.expires_in - 60) * 1000 };
    return token.value;
  }

  async function call(method: string, path: string, requestId?: string, body?: unknown) {
    const res = await send(
      path,
      {
        method,
        headers: {
          Authorization: `Bearer ${await accessToken()}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      },
      requestId,
    );
    const json = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: res.status, json };
  }

  function captureOf(order: PaypalOrder): CaptureResult {
    const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
    if (order.status === 'COMPLETED' && capture?.status === 'COMPLETED' && capture.amount) {
      return {
        status: 'completed',
        captureId: capture.id,
        amountCents: toCents(Number(capture.amount.value)),
        currency: capture.amount.currency_code,
      };
    }
    return { status: 'declined', message: 'The payment was declined. Please try another payment method.' };
  }

  async function stateOf(paymentId: string): Promise<PaymentState> {
    const { status, json } = await call('GET', `/v2/checkout/orders/${encodeURIComponent(paymentId)}`);
    if (status === 404) return { status: 'voided' };
    if (status >= 300) throw new PaypalError('PayPal did not answer the payment state', status);
    const order = json as unknown as PaypalOrder;
    switch (order.status) {
      case 'APPROVED':
        return { status: 'approved', payerId: order.payer?.payer_id };
      case 'COMPLETED': {
        const capture = captureOf(order);
        return capture.status === 'completed' ? capture : { status: 'voided' };
      }
      case 'VOIDED':
        return { status: 'voided' };
      default:
        return { status: 'created' };
    }
  }

  return {
    name: 'paypal',

    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const { status, json } = await call('POST', '/v2/checkout/orders', `${input.orderId}-create`, {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.orderId,
            custom_id: input.orderId,
            invoice_id: input.orderId,
            description: input.description.slice(0, 127),
            amount: amountOf(input),
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              brand_name: 'Emporium',
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              return_url: input.returnUrl,
              cancel_url: input.cancelUrl,
            },
          },
        },
      });
      const order = json as unknown as PaypalOrder;
      const link = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve');
      if (status >= 300 || !order.id || !link) {
        throw new PaypalError('PayPal did not create the payment', status);
      }
      return { paymentId: order.id, approvalUrl: link.href };
    },

    async capturePayment(input: CapturePaymentInput): Promise<CaptureResult> {
      const path = `/v2/checkout/orders/${encodeURIComponent(input.paymentId)}`;
      const { status, json } = await call('POST', `${path}/capture`, `${input.orderId}-capture`, {});
      if (status < 300) return captureOf(json as unknown as PaypalOrder);
      const issue = (json.details as Array<{ issue?: string }> | undefined)?.[0]?.issue;
      if (issue === 'ORDER_ALREADY_CAPTURED') {
        const again = await call('GET', path);
        return captureOf(again.json as unknown as PaypalOrder);
      }
      if (status === 422 || status === 404 || status === 400) {
        return {
          status: 'declined',
          message:
            issue === 'INSTRUMENT_DECLINED'
              ? 'The payment was declined. Please try another payment method.'
              : 'Payment processing failed. Please try again.',
        };
      }
      throw new PaypalError('PayPal capture failed', status, issue);
    },

    getPayment: (paymentId: string) => stateOf(paymentId),

    async voidPayment(paymentId: string): Promise<boolean> {
      // Orders v2 has no void for an unapproved CAPTURE order; it expires by itself, and the shop refuses to capture
      // an order it cancelled, so no money can move. Only an approval that already happened must be captured.
      const state = await stateOf(paymentId);
      return state.status === 'created' || state.status === 'voided';
    },

    async refundPayment(input: RefundInput): Promise<void> {
      const { status } = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
        `${input.orderId}-refund`,
        {},
      );
      if (status >= 300) throw new PaypalError('PayPal refused the refund', status);
    },

    async refundCapture(input: RefundRequest): Promise<RefundResult> {
      const { status, json } = await call(
        'POST',
        `/v2/payments/captures/${encodeURIComponent(input.captureId)}/refund`,
        `refund-${input.refundId}`,
        {
          amount: { value: paypalAmount(input.amountCents), currency_code: input.currency },
          ...(input.note ? { note_to_payer: input.note.slice(0, 255) } : {}),
        },
      );
      const refund = json as { id?: string; status?: string; details?: Array<{ issue?: string }> };
      if (status < 300 && refund.id && refund.status !== 'FAILED' && refund.status !== 'CANCELLED') {
        return { status: 'completed', providerRefundId: refund.id };
      }
      if (status < 300 || status === 422 || status === 400 || status === 404) {
        const issue = refund.details?.[0]?.issue ?? refund.status ?? String(status);
        return { status: 'refused', message: `PayPal refused the refund (${issue})` };
      }
      throw new PaypalError('PayPal refund failed', status);
    },
  };
}

/**
 * The after-the-sale e-mails (issue 26), built when queued (`queueAccountMail`, in the transaction of the change they
 * tell of) with the confirmation's layout: a refund made, an order cancelled, and the acknowledgement of a withdrawal
 * from the contract (Directive (EU) 2023/2673, CRD Art. 11a: its content, date and time on a durable medium). Each
 * "View your order" opens that order (issue 40, item 10).
 */
import { postalAddressLines, type ReturnSettings } from '@emporium/contract';
import { formatCents } from '../lib/html.ts';
import { mailHtml, orderPageUrl, paragraph, textBlock } from './layout.ts';
import type { AccountMessage } from './outbox.ts';

interface Recipient {
  to: string;
  userName: string;
  /** The order's id (its "View your order" link) and short number, shown as `#1001`. */
  orderId: string;
  orderNumber: number;
  /** The storefront's origin (config `storefrontUrl`). */
  shopUrl: string;
  /** A guest's order (issue 41): the token of a signed link, which "View your order" opens instead. */
  orderToken?: string;
}

/** A paragraph, or a titled block of lines (an address, a list of items). */
type Part = string | { title: string; lines: string[] };

const FOOTER = 'You receive this e-mail because you placed an order at Emporium.';

function message(r: Recipient, subject: string, heading: string, parts: Part[]): AccountMessage {
  const orderUrl = orderPageUrl(r.shopUrl, r.orderId, r.orderToken);
  const text = [
    ...parts.flatMap((p) => (typeof p === 'string' ? [p, ''] : [`${p.title}:`, ...p.lines, ''])),
    `View your order: ${orderUrl}`,
    '',
    FOOTER,
    '',
    'Emporium',
  ].join('\n');
  const html = mailHtml({
    heading,
    body: parts.map((p) => (typeof p === 'string' ? paragraph(p) : textBlock(p.title, p.lines))).join('\n'),
    action: { label: 'View your order', url: orderUrl },
    footer: FOOTER,
  });
  return { to: r.to, subject, text, html };
}

/** A refunded line: its title (with options) and the units given back. */
export interface RefundedLine {
  title: string;
  quantity: number;
}

/**
 * "Your refund for order #1001": `amountCents` given back to the payment method, the lines it was for (none: an
 * amount not tied to items) and the reason the shop gave, if any.
 */
export function refundMessage(
  r: Recipient & { amountCents: number; lines: RefundedLine[]; reason: string | null },
): AccountMessage {
  return message(r, `Your refund for Emporium order #${r.orderNumber}`, 'Your refund is on its way', [
    `Hello ${r.userName}, we have refunded ${formatCents(r.amountCents)} for your order #${r.orderNumber}.`,
    ...(r.lines.length > 0
      ? [{ title: 'Items refunded', lines: r.lines.map((l) => `${l.quantity} × ${l.title}`) }]
      : []),
    ...(r.reason ? [`Reason: ${r.reason}`] : []),
    'The money goes back to the account you paid with (PayPal); your bank may take a few days to show it.',
  ]);
}

/** "Your order #1001 was cancelled", with the refund of a paid order (`refundCents` 0 for an unpaid one). */
export function cancelledOrderMessage(r: Recipient & { refundCents: number }): AccountMessage {
  return message(r, `Your Emporium order #${r.orderNumber} was cancelled`, 'Your order was cancelled', [
    `Hello ${r.userName}, your order #${r.orderNumber} was cancelled as you asked.`,
    r.refundCents > 0
      ? `${formatCents(r.refundCents)} is being refunded to the account you paid with (PayPal).`
      : 'Nothing was charged for it.',
  ]);
}

/**
 * The acknowledgement of a withdrawal: what was withdrawn from (order, items), the date and time it was received
 * (UTC), and where to send the items (the shop's return address and instructions, issue 40; while none is set, to
 * contact the shop).
 */
export function withdrawalMessage(
  r: Recipient & {
    lines: Array<{ title: string; quantity: number }>;
    receivedAt: Date;
    reason: string | null;
    returns: ReturnSettings | null;
  },
): AccountMessage {
  const when = `${r.receivedAt.toISOString().slice(0, 10)} at ${r.receivedAt.toISOString().slice(11, 16)} UTC`;
  return message(
    r,
    `We received your withdrawal from Emporium order #${r.orderNumber}`,
    'Your withdrawal was received',
    [
      `Hello ${r.userName}, we received your withdrawal from the contract for order #${r.orderNumber} on ${when}.`,
      `Items: ${r.lines.map((l) => `${l.title} × ${l.quantity}`).join('; ')}.`,
      ...(r.reason ? [`Your reason: ${r.reason}`] : []),
      r.returns
        ? 'Please send the items back to us within 14 days, to the address below. We refund what you paid once they have arrived.'
        : 'Please send the items back to us within 14 days. We refund what you paid once they have arrived. Please contact us to learn where to send them.',
      ...(r.returns ? [{ title: 'Return address', lines: postalAddressLines(r.returns) }] : []),
      ...(r.returns?.instructions ? [r.returns.instructions] : []),
    ],
  );
}

/**
 * The order confirmation the payment-success page promises (spec §2): items, line totals, total and shipping
 * address, as plain text and as HTML with every shopper-provided value escaped.
 */
import type { OrderAddress } from '@emporium/contract';
import { escapeHtml, formatCents } from '../lib/html.ts';
import type { MailMessage } from './mailer.ts';

export interface OrderConfirmation {
  to: string;
  userName: string;
  orderId: string;
  orderDate: Date;
  items: Array<{ title: string; quantity: number; unitPriceCents: number }>;
  totalCents: number;
  address: Omit<OrderAddress, 'addressId'>;
}

/** Builds the confirmation message for a paid order. */
export function orderConfirmationMessage(o: OrderConfirmation): MailMessage {
  const ref = o.orderId.slice(-6);
  const date = o.orderDate.toLocaleDateString('en-US', { dateStyle: 'medium' });
  const addressLines = [
    o.address.address,
    `${o.address.city}, ${o.address.state} ${o.address.pincode}`,
    `Phone: ${o.address.phone}`,
    `Notes: ${o.address.notes}`,
  ];
  const text = [
    `Hi ${o.userName},`,
    '',
    `Thank you for your order #${ref} of ${date}. Your payment was received and we are preparing it.`,
    '',
    ...o.items.map(
      (i) =>
        `${i.quantity} x ${i.title} @ ${formatCents(i.unitPriceCents)} = ${formatCents(i.unitPriceCents * i.quantity)}`,
    ),
    '',
    `Total: ${formatCents(o.totalCents)}`,
    '',
    'Shipping to:',
    ...addressLines,
    '',
    'Emporium',
  ].join('\n');
  const rows = o.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(i.title)}</td><td align="right">${i.quantity}</td>` +
        `<td align="right">${formatCents(i.unitPriceCents)}</td>` +
        `<td align="right">${formatCents(i.unitPriceCents * i.quantity)}</td></tr>`,
    )
    .join('');
  const html = `<p>Hi ${escapeHtml(o.userName)},</p>
<p>Thank you for your order <strong>#${escapeHtml(ref)}</strong> of ${escapeHtml(date)}. Your payment was received and we are preparing it.</p>
<table cellpadding="6" style="border-collapse:collapse">
<thead><tr><th align="left">Item</th><th>Qty</th><th>Price</th><th>Line total</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot><tr><th align="left" colspan="3">Total</th><th align="right">${formatCents(o.totalCents)}</th></tr></tfoot>
</table>
<p><strong>Shipping to</strong><br>${addressLines.map(escapeHtml).join('<br>')}</p>
<p>Emporium</p>`;
  return { to: o.to, subject: `Your Emporium order #${ref}`, text, html };
}

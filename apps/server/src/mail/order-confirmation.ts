/**
 * The order confirmation the payment-success page promises (spec §2): items, line totals, total and shipping
 * address, as plain text and as HTML with every shopper-provided value escaped.
 */
import { postalAddressLines, toCents, type OrderAddress, type OrderPricing } from '@emporium/contract';
import { escapeHtml, formatCents } from '../lib/html.ts';
import { mailHtml, orderPageUrl } from './layout.ts';
import type { MailMessage } from './mailer.ts';

export interface OrderConfirmation {
  to: string;
  userName: string;
  orderId: string;
  /** The order's short sequential number (`orders.number`), shown as `#1001` (issue 26 / DESIGN.md §4). */
  orderNumber: number;
  orderDate: Date;
  /** `image`: an absolute URL of the product image (shown 64 px wide). */
  items: Array<{ title: string; quantity: number; unitPriceCents: number; image?: string }>;
  totalCents: number;
  /** The breakdown (issue 27); its subtotal, discount, shipping and tax lines show when any is not 0. */
  pricing?: OrderPricing;
  address: Omit<OrderAddress, 'addressId'>;
  /** The shop's public origin (PUBLIC_URL): the "View your order" link opens the order on its account page. */
  shopUrl: string;
  /** A guest's order (issue 41): the token of a signed link, which "View your order" opens instead. */
  orderToken?: string;
}

/** The breakdown's lines above the total ([label, amount]); none for an order of lines only (the spec's). */
function breakdownLines(p: OrderPricing | undefined): Array<[string, string]> {
  if (!p || (p.discount === 0 && p.shipping === 0 && p.tax === 0 && !p.shippingMethod)) return [];
  const lines: Array<[string, string]> = [['Subtotal', formatCents(toCents(p.subtotal))]];
  if (p.discount > 0) {
    lines.push([
      `Discount${p.discountCode ? ` (${p.discountCode})` : ''}`,
      // A no-break space: the sign never ends a line without its amount (issue 40, item 10).
      `−\u00a0${formatCents(toCents(p.discount))}`,
    ]);
  }
  if (p.shippingMethod) lines.push([`Shipping (${p.shippingMethod})`, formatCents(toCents(p.shipping))]);
  if (p.tax > 0) lines.push([p.pricesIncludeTax ? 'Includes tax' : 'Tax', formatCents(toCents(p.tax))]);
  return lines;
}

/** Builds the confirmation message for a paid order; subject `Your Emporium order #1001`. */
export function orderConfirmationMessage(o: OrderConfirmation): MailMessage {
  const parts = breakdownLines(o.pricing);
  const ref = String(o.orderNumber);
  const date = o.orderDate.toLocaleDateString('en-US', { dateStyle: 'medium' });
  const addressLines = [
    ...postalAddressLines(o.address),
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
    ...parts.map(([label, amount]) => `${label}: ${amount}`),
    `Total: ${formatCents(o.totalCents)}`,
    '',
    'Shipping to:',
    ...addressLines,
    '',
    `View your order: ${orderPageUrl(o.shopUrl, o.orderId, o.orderToken)}`,
    '',
    'Emporium',
  ].join('\n');
  const orderUrl = orderPageUrl(o.shopUrl, o.orderId, o.orderToken);
  const cell = 'padding:10px 0;border-bottom:1px solid #e5e5e5;vertical-align:middle';
  const rows = o.items
    .map(
      (i) =>
        `<tr><td style="${cell};width:76px">${
          i.image
            ? `<img src="${escapeHtml(i.image)}" width="64" height="64" alt="" style="display:block;border-radius:8px;object-fit:cover">`
            : ''
        }</td>` +
        `<td style="${cell}"><div style="font-weight:600">${escapeHtml(i.title)}</div>` +
        `<div style="color:#525252;font-size:13px">${i.quantity} × ${formatCents(i.unitPriceCents)}</div></td>` +
        `<td style="${cell};text-align:right;white-space:nowrap">${formatCents(i.unitPriceCents * i.quantity)}</td></tr>`,
    )
    .join('');
  const html = mailHtml({
    heading: `Thank you for your order, ${o.userName}`,
    body: `<tr><td><p style="margin:0 0 20px;color:#404040">Order <strong>#${escapeHtml(ref)}</strong> of ${escapeHtml(date)}. Your payment was received and we are preparing it.</p></td></tr>
<tr><td><table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}
${parts
  .map(
    ([label, amount]) =>
      `<tr><td></td><td style="padding-top:8px;color:#404040">${escapeHtml(label)}</td><td style="padding-top:8px;text-align:right;color:#404040;white-space:nowrap">${escapeHtml(amount)}</td></tr>`,
  )
  .join('')}
<tr><td></td><td style="padding-top:14px;font-weight:700">Total</td><td style="padding-top:14px;text-align:right;font-weight:700;white-space:nowrap">${formatCents(o.totalCents)}</td></tr>
</table></td></tr>
<tr><td style="padding-top:24px;padding-bottom:16px"><div style="font-weight:600;margin-bottom:4px">Shipping to</div>
<div style="color:#404040;line-height:1.5">${addressLines.map(escapeHtml).join('<br>')}</div></td></tr>`,
    action: { label: 'View your order', url: orderUrl },
    footer: 'You receive this e-mail because you placed an order at Emporium.',
  });
  return { to: o.to, subject: `Your Emporium order #${ref}`, text, html };
}

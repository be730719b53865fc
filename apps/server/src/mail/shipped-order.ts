/**
 * "Your order has shipped" (issue 26): sent when an admin sets an order to Shipped, with the carrier, the tracking
 * number and the tracking link when the admin gave them, the items in the parcel (issue 40), and a "View your order"
 * button that opens the order on the storefront's account page (a guest's: its signed link, issue 41). Built when queued (`queueAccountMail`, in the status change's transaction), HTML and text, every value the
 * admin or the shopper typed escaped.
 */
import { escapeHtml } from '../lib/html.ts';
import { mailHtml, orderPageUrl, paragraph, textBlock } from './layout.ts';
import type { AccountMessage } from './outbox.ts';

export interface ShippedOrder {
  to: string;
  userName: string;
  /** The order's id (its "View your order" link) and short number, shown as `#1001`. */
  orderId: string;
  orderNumber: number;
  /** The order's lines: title with options, units. */
  items: Array<{ title: string; quantity: number }>;
  /** Null when the status was set without tracking (the spec's client sends only the status). */
  carrier: string | null;
  trackingNumber: string | null;
  /** An https link (contract `OrderStatusBody`), or null. */
  trackingUrl: string | null;
  /** The storefront's origin (config `storefrontUrl`). */
  shopUrl: string;
  /** A guest's order (issue 41): the token of a signed link, which "View your order" opens instead. */
  orderToken?: string;
}

/** The message; subject `Your Emporium order #1001 has shipped`. */
export function shippedOrderMessage(o: ShippedOrder): AccountMessage {
  const subject = `Your Emporium order #${o.orderNumber} has shipped`;
  const orderUrl = orderPageUrl(o.shopUrl, o.orderId, o.orderToken);
  const items = o.items.map((i) => `${i.quantity} × ${i.title}`);
  const intro = `Good news, ${o.userName}: your order #${o.orderNumber} is on its way.`;
  const tracking =
    o.carrier && o.trackingNumber ? `Shipped with ${o.carrier} · Tracking ${o.trackingNumber}` : null;
  const footer = 'You receive this e-mail because you placed an order at Emporium.';
  const text = [
    intro,
    '',
    ...(tracking ? [tracking, ''] : []),
    ...(o.trackingUrl ? [`Track your parcel: ${o.trackingUrl}`, ''] : []),
    'In this parcel:',
    ...items,
    '',
    `View your order: ${orderUrl}`,
    '',
    footer,
    '',
    'Emporium',
  ].join('\n');
  const link = o.trackingUrl
    ? `<tr><td><p style="margin:0 0 16px"><a href="${escapeHtml(o.trackingUrl)}" style="color:#171717;font-weight:600">Track your parcel</a></p></td></tr>`
    : '';
  const html = mailHtml({
    heading: 'Your order has shipped',
    body: [
      paragraph(intro),
      tracking ? paragraph(tracking) : '',
      link,
      textBlock('In this parcel', items),
    ].join('\n'),
    action: { label: 'View your order', url: orderUrl },
    footer,
  });
  return { to: o.to, subject, text, html };
}

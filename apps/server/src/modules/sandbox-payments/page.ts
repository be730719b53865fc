/**
 * HTML of the sandbox approval page. Every value is escaped; there is no script (the CSP allows none inline) and
 * the buttons are plain same-origin form posts. The page's referrer policy is same-origin because under the site-wide
 * no-referrer policy a browser sends `Origin: null` with a form post, which the CSRF check refuses.
 */
import { escapeHtml, formatCents } from '../../lib/html.ts';

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f5f5f5; margin: 0; color: #171717; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 1rem; padding: 2rem;
         box-sizing: border-box; width: calc(100% - 1.5rem);
         box-shadow: 0 1px 3px rgba(0,0,0,.1); }
  .demo { background: #fef3c7; color: #92400e; border-radius: .5rem; padding: .5rem .75rem; font-weight: 600; }
  h1 { font-size: 1.4rem; } .amount { font-size: 2rem; font-weight: 800; margin: .5rem 0 1rem; }
  ul { padding-left: 1.2rem; color: #404040; } form { display: inline; }
  .shop { font-weight: 800; font-size: 1.1rem; margin-bottom: 1rem; }
  table { width: 100%; border-collapse: collapse; margin: .5rem 0 1rem; font-size: .95rem; }
  th, td { padding: .5rem 0; border-bottom: 1px solid #eee; vertical-align: top; text-align: left; }
  thead th { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: #737373; font-weight: 600; }
  .n { text-align: right; white-space: nowrap; padding-left: 1rem; }
  .title { display: block; font-weight: 600; overflow-wrap: anywhere; }
  .each { display: block; color: #737373; font-size: .85rem; margin-top: .1rem; }
  tfoot th, tfoot td { border-bottom: 0; border-top: 2px solid #171717; font-weight: 800; }
  tfoot tr.part th, tfoot tr.part td { border-top: 0; font-weight: 400; color: #404040; padding: .25rem 0; }
  tfoot tr.part:first-child th, tfoot tr.part:first-child td { border-top: 1px solid #eee; }
  .shipto { color: #404040; font-size: .95rem; line-height: 1.45; margin-bottom: 1.25rem; }
  .back { display: inline-block; margin-top: 1.25rem; color: #404040; }
  button { font: inherit; border-radius: .5rem; padding: .7rem 1.4rem; cursor: pointer; border: 1px solid #171717; }
  .pay { background: #171717; color: #fff; margin-right: .5rem; } .cancel { background: #fff; }
  @media (max-width: 30rem) { main { margin: 1rem auto; padding: 1.25rem; } }`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

/** Subtotal, discount, shipping and tax rows of the receipt (none for an order with only lines, as in the spec). */
function breakdownRows(p: Parameters<typeof approvalPage>[0]['pricing']): string {
  if (!p || (p.discountCents === 0 && p.shippingCents === 0 && p.taxCents === 0 && !p.shippingMethod))
    return '';
  const row = (label: string, amount: string) =>
    `<tr class="part"><th scope="row">${escapeHtml(label)}</th><td class="n">${amount}</td></tr>`;
  return [
    row('Subtotal', formatCents(p.subtotalCents)),
    p.discountCents > 0
      ? row(`Discount${p.discountCode ? ` (${p.discountCode})` : ''}`, `−${formatCents(p.discountCents)}`)
      : '',
    p.shippingMethod ? row(`Shipping (${p.shippingMethod})`, formatCents(p.shippingCents)) : '',
    p.taxCents > 0 ? row(p.pricesIncludeTax ? 'Includes tax' : 'Tax', formatCents(p.taxCents)) : '',
  ].join('');
}

/**
 * The approval page: the shop's name, a demo label, the amount, the items and where they ship, Pay and Cancel, and
 * a way back to the shop (the order then waits for its payment, see the reconciliation job).
 */
export function approvalPage(p: {
  paymentId: string;
  amountCents: number;
  description: string;
  status: string;
  items: Array<{ title: string; quantity: number; unitPriceCents: number }>;
  shipTo: string[];
  /** The order's breakdown (issue 27), shown above the total when it has a discount, shipping or tax. */
  pricing?: {
    subtotalCents: number;
    discountCents: number;
    shippingCents: number;
    taxCents: number;
    pricesIncludeTax: boolean;
    shippingMethod: string | null;
    discountCode: string | null;
  };
}): string {
  const id = encodeURIComponent(p.paymentId);
  const open = p.status === 'created' || p.status === 'approved';
  // A receipt (issue 27): each line's title on its own line, "2 × $3,400.00" under it, the line's amount on the right,
  // and the total below, so nothing runs together at any width.
  const rows = p.items
    .map(
      (i) =>
        `<tr><td><span class="title">${escapeHtml(i.title)}</span>` +
        `<span class="each">${i.quantity} × ${formatCents(i.unitPriceCents)}</span></td>` +
        `<td class="n">${formatCents(i.quantity * i.unitPriceCents)}</td></tr>`,
    )
    .join('');
  const receipt =
    `<table aria-label="Items"><thead><tr><th scope="col">Item</th><th scope="col" class="n">Amount</th></tr></thead>` +
    `<tbody>${rows}</tbody>` +
    `<tfoot>${breakdownRows(p.pricing)}<tr><th scope="row">Total</th><td class="n">${formatCents(p.amountCents)}</td></tr></tfoot></table>`;
  return layout(
    'Emporium sandbox payment',
    `<div class="shop">Emporium</div>
<p class="demo">Demo payment — no money moves. This sandbox stands in for PayPal.</p>
<h1>Emporium sandbox payment</h1>
<p class="amount">${formatCents(p.amountCents)}</p>
<p>${escapeHtml(p.description)}</p>
${rows ? receipt : ''}
${p.shipTo.length ? `<div class="shipto"><strong>Ship to</strong><br>${p.shipTo.map(escapeHtml).join('<br>')}</div>` : ''}
${
  open
    ? `<form method="post" action="/sandbox/pay/${id}/approve"><button class="pay" type="submit">Pay ${formatCents(p.amountCents)}</button></form>
<form method="post" action="/sandbox/pay/${id}/cancel"><button class="cancel" type="submit">Cancel</button></form>
<p><a class="back" href="/shop/home">Back to the shop</a></p>`
    : `<p>This payment is ${escapeHtml(p.status)}.</p><p><a href="/shop/account">Back to the shop</a></p>`
}`,
  );
}

/** The page for an unknown payment id. */
export function notFoundPage(): string {
  return layout(
    'Payment not found',
    '<h1>Payment not found</h1><p><a href="/shop/checkout">Back to checkout</a></p>',
  );
}

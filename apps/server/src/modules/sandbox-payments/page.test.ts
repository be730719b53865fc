/**
 * The sandbox payment page as a receipt (issue 27: its rows used to run together, "Shoulder Bag2 × $3,400.00$6,800.00"):
 * each line's title, its "quantity × unit price" and its amount are separate elements, and a total row closes it.
 */
import { describe, expect, it } from 'vitest';
import { approvalPage } from './page.ts';

const html = approvalPage({
  paymentId: 'pay-1',
  amountCents: 681_188,
  description: 'Emporium order #1042',
  status: 'created',
  items: [
    { title: 'Shoulder Bag', quantity: 2, unitPriceCents: 340_000 },
    { title: 'Socks <b>', quantity: 12, unitPriceCents: 99 },
  ],
  shipTo: ['Rae Return', '9 Return Row'],
});

describe('sandbox payment page', () => {
  it('lays each line out as title, then quantity × unit price, with the amount in its own cell', () => {
    expect(html).toContain(
      '<tr><td><span class="title">Shoulder Bag</span><span class="each">2 × $3,400.00</span></td>' +
        '<td class="n">$6,800.00</td></tr>',
    );
    expect(html).toContain('<span class="title">Socks &lt;b&gt;</span><span class="each">12 × $0.99</span>');
  });

  it('closes the receipt with the total, and labels its columns', () => {
    expect(html).toContain('<tfoot><tr><th scope="row">Total</th><td class="n">$6,811.88</td></tr></tfoot>');
    expect(html).toContain('<th scope="col">Item</th><th scope="col" class="n">Amount</th>');
  });
});

import { describe, expect, it } from 'vitest';
import { orderConfirmationMessage } from './order-confirmation.ts';

describe('order confirmation mail', () => {
  const message = orderConfirmationMessage({
    to: 'ann@example.test',
    userName: 'Ann <b>',
    orderId: '123e4567-e89b-42d3-a456-426614174000',
    orderNumber: 1001,
    orderDate: new Date('2026-11-20T10:00:00Z'),
    shopUrl: 'https://shop.example',
    items: [
      {
        title: 'Kettle',
        quantity: 2,
        unitPriceCents: 2599,
        image: 'https://shop.example/uploads/k-400.webp',
      },
      { title: 'Mug & Saucer', quantity: 1, unitPriceCents: 800 },
    ],
    totalCents: 5998,
    address: {
      address: '1 Market Street',
      city: 'Springfield',
      state: 'IL',
      pincode: '62701',
      phone: '555',
      notes: '<script>alert(1)</script>',
      country: 'US',
    },
  });

  it('lists items, line totals, the total and the shipping address', () => {
    expect(message.subject).toBe('Your Emporium order #1001');
    expect(message.text).toContain('Thank you for your order #1001 of Nov 20, 2026.');
    expect(message.text).toContain('2 x Kettle @ $25.99 = $51.98');
    expect(message.text).toContain('Total: $59.98');
    expect(message.text).toContain('1 Market Street\nSpringfield, IL 62701\nUnited States\nPhone: 555');
    expect(message.text).toContain(
      'View your order: https://shop.example/shop/account?order=123e4567-e89b-42d3-a456-426614174000',
    );
  });

  it('looks like a shop e-mail: shop name, order number, images, totals and a View your order button', () => {
    expect(message.html).toContain('>Emporium<');
    expect(message.html).toContain('Order <strong>#1001</strong>');
    expect(message.html + message.text).not.toContain('#174000');
    expect(message.html).toContain('<img src="https://shop.example/uploads/k-400.webp"');
    expect(message.html).toContain('$51.98');
    expect(message.html).toContain('$59.98');
    expect(message.html).toMatch(
      /<a href="https:\/\/shop\.example\/shop\/account\?order=123e4567-e89b-42d3-a456-426614174000"[^>]*>View your order<\/a>/,
    );
    expect(message.html).not.toMatch(/<script|<link|<style/);
  });

  it('escapes every shopper-provided value in the HTML part', () => {
    expect(message.html).not.toContain('<script>');
    expect(message.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(message.html).toContain('Ann &lt;b&gt;');
    expect(message.html).toContain('Mug &amp; Saucer');
  });
});

describe('order confirmation mail: the whole address and an unbreakable discount (issue 40)', () => {
  const message = orderConfirmationMessage({
    to: 'jana@example.test',
    userName: 'Jana',
    orderId: 'a1',
    orderNumber: 1002,
    orderDate: new Date('2026-11-20T10:00:00Z'),
    shopUrl: 'https://shop.example',
    items: [{ title: 'Kettle', quantity: 1, unitPriceCents: 2500 }],
    totalCents: 2000,
    pricing: {
      subtotal: 25,
      discount: 5,
      shipping: 0,
      tax: 0,
      pricesIncludeTax: false,
      shippingMethod: null,
      discountCode: 'SAVE5',
      country: 'DE',
    },
    address: {
      name: 'Jana Müller',
      address: 'Invalidenstraße 116',
      city: 'Berlin',
      state: 'Berlin',
      pincode: '10115',
      phone: '+49 30 1234',
      notes: '',
      country: 'DE',
    },
  });

  it('prints the recipient, the German layout and "Germany"', () => {
    expect(message.text).toContain('Shipping to:\nJana Müller\nInvalidenstraße 116\n10115 Berlin\nGermany\n');
    expect(message.html).toContain('Jana Müller<br>Invalidenstraße 116<br>10115 Berlin<br>Germany<br>');
  });

  it('joins the discount sign to its amount with a no-break space in a cell that does not wrap', () => {
    expect(message.text).toContain('Discount (SAVE5): −\u00a0$5.00');
    expect(message.html).toMatch(/<td style="[^"]*white-space:nowrap">−\u00a0\$5\.00<\/td>/);
  });
});

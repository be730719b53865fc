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
    },
  });

  it('lists items, line totals, the total and the shipping address', () => {
    expect(message.subject).toBe('Your Emporium order #1001');
    expect(message.text).toContain('Thank you for your order #1001 of Nov 20, 2026.');
    expect(message.text).toContain('2 x Kettle @ $25.99 = $51.98');
    expect(message.text).toContain('Total: $59.98');
    expect(message.text).toContain('Springfield, IL 62701');
    expect(message.text).toContain('View your order: https://shop.example/shop/account');
  });

  it('looks like a shop e-mail: shop name, order number, images, totals and a View your order button', () => {
    expect(message.html).toContain('>Emporium<');
    expect(message.html).toContain('Order <strong>#1001</strong>');
    expect(message.html + message.text).not.toContain('#174000');
    expect(message.html).toContain('<img src="https://shop.example/uploads/k-400.webp"');
    expect(message.html).toContain('$51.98');
    expect(message.html).toContain('$59.98');
    expect(message.html).toMatch(
      /<a href="https:\/\/shop\.example\/shop\/account"[^>]*>View your order<\/a>/,
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

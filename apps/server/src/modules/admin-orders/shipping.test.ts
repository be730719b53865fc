/**
 * Issue 26, the shipping notice: Shipped stores the carrier, tracking number and link with `shippedAt` in the status
 * UPDATE, queues one "your order has shipped" e-mail in the same transaction, and the shopper's order carries the
 * shipment. The spec's body `{orderStatus: 'Shipped'}` alone still ships (without tracking); bad tracking input and
 * refused transitions are 400/409 with nothing changed and no e-mail.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@emporium/contract';
import { mailOutbox, orders } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, as, buyProducts, type Session } from '../../test/shop-client.ts';
import { captureMail, type CapturedMail } from '../account/test-mail.ts';

let t: TestApp;
let mail: CapturedMail;
let admin: Session;
let shopper: Awaited<ReturnType<typeof signUpAndLogIn>>;

beforeAll(async () => {
  mail = captureMail();
  t = await buildTestApp({}, { mailer: mail.mailer });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app, { userName: 'Ada <Lovelace>' });
  await addAddress(t.app, shopper);
});
afterAll(async () => {
  await t.app.close();
});

const TRACKING = {
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784&loc=en_US',
};

const put = (id: string, body: object) => as(t.app, admin).put(`/api/admin/orders/status/${id}`, body);
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const queued = async () => Number((await t.db.select({ n: count() }).from(mailOutbox))[0]!.n);

/** A paid (Processing) order of the shopper, moved on to `status` with the spec's body. */
async function paidOrder(status: OrderStatus = 'Processing'): Promise<{ id: string; number: number }> {
  const productId = await insertProduct(t.db, { title: 'Parcel Lamp', totalStock: 10 });
  const order = await buyProducts(t.app, shopper, [{ productId, quantity: 1 }]);
  if (status !== 'Processing') expect((await put(order._id, { orderStatus: status })).statusCode).toBe(200);
  return { id: order._id, number: order.orderNumber };
}

describe('PUT /api/admin/orders/status/:id with Shipped: the shipping notice', () => {
  it('stores carrier, tracking number and link with shippedAt, and queues exactly one e-mail', async () => {
    const order = await paidOrder();
    const before = await queued();
    const res = await put(order.id, { orderStatus: 'Shipped', ...TRACKING, carrier: '  UPS  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ orderStatus: 'Shipped', shipment: TRACKING });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ orderStatus: 'Shipped', ...TRACKING });
    expect(row.shippedAt).toBeInstanceOf(Date);
    expect(row.shippedAt!.getTime()).toBe(row.orderUpdateDate.getTime());
    expect(await queued()).toBe(before + 1);

    const subject = `Your Emporium order #${order.number} has shipped`;
    const sent = await mail.latest(t, shopper.email, subject);
    expect(sent.subject).toBe(subject);
    expect(sent.text).toContain('Shipped with UPS · Tracking 1Z999AA10123456784');
    expect(sent.text).toContain(`Track your parcel: ${TRACKING.trackingUrl}`);
    // Issue 40: the items in the parcel, and a link that opens this order.
    expect(sent.text).toContain('In this parcel:\n1 × Parcel Lamp');
    expect(sent.html).toContain('In this parcel');
    expect(sent.text).toContain(`View your order: http://shop.test/shop/account?order=${order.id}`);
    expect(sent.html).toContain(`href="${TRACKING.trackingUrl.replace('&', '&amp;')}"`);
    expect(sent.html).toContain('Ada &lt;Lovelace&gt;');
    expect(sent.html).toContain('View your order');
    // Delivered later sends nothing more.
    expect((await put(order.id, { orderStatus: 'Delivered' })).statusCode).toBe(200);
    expect(await queued()).toBe(before + 1);
    expect(mail.sent.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it("the shopper's order details and history carry the shipment", async () => {
    const order = await paidOrder();
    expect(
      (await as(t.app, shopper).get(`/api/shop/order/details/${order.id}`)).json().data.shipment,
    ).toBeNull();
    await put(order.id, { orderStatus: 'Shipped', ...TRACKING });
    const details = (await as(t.app, shopper).get(`/api/shop/order/details/${order.id}`)).json().data;
    expect(details.shipment).toMatchObject(TRACKING);
    expect(Date.parse(details.shipment.shippedAt)).not.toBeNaN();
    const list = (await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`)).json().data;
    expect(list.find((o: { _id: string }) => o._id === order.id).shipment).toMatchObject(TRACKING);
  });

  it("the spec's body {orderStatus: 'Shipped'} alone still ships, without tracking, with the e-mail", async () => {
    const order = await paidOrder();
    const before = await queued();
    const res = await put(order.id, { orderStatus: 'Shipped' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Order status updated successfully' });
    expect(res.json().data.shipment).toMatchObject({
      carrier: null,
      trackingNumber: null,
      trackingUrl: null,
    });
    expect(await queued()).toBe(before + 1);
    const sent = await mail.latest(t, shopper.email, `#${order.number} has shipped`);
    expect(sent.text).not.toContain('Tracking');
  });

  it.each([
    ['an http link', { ...TRACKING, trackingUrl: 'http://www.ups.com/track' }, 'https://'],
    ['a javascript: link', { ...TRACKING, trackingUrl: 'javascript:alert(1)' }, 'https://'],
    ['a link with a space', { ...TRACKING, trackingUrl: 'https://ups.com/a b' }, 'https://'],
    ['a link over 500 characters', { ...TRACKING, trackingUrl: `https://ups.com/${'a'.repeat(490)}` }, '500'],
    ['a carrier over 60 characters', { ...TRACKING, carrier: 'U'.repeat(61) }, '60'],
    ['a tracking number over 100 characters', { ...TRACKING, trackingNumber: '1'.repeat(101) }, '100'],
    ['a blank carrier', { ...TRACKING, carrier: '   ' }, 'carrier'],
    ['a carrier without a tracking number', { carrier: 'UPS' }, 'tracking number'],
    ['an unknown key', { ...TRACKING, eta: 'tomorrow' }, 'eta'],
    ['a number that is not text', { ...TRACKING, trackingNumber: 123 }, ''],
  ])('%s is a 400 that changes nothing and sends nothing', async (_name, body, words) => {
    const order = await paidOrder();
    const before = await rowOf(order.id);
    const mails = await queued();
    const res = await put(order.id, { orderStatus: 'Shipped', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(words);
    expect(await rowOf(order.id)).toEqual(before);
    expect(await queued()).toBe(mails);
  });

  it('tracking details with another status than Shipped are a 400', async () => {
    const order = await paidOrder();
    const res = await put(order.id, { orderStatus: 'Delivered', ...TRACKING });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Shipped');
    expect((await rowOf(order.id)).orderStatus).toBe('Processing');
  });

  it.each<[OrderStatus]>([['Delivered'], ['Cancelled'], ['Shipped']])(
    'Shipped on a %s order changes nothing and sends no e-mail',
    async (status) => {
      const order = await paidOrder(status);
      const before = await rowOf(order.id);
      const mails = await queued();
      const res = await put(order.id, { orderStatus: 'Shipped', ...TRACKING, trackingNumber: 'OTHER' });
      // Shipped again is the no-op (200) the status rules keep; the others are refused.
      expect(res.statusCode).toBe(status === 'Shipped' ? 200 : 409);
      expect(await rowOf(order.id)).toEqual(before);
      expect(await queued()).toBe(mails);
    },
  );
});

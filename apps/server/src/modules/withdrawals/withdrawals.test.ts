/**
 * Issue 26, the EU withdrawal function (`POST /api/shop/order/withdraw/:id`; Directive (EU) 2023/2673, CRD Art. 11a),
 * written as the failures it guards against: a withdrawal accepted outside the 14 days after delivery (which end at
 * the end of the 14th day on the shop's clock, issue 46), or refused inside them, or before
 * delivery, twice, without the confirming step, or from someone else's order; an acknowledgement without its content,
 * date and time; and a withdrawal the admin refunded that stays "to process" or restocks twice.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, orders, products, shopSettings, withdrawals } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, as, buyProducts, type Session } from '../../test/shop-client.ts';
import { captureMail, type CapturedMail } from '../account/test-mail.ts';
import { loadConfig } from '../../config.ts';
import { withdrawalEndSql } from '../orders/order-view.ts';
import { RETURNS_KEY, setReturnSettings } from '../shop-settings/service.ts';
import { withdrawFromOrder } from './service.ts';

let t: TestApp;
let mail: CapturedMail;
let admin: Session;
let shopper: Awaited<ReturnType<typeof signUpAndLogIn>>;
let stranger: Session;

beforeAll(async () => {
  mail = captureMail();
  t = await buildTestApp({ SHOP_TIME_ZONE: ZONE }, { mailer: mail.mailer });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app, { userName: 'Sam Shopper' });
  await addAddress(t.app, shopper);
  stranger = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const STOCK = 10;
const DAY_MS = 86_400_000;
/** The shop's time zone in these tests (SHOP_TIME_ZONE): the withdrawal period ends at midnight there. */
const ZONE = 'Europe/Berlin';

const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const withdrawalOf = async (id: string) =>
  (await t.db.select().from(withdrawals).where(eq(withdrawals.orderId, id)))[0];
const withdraw = (id: string, body: object = { confirm: true }, who: Session = shopper) =>
  as(t.app, who).post(`/api/shop/order/withdraw/${id}`, body);
const setStatus = (id: string, orderStatus: string) =>
  as(t.app, admin).put(`/api/admin/orders/status/${id}`, { orderStatus });
const outboxSize = async () =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(mailOutbox))[0]!.n);

/** Moves the order's delivery to `at`, with the end of its withdrawal period as delivery fixes it. */
async function deliveredAt(orderId: string, at: Date) {
  await t.db
    .update(orders)
    .set({ deliveredAt: at, withdrawalEndsAt: withdrawalEndSql(at, ZONE) })
    .where(eq(orders.id, orderId));
}

/** The date and time of `at` on a Berlin clock, `2026-06-16 00:00`. */
const berlinClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).format(at);

/**
 * A paid order of 2 × "Teapot" ($8) and 1 × "Cup" ($3), $19, moved to `status`; Delivered `daysAgo` days ago
 * (`delivered_at` set back with SQL, as time passing would).
 */
async function order(status: 'Processing' | 'Shipped' | 'Delivered' = 'Delivered', daysAgo = 0) {
  const teapot = await insertProduct(t.db, { title: 'Teapot', price: 8, totalStock: STOCK });
  const cup = await insertProduct(t.db, { title: 'Cup', price: 3, totalStock: STOCK });
  const o = await buyProducts(t.app, shopper, [
    { productId: teapot, quantity: 2 },
    { productId: cup, quantity: 1 },
  ]);
  if (status !== 'Processing') expect((await setStatus(o._id, 'Shipped')).statusCode).toBe(200);
  if (status === 'Delivered') {
    expect((await setStatus(o._id, 'Delivered')).statusCode).toBe(200);
    if (daysAgo > 0) await deliveredAt(o._id, new Date(Date.now() - daysAgo * DAY_MS));
  }
  return { id: o._id, number: o.orderNumber, teapot, cup };
}

describe('POST /api/shop/order/withdraw/:id', () => {
  it('on day 13 after delivery: 200, recorded with its content, on the timeline, acknowledged by e-mail', async () => {
    const o = await order('Delivered', 13);
    const mails = await outboxSize();
    const before = Date.now();
    const res = await withdraw(o.id, { confirm: true, reason: 'Too small' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      message: 'We received your withdrawal and e-mailed you a confirmation.',
      data: { _id: o.id, orderStatus: 'Delivered', withdrawal: { processedAt: null } },
    });
    const requestedAt = new Date(body.data.withdrawal.requestedAt).getTime();
    expect(requestedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(body.data.timeline.at(-1)).toMatchObject({
      kind: 'withdrawal_requested',
      actor: null,
      note: 'Too small',
    });

    const row = await withdrawalOf(o.id);
    expect(row).toMatchObject({
      userId: shopper.userId,
      reason: 'Too small',
      processedAt: null,
      content: {
        orderNumber: o.number,
        lines: [
          { title: 'Cup', quantity: 1 },
          { title: 'Teapot', quantity: 2 },
        ],
      },
    });
    // The order itself is untouched: no refund, no stock moved yet (the goods are not back).
    expect(await rowOf(o.id)).toMatchObject({ paymentStatus: 'completed', refundedCents: 0 });
    expect([await stockOf(o.teapot), await stockOf(o.cup)]).toEqual([STOCK - 2, STOCK - 1]);

    expect(await outboxSize()).toBe(mails + 1);
    const sent = await mail.latest(t, shopper.email, `withdrawal from Emporium order #${o.number}`);
    const at = row!.requestedAt.toISOString();
    expect(sent.text).toContain(`for order #${o.number} on ${at.slice(0, 10)} at ${at.slice(11, 16)} UTC`);
    expect(sent.text).toContain('Items: Cup × 1; Teapot × 2.');
    expect(sent.text).toContain('Your reason: Too small');
    expect(sent.html).toContain(`#${o.number}`);
    // No return address set yet: where to send them is asked of the shop.
    expect(sent.text).toContain('Please send the items back to us within 14 days. We refund');
    expect(sent.text).toContain('Please contact us to learn where to send them.');
    expect(sent.text).not.toContain('Return address');
  });

  it("names the shop's return address and instructions once an admin set them (issue 40)", async () => {
    await setReturnSettings(t.db, {
      name: 'Emporium Returns',
      address: 'Lagerstraße 5',
      city: 'Hamburg',
      state: '',
      pincode: '20095',
      country: 'DE',
      instructions: 'Put the return slip in the parcel.',
    });
    const o = await order('Delivered', 2);
    expect((await withdraw(o.id, { confirm: true })).statusCode).toBe(200);
    const sent = await mail.latest(t, shopper.email, `withdrawal from Emporium order #${o.number}`);
    expect(sent.text).toContain(
      'Return address:\nEmporium Returns\nLagerstraße 5\n20095 Hamburg\nGermany\n\nPut the return slip in the parcel.',
    );
    expect(sent.html).toContain('Emporium Returns<br>Lagerstraße 5<br>20095 Hamburg<br>Germany');
    expect(sent.text).toContain(`/shop/account?order=${o.id}`);
    await t.db.delete(shopSettings).where(eq(shopSettings.key, RETURNS_KEY));
  });

  it('on day 15: 409 naming the last day, nothing recorded, no e-mail', async () => {
    const o = await order('Delivered', 15);
    const mails = await outboxSize();
    const res = await withdraw(o.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      /^The 14-day withdrawal period for this order ended on \w+ \d+, \d{4}\.$/,
    );
    expect(await withdrawalOf(o.id)).toBeUndefined();
    expect(await outboxSize()).toBe(mails);
    const view = (await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`)).json().data;
    expect(view.withdrawal).toBeNull();
    expect(view.timeline.map((e: { kind: string }) => e.kind)).not.toContain('withdrawal_requested');
  });

  // Issue 46, item 8: the period was delivery + 14 × 24 h, so a shopper delivered at 16:00 on 1 June who withdrew at
  // 20:00 on 15 June was refused.
  it('delivered at 16:00 on 1 June (Berlin), a withdrawal at 20:00 on 15 June is in time; at midnight it is over', async () => {
    const deps = { db: t.db, images: t.images, storefrontUrl: 'http://shop.test', shopTimeZone: ZONE };
    const inTime = await order('Delivered');
    const late = await order('Delivered');
    for (const o of [inTime, late]) await deliveredAt(o.id, new Date('2026-06-01T14:00:00Z'));
    const evening = new Date('2026-06-15T18:00:00Z');
    expect(berlinClock(evening)).toBe('2026-06-15 20:00');
    const done = await withdrawFromOrder(deps, { userId: shopper.userId }, inTime.id, undefined, evening);
    expect(done.order.withdrawal).not.toBeNull();
    expect(done.order.withdrawableUntil).toBe('2026-06-15T21:59:59.999Z');
    const midnight = new Date('2026-06-15T22:00:00Z');
    await expect(
      withdrawFromOrder(deps, { userId: shopper.userId }, late.id, undefined, midnight),
    ).rejects.toMatchObject({
      statusCode: 409,
      message: 'The 14-day withdrawal period for this order ended on June 15, 2026.',
    });
    expect(await withdrawalOf(late.id)).toBeUndefined();
  });

  it('delivery through the admin fixes the end at midnight after the 14th day on the shop’s clock', async () => {
    const o = await order('Delivered');
    const row = await rowOf(o.id);
    const delivered = berlinClock(row.deliveredAt!).slice(0, 10);
    const day15 = new Date(`${delivered}T12:00:00Z`);
    day15.setUTCDate(day15.getUTCDate() + 15);
    expect(berlinClock(row.withdrawalEndsAt!)).toBe(`${day15.toISOString().slice(0, 10)} 00:00`);
    const deps = { db: t.db, images: t.images, storefrontUrl: 'http://shop.test', shopTimeZone: ZONE };
    const lastMoment = new Date(row.withdrawalEndsAt!.getTime() - 1);
    expect(
      (await withdrawFromOrder(deps, { userId: shopper.userId }, o.id, undefined, lastMoment)).order
        .withdrawal,
    ).not.toBeNull();
  });

  it('SHOP_TIME_ZONE must be a time zone: start-up stops naming it', () => {
    expect(() => loadConfig({ SHOP_TIME_ZONE: 'Mars/Olympus' })).toThrow(/SHOP_TIME_ZONE/);
    expect(loadConfig({}).shopTimeZone).toBe('UTC');
  });

  it.each(['Processing', 'Shipped'] as const)(
    'a %s (not delivered) order: 409, nothing recorded',
    async (status) => {
      const o = await order(status);
      const res = await withdraw(o.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(
        status === 'Processing'
          ? 'This order has not shipped yet: you can cancel it instead.'
          : 'You can withdraw from this order once it has been delivered.',
      );
      expect(await withdrawalOf(o.id)).toBeUndefined();
    },
  );

  it('a cancelled order: 409', async () => {
    const o = await order('Processing');
    expect((await setStatus(o.id, 'Cancelled')).statusCode).toBe(200);
    expect((await withdraw(o.id)).statusCode).toBe(409);
    expect(await withdrawalOf(o.id)).toBeUndefined();
  });

  it('twice: 409, one withdrawal, one acknowledgement', async () => {
    const o = await order('Delivered', 2);
    expect((await withdraw(o.id)).statusCode).toBe(200);
    const mails = await outboxSize();
    const again = await withdraw(o.id, { confirm: true, reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already withdrawn from this order.');
    expect(await outboxSize()).toBe(mails);
    expect((await withdrawalOf(o.id))!.reason).toBeNull();
    const events = (await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`))
      .json()
      .data.timeline.filter((e: { kind: string }) => e.kind === 'withdrawal_requested');
    expect(events).toHaveLength(1);
  });

  it('without the confirming step (confirm: true): 400, nothing recorded', async () => {
    const o = await order('Delivered', 1);
    for (const body of [{}, { confirm: false }, { confirm: 'yes' }, { reason: 'No confirm' }]) {
      const res = await withdraw(o.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await withdraw(o.id, {})).json().message).toContain('Confirm the withdrawal to send it.');
    expect(await withdrawalOf(o.id)).toBeUndefined();
  });

  it('a reason with markup is shown as text in the acknowledgement, never as HTML', async () => {
    const o = await order('Delivered', 1);
    const reason = '<img src=x onerror=alert(1)> & "broken"';
    expect((await withdraw(o.id, { confirm: true, reason })).statusCode).toBe(200);
    const sent = await mail.latest(t, shopper.email, `withdrawal from Emporium order #${o.number}`);
    expect(sent.text).toContain(`Your reason: ${reason}`);
    expect(sent.html).not.toContain('<img src=x');
    expect(sent.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it("another shopper's order: 404, nothing recorded; a visitor 401", async () => {
    const o = await order('Delivered', 1);
    const res = await withdraw(o.id, { confirm: true }, stranger);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: 'Order not found' });
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/shop/order/withdraw/${o.id}`,
      payload: { confirm: true },
    });
    expect(visitor.statusCode).toBe(401);
    expect(await withdrawalOf(o.id)).toBeUndefined();
  });
});

describe('the admin processes a withdrawal', () => {
  const openList = async () =>
    (await as(t.app, admin).get('/api/admin/orders/get?withdrawal=open'))
      .json()
      .data.map((o: { _id: string }) => o._id);

  it('listed under withdrawal=open until a full refund with restock; stock back once', async () => {
    const o = await order('Delivered', 3);
    const other = await order('Delivered', 3);
    expect(await openList()).not.toContain(o.id);
    expect((await withdraw(o.id)).statusCode).toBe(200);
    expect(await openList()).toContain(o.id);
    expect(await openList()).not.toContain(other.id);
    const dash = async () => (await as(t.app, admin).get('/api/admin/dashboard')).json().data.openWithdrawals;
    const open = await dash();
    expect(open).toBeGreaterThanOrEqual(1);

    // The teapots come back first: a partial refund leaves the withdrawal open.
    const teapotLine = (await as(t.app, admin).get(`/api/admin/orders/details/${o.id}`))
      .json()
      .data.cartItems.find((i: { title: string }) => i.title === 'Teapot').lineId;
    const part = await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, {
      lines: [{ lineId: teapotLine, quantity: 2 }],
      restock: true,
    });
    expect(part.statusCode).toBe(200);
    expect(part.json().data).toMatchObject({
      paymentStatus: 'partially_refunded',
      withdrawal: { processedAt: null },
    });
    expect(await openList()).toContain(o.id);
    expect([await stockOf(o.teapot), await stockOf(o.cup)]).toEqual([STOCK, STOCK - 1]);

    // Then the rest: processed, out of the filter, each unit back exactly once.
    const rest = await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, { restock: true });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().data).toMatchObject({ paymentStatus: 'refunded', refundedTotal: 19 });
    expect(rest.json().data.withdrawal.processedAt).not.toBeNull();
    expect((await withdrawalOf(o.id))!.processedAt).toBeInstanceOf(Date);
    expect(await openList()).not.toContain(o.id);
    expect(await dash()).toBe(open - 1);
    expect([await stockOf(o.teapot), await stockOf(o.cup)]).toEqual([STOCK, STOCK]);

    // Nothing left: another refund is refused and restocks nothing.
    const again = await as(t.app, admin).post(`/api/admin/orders/refund/${o.id}`, { restock: true });
    expect(again.statusCode).toBe(409);
    expect([await stockOf(o.teapot), await stockOf(o.cup)]).toEqual([STOCK, STOCK]);
    // The shopper sees it processed.
    const mine = (await as(t.app, shopper).get(`/api/shop/order/details/${o.id}`)).json().data;
    expect(mine).toMatchObject({ paymentStatus: 'refunded', refundedTotal: 19 });
    expect(mine.withdrawal.processedAt).not.toBeNull();
  });
});

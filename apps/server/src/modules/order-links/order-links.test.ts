/**
 * Issue 41, guest orders' foundations, written as attacks on the real database: an order link that opens another
 * order, a member's order, or anything after 90 days, once revoked or once altered; "Find my order" telling a match
 * from a miss or flooding a mailbox; a claim by an account that never proved its address, of unpaid checkouts, or of
 * another buyer's orders; and a guest's cancel or withdrawal that skips the member routes' rules or money path.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIND_MY_ORDER_REQUESTED, ORDER_LINK_INVALID } from '@emporium/contract';
import { mailOutbox, orderLinks, orders, products, refunds, users, withdrawals } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, as, buyProducts, placeOrder, addToCart, type Session } from '../../test/shop-client.ts';
import { createAfterReply, type AfterReply } from '../account-recovery/after-reply.ts';
import { hashToken } from '../auth/session.service.ts';
import { captureMail, type CapturedMail } from '../account/test-mail.ts';
import { deliverDueMail } from '../../mail/outbox.ts';
import { FIND_LINKS_PER_HOUR, sendOrderLinkIfMatching } from './find-my-order.ts';
import { FIND_REQUESTS_PER_CLIENT } from './routes.ts';
import { issueOrderLink, ORDER_LINK_TTL_MS } from './service.ts';

let t: TestApp;
let mail: CapturedMail;
let afterReply: AfterReply;
let admin: Session;
let buyer: Session;

beforeAll(async () => {
  mail = captureMail();
  afterReply = createAfterReply(pino({ level: 'silent' }), { retryDelaysMs: [] });
  t = await buildTestApp({}, { mailer: mail.mailer, afterReply });
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  buyer = await signUpAndLogIn(t.app, { userName: 'Checkout Stand-in' });
  await addAddress(t.app, buyer, {
    address: '1 Market Street',
    city: 'Springfield',
    state: 'IL',
    pincode: '62701',
    phone: '+1 555 0100',
    notes: 'Leave at the door',
  });
});
afterAll(async () => {
  await t.app.close();
});

const STOCK = 10;
const LINK = /http:\/\/shop\.test\/shop\/order\/([A-Za-z0-9_-]{43})\b/;
let clients = 0;
/** A new client address each time: the per-client limit has its own test. */
const nextClient = () => `10.41.${Math.floor(++clients / 250)}.${clients % 250}`;

const openLink = (token: string) => t.app.inject({ method: 'GET', url: `/api/shop/order-link/${token}` });
const postLink = (token: string, action: 'cancel' | 'withdraw', payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/shop/order-link/${token}/${action}`, payload });
const findMyOrder = (payload: object, remoteAddress = nextClient()) =>
  t.app.inject({ method: 'POST', url: '/api/shop/find-my-order', payload, remoteAddress });
const setStatus = (id: string, orderStatus: string) =>
  as(t.app, admin).put(`/api/admin/orders/status/${id}`, { orderStatus });
const rowOf = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const stockOf = async (id: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, id)))[0]!.s;
const guestEmail = () => `guest-${Math.random().toString(36).slice(2, 10)}@example.test`;

/**
 * A guest's paid order of 2 × $5: bought through the real checkout (stock, sandbox capture), then made a guest's the
 * way guest checkout will store it (no user, the normalised e-mail), as the later guest checkout step will.
 */
async function guestOrder(email: string, opts: { paid?: boolean } = {}) {
  const productId = await insertProduct(t.db, { title: 'Kettle', price: 5, totalStock: STOCK });
  let id: string;
  if (opts.paid === false) {
    await addToCart(t.app, buyer, productId, 2);
    const address = (await as(t.app, buyer).get(`/api/shop/address/get/${buyer.userId}`)).json().data[0];
    id = (await placeOrder(t.app, buyer, address._id)).orderId;
  } else {
    id = (await buyProducts(t.app, buyer, [{ productId, quantity: 2 }]))._id;
  }
  await t.db
    .update(orders)
    .set({ userId: null, guestEmail: email, recipientName: 'Gita Guest' })
    .where(eq(orders.id, id));
  return { id, number: (await rowOf(id)).number, productId };
}

/**
 * Mails to `to` whose subject contains `subject`, once the work after replies has run and the outbox holds nothing
 * unsent (the app's own worker may be sending beside this one), with at least `atLeast` of them (up to 5 s).
 */
async function mailsTo(to: string, subject: string, atLeast = 1) {
  await afterReply.drain();
  const found = () => mail.sent.filter((m) => m.to === to && m.subject.includes(subject));
  for (let i = 0; i < 50; i++) {
    await deliverDueMail({
      db: t.db,
      images: t.images,
      mailer: mail.mailer,
      log: pino({ level: 'silent' }),
      shopUrl: 'http://shop.test',
    });
    const [unsent] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(isNull(mailOutbox.sentAt));
    if (unsent!.n === 0 && found().length >= atLeast) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found();
}

describe('an order link (GET /api/shop/order-link/:token)', () => {
  it('opens exactly its order, with the timeline and what may be done, and stores only the hash', async () => {
    const a = await guestOrder(guestEmail());
    const b = await guestOrder(guestEmail());
    const [tokenA, tokenB] = [await issueOrderLink(t.db, a.id), await issueOrderLink(t.db, b.id)];
    const resA = await openLink(tokenA);
    expect(resA.statusCode).toBe(200);
    expect(resA.headers['cache-control']).toBe('no-store');
    expect(resA.json().data).toMatchObject({
      _id: a.id,
      orderNumber: a.number,
      userId: null,
      orderStatus: 'Processing',
      cancellable: true,
      withdrawableUntil: null,
      totalPrice: 10,
    });
    expect(resA.json().data.timeline.map((e: { kind: string }) => e.kind)).toEqual(['placed', 'paid']);
    expect((await openLink(tokenB)).json().data._id).toBe(b.id);
    const stored = await t.db.select().from(orderLinks).where(eq(orderLinks.orderId, a.id));
    expect(stored.map((l) => l.tokenHash)).not.toContain(tokenA);
    expect(stored[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBe(ORDER_LINK_TTL_MS);
  });

  it('answers an unknown, altered, malformed, expired, revoked or member-order link alike: 404, one message', async () => {
    const o = await guestOrder(guestEmail());
    const good = await issueOrderLink(t.db, o.id);
    const longAgo = new Date(Date.now() - ORDER_LINK_TTL_MS - 60_000);
    const expired = await issueOrderLink(t.db, o.id, 'order-mail', longAgo);
    const revoked = await issueOrderLink(t.db, o.id);
    await t.db
      .update(orderLinks)
      .set({ revokedAt: new Date() })
      .where(eq(orderLinks.tokenHash, hashToken(revoked)));
    const member = await buyProducts(t.app, buyer, [
      { productId: await insertProduct(t.db, { totalStock: STOCK }), quantity: 1 },
    ]);
    const memberLink = await issueOrderLink(t.db, member._id);
    const altered = good.slice(0, 42) + (good[42] === 'A' ? 'B' : 'A');
    const answers = await Promise.all(
      [altered, 'x'.repeat(43), good.slice(0, 20), 'y'.repeat(200), expired, revoked, memberLink].map(
        openLink,
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: ORDER_LINK_INVALID });
    }
    // The good one still works; a member's order is never reached through a link, nor acted on.
    expect((await openLink(good)).statusCode).toBe(200);
    expect((await postLink(memberLink, 'cancel', {})).statusCode).toBe(404);
    expect((await rowOf(member._id)).orderStatus).toBe('Processing');
  });

  it('stops at the 90th day: the last millisecond opens, the next does not', async () => {
    const o = await guestOrder(guestEmail());
    const justInTime = await issueOrderLink(
      t.db,
      o.id,
      'order-mail',
      new Date(Date.now() - ORDER_LINK_TTL_MS + 5_000),
    );
    const justLate = await issueOrderLink(
      t.db,
      o.id,
      'order-mail',
      new Date(Date.now() - ORDER_LINK_TTL_MS - 1),
    );
    expect((await openLink(justInTime)).statusCode).toBe(200);
    expect((await openLink(justLate)).statusCode).toBe(404);
  });
});

describe('guest e-mails carry a link to the order', () => {
  it('the confirmation and the shipping e-mail open the order at /shop/order/<token>', async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    // The confirmation as the outbox sends it for an order paid as a guest's.
    await t.db.delete(mailOutbox).where(eq(mailOutbox.orderId, o.id));
    await t.db.insert(mailOutbox).values({ kind: 'order-confirmation', orderId: o.id });
    const [confirmation] = await mailsTo(email, `Your Emporium order #${o.number}`);
    expect(confirmation!.text).toContain('Hi Gita Guest,');
    const fromConfirmation = LINK.exec(confirmation!.text)![1]!;
    expect(confirmation!.html).toContain(`http://shop.test/shop/order/${fromConfirmation}`);
    expect(confirmation!.text).not.toContain('/shop/account?order=');
    expect((await openLink(fromConfirmation)).json().data._id).toBe(o.id);

    const shipped = await as(t.app, admin).put(`/api/admin/orders/status/${o.id}`, {
      orderStatus: 'Shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999',
      trackingUrl: 'https://ups.example/track/1Z999',
    });
    expect(shipped.statusCode).toBe(200);
    const [shippedMail] = await mailsTo(email, 'has shipped');
    const fromShipping = LINK.exec(shippedMail!.text)![1]!;
    expect(fromShipping).not.toBe(fromConfirmation);
    const seen = (await openLink(fromShipping)).json().data;
    expect(seen.shipment).toMatchObject({ carrier: 'UPS', trackingNumber: '1Z999' });
    expect(seen.cancellable).toBe(false);
  });

  it('a member keeps the account page link', async () => {
    const member = await signUpAndLogIn(t.app);
    await addAddress(t.app, member);
    const order = await buyProducts(t.app, member, [
      { productId: await insertProduct(t.db, { totalStock: STOCK }), quantity: 1 },
    ]);
    const [confirmation] = await mailsTo(member.email, `Your Emporium order #${order.orderNumber}`);
    expect(confirmation!.text).toContain(`/shop/account?order=${order._id}`);
    expect(confirmation!.text).not.toMatch(LINK);
  });
});

describe('acting through a link: the member routes’ rules and money path', () => {
  it('cancels a paid guest order once: stock back once, refunded in full once, told by e-mail', async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    const token = await issueOrderLink(t.db, o.id);
    expect(await stockOf(o.productId)).toBe(STOCK - 2);
    const [first, second] = await Promise.all([
      postLink(token, 'cancel', { reason: 'Ordered twice' }),
      postLink(token, 'cancel', {}),
    ]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const ok = first.statusCode === 200 ? first : second;
    expect(ok.json().message).toBe(
      'Your order was cancelled and $10.00 was refunded to your PayPal account.',
    );
    expect(ok.json().data).toMatchObject({ orderStatus: 'Cancelled', userId: null });
    expect(await stockOf(o.productId)).toBe(STOCK);
    const given = await t.db.select().from(refunds).where(eq(refunds.orderId, o.id));
    expect(given.map((r) => [r.amountCents, r.status])).toEqual([[1000, 'completed']]);
    const [told] = await mailsTo(email, 'was cancelled');
    expect(told!.text).toContain('Hello Gita Guest, your order');
    expect(told!.text).toMatch(LINK);
  });

  it('withdraws from a delivered guest order within 14 days, once, and refuses before delivery', async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    const token = await issueOrderLink(t.db, o.id);
    const early = await postLink(token, 'withdraw', { confirm: true });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('This order has not shipped yet: you can cancel it instead.');
    expect((await setStatus(o.id, 'Shipped')).statusCode).toBe(200);
    expect((await setStatus(o.id, 'Delivered')).statusCode).toBe(200);
    expect((await postLink(token, 'withdraw', {})).statusCode).toBe(400);
    const done = await postLink(token, 'withdraw', { confirm: true, reason: 'Too small' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.withdrawal).toMatchObject({ processedAt: null });
    expect(done.json().data.timeline.at(-1)).toMatchObject({ kind: 'withdrawal_requested', actor: null });
    expect((await postLink(token, 'withdraw', { confirm: true })).statusCode).toBe(409);
    const [row] = await t.db.select().from(withdrawals).where(eq(withdrawals.orderId, o.id));
    expect(row).toMatchObject({ userId: null, reason: 'Too small' });
    const [ack] = await mailsTo(email, 'We received your withdrawal');
    expect(ack!.text).toMatch(LINK);
  });

  it('acts on no order through a bad link', async () => {
    const o = await guestOrder(guestEmail());
    const res = await postLink('z'.repeat(43), 'cancel', {});
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ORDER_LINK_INVALID);
    expect((await rowOf(o.id)).orderStatus).toBe('Processing');
  });
});

describe('Find my order (POST /api/shop/find-my-order)', () => {
  it('answers a match and a miss identically, and mails a fresh link only for the match', async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    const other = await guestOrder(guestEmail());
    const unknown = guestEmail();
    const answers = [
      await findMyOrder({ email: ` ${email.toUpperCase()} `, orderNumber: `#${o.number}` }),
      await findMyOrder({ email, orderNumber: other.number }),
      await findMyOrder({ email: unknown, orderNumber: o.number }),
      await findMyOrder({ email: unknown, orderNumber: 99_999_999 }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(202);
      expect(res.body).toBe(answers[0]!.body);
      expect(res.json()).toEqual({ success: true, message: FIND_MY_ORDER_REQUESTED });
    }
    const sent = await mailsTo(email, `Your link to Emporium order #${o.number}`);
    expect(sent).toHaveLength(1);
    const token = LINK.exec(sent[0]!.text)![1]!;
    expect((await openLink(token)).json().data._id).toBe(o.id);
    expect(mail.sent.some((m) => m.to === unknown)).toBe(false);
    expect(mail.sent.some((m) => m.subject.includes(`#${other.number}`) && m.to === email)).toBe(false);
  });

  it('finds no member order, and no unpaid checkout', async () => {
    const member = await signUpAndLogIn(t.app);
    await addAddress(t.app, member);
    const order = await buyProducts(t.app, member, [
      { productId: await insertProduct(t.db, { totalStock: STOCK }), quantity: 1 },
    ]);
    const email = guestEmail();
    const unpaid = await guestOrder(email, { paid: false });
    expect((await findMyOrder({ email: member.email, orderNumber: order.orderNumber })).statusCode).toBe(202);
    expect((await findMyOrder({ email, orderNumber: unpaid.number })).statusCode).toBe(202);
    expect(await mailsTo(member.email, 'Your link to', 0)).toHaveLength(0);
    expect(await mailsTo(email, 'Your link to', 0)).toHaveLength(0);
  });

  it(`mails at most ${FIND_LINKS_PER_HOUR} links an hour to one address, answering the same`, async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    for (let i = 0; i < FIND_LINKS_PER_HOUR + 2; i++) {
      const res = await findMyOrder({ email, orderNumber: o.number });
      expect(res.statusCode).toBe(202);
      expect(res.json().message).toBe(FIND_MY_ORDER_REQUESTED);
    }
    expect(await mailsTo(email, 'Your link to', FIND_LINKS_PER_HOUR)).toHaveLength(FIND_LINKS_PER_HOUR);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    `mails at most ${FIND_LINKS_PER_HOUR} links to one address when its orders are asked for at once (PostgreSQL)`,
    async () => {
      const email = guestEmail();
      const [a, b] = [await guestOrder(email), await guestOrder(email)];
      const deps = { db: t.db, storefrontUrl: 'http://shop.test' };
      const sent = await Promise.all(
        Array.from({ length: 8 }, (_, i) => sendOrderLinkIfMatching(deps, email, (i % 2 ? a : b).number)),
      );
      expect(sent.filter(Boolean)).toHaveLength(FIND_LINKS_PER_HOUR);
      const links = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orderLinks)
        .where(
          and(eq(orderLinks.purpose, 'find-my-order'), sql`${orderLinks.orderId} in (${a.id}, ${b.id})`),
        );
      expect(links[0]!.n).toBe(FIND_LINKS_PER_HOUR);
    },
  );

  it(`holds ${FIND_REQUESTS_PER_CLIENT} requests per client, for matches and misses alike`, async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    const client = nextClient();
    for (let i = 0; i < FIND_REQUESTS_PER_CLIENT; i++) {
      const res = await findMyOrder({ email: guestEmail(), orderNumber: 1 }, client);
      expect(res.statusCode).toBe(202);
    }
    const [hit, miss] = [
      await findMyOrder({ email, orderNumber: o.number }, client),
      await findMyOrder({ email: guestEmail(), orderNumber: 1 }, client),
    ];
    expect(hit.statusCode).toBe(429);
    expect(miss.statusCode).toBe(429);
    expect(hit.json().message).toBe(miss.json().message);
    expect(await mailsTo(email, 'Your link to', 0)).toHaveLength(0);
  });

  it('refuses malformed bodies with a message', async () => {
    for (const payload of [
      {},
      { email: 'someone@example.test' },
      { email: 'not-an-address', orderNumber: 1001 },
      { email: 'someone@example.test', orderNumber: 'abc' },
      { email: 'someone@example.test', orderNumber: 1001, extra: true },
    ]) {
      const res = await findMyOrder(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });
});

describe('claim on proof', () => {
  /** The verification link mailed at registration. */
  async function verificationToken(email: string) {
    const [message] = await mailsTo(email, 'Confirm your e-mail address');
    return /verify-email\?token=([A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
  }

  it('claims nothing at registration or sign-in; on verification, exactly the paid guest orders of that address', async () => {
    const email = guestEmail();
    const paid1 = await guestOrder(email);
    const paid2 = await guestOrder(email);
    const unpaid = await guestOrder(email, { paid: false });
    const someoneElse = await guestOrder(guestEmail());
    const link = await issueOrderLink(t.db, paid1.id);
    const account = await signUpAndLogIn(t.app, { email });
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: account.password },
    });
    // Unverified: nothing is the account's, and the order history is empty.
    expect((await rowOf(paid1.id)).userId).toBeNull();
    const before = await as(t.app, account).get(`/api/shop/order/list/${account.userId}`);
    expect(before.json().data).toEqual([]);
    expect((await as(t.app, account).get(`/api/shop/order/details/${paid1.id}`)).statusCode).toBe(404);

    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verificationToken(email) },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ success: true, claimedOrders: 2 });
    for (const id of [paid1.id, paid2.id]) {
      expect(await rowOf(id)).toMatchObject({ userId: account.userId, guestEmail: null });
    }
    expect(await rowOf(unpaid.id)).toMatchObject({ userId: null, guestEmail: email });
    expect((await rowOf(someoneElse.id)).userId).toBeNull();
    const history = (await as(t.app, account).get(`/api/shop/order/list/${account.userId}`)).json().data;
    expect(history.map((o: { _id: string }) => o._id).sort()).toEqual([paid1.id, paid2.id].sort());
    // The account reaches the orders now; their links are revoked.
    expect((await openLink(link)).statusCode).toBe(404);
    const live = await t.db
      .select()
      .from(orderLinks)
      .where(and(eq(orderLinks.orderId, paid1.id), isNull(orderLinks.revokedAt)));
    expect(live).toEqual([]);
  });

  it('asking for an e-mail change claims nothing; confirming it through the mailed link claims', async () => {
    const email = guestEmail();
    const order = await guestOrder(email);
    const account = await signUpAndLogIn(t.app);
    // Asking for the change proves nothing yet.
    const asked = await as(t.app, account).post('/api/account/email', {
      newEmail: email,
      password: account.password,
    });
    expect(asked.statusCode).toBeLessThan(300);
    expect((await rowOf(order.id)).userId).toBeNull();
    const [message] = await mailsTo(email, 'Confirm');
    const token = /token=([A-Za-z0-9_-]+)/.exec(message!.text)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ email, claimedOrders: 1 });
    expect((await rowOf(order.id)).userId).toBe(account.userId);
  });

  it('never moves a member’s order, and the database refuses an order with two owners or none', async () => {
    const member = await signUpAndLogIn(t.app);
    await addAddress(t.app, member);
    const order = await buyProducts(t.app, member, [
      { productId: await insertProduct(t.db, { totalStock: STOCK }), quantity: 1 },
    ]);
    // A second account that proves the member's old address (after the member changed theirs) gets nothing.
    await t.db.update(users).set({ email: guestEmail() }).where(eq(users.id, member.userId));
    const other = await signUpAndLogIn(t.app, { email: member.email });
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token: await verificationToken(member.email) },
    });
    expect(verified.json().claimedOrders).toBeUndefined();
    expect((await rowOf(order._id)).userId).toBe(member.userId);
    expect(other.userId).not.toBe(member.userId);
    await expect(
      t.db.update(orders).set({ guestEmail: 'x@example.test' }).where(eq(orders.id, order._id)),
    ).rejects.toThrow();
    await expect(t.db.update(orders).set({ userId: null }).where(eq(orders.id, order._id))).rejects.toThrow();
    await expect(
      t.db
        .update(orders)
        .set({ userId: null, guestEmail: 'Upper@Example.test' })
        .where(eq(orders.id, order._id)),
    ).rejects.toThrow();
  });
});

describe('the admin sees a guest’s order', () => {
  it('lists it as Guest with the address, and finds it by part of that address', async () => {
    const email = guestEmail();
    const o = await guestOrder(email);
    const res = await as(t.app, admin).get(
      `/api/admin/orders/get?search=${encodeURIComponent(email.slice(0, 12))}`,
    );
    expect(res.statusCode).toBe(200);
    const found = res.json().data.find((x: { _id: string }) => x._id === o.id);
    expect(found.customer).toEqual({ userName: 'Guest', email, emailVerified: false, guest: true });
    const details = await as(t.app, admin).get(`/api/admin/orders/details/${o.id}`);
    expect(details.json().data.customer.guest).toBe(true);
  });
});

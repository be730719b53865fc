import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, users } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { addAddress, addToCart, as, buyProducts, placeOrder, type Session } from '../../test/shop-client.ts';
import { ALREADY_REVIEWED, PURCHASE_REQUIRED } from './service.ts';

let t: TestApp;
let buyer: Session;
let other: Session;
let product: string;

beforeAll(async () => {
  t = await buildTestApp();
  buyer = await signUpAndLogIn(t.app, { userName: 'Bea Buyer' });
  other = await signUpAndLogIn(t.app);
  product = await insertProduct(t.db, { title: 'Reviewed Lamp', totalStock: 100 });
  await buyProducts(t.app, buyer, [{ productId: product, quantity: 1 }]);
});
afterAll(async () => {
  await t.app.close();
});

const post = (s: Session, body: object, productId = product) =>
  as(t.app, s).post(`/api/shop/reviews/add/${productId}`, body);
const review = (s: Session, extra: object = {}) => ({
  userId: s.userId,
  productId: product,
  rating: 4,
  comment: 'Bright and sturdy.',
  ...extra,
});
const figures = async (id = product) => (await t.db.select().from(products).where(eq(products.id, id)))[0]!;

describe('reviews', () => {
  it('refuses a shopper who never bought the product, with the message', async () => {
    const res = await post(other, review(other));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ success: false, message: PURCHASE_REQUIRED });
  });

  it.each([
    ['rating 0', { rating: 0 }],
    ['rating 6', { rating: 6 }],
    ['rating 2.5', { rating: 2.5 }],
    ['rating "5"', { rating: '5' }],
    ['a blank comment', { comment: '   ' }],
    ['a 2001-character comment', { comment: 'x'.repeat(2001) }],
    ['an unknown field', { verified: true }],
  ])('refuses %s with 400 and stores nothing', async (_label, extra) => {
    const res = await post(buyer, review(buyer, extra));
    expect(res.statusCode).toBe(400);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product))).toEqual([]);
  });

  it("refuses a review posted with someone else's userId", async () => {
    const res = await post(buyer, review(other));
    expect(res.statusCode).toBe(403);
  });

  it('adds a verified review by the buyer, updates the figures, refuses a second (409), deletes', async () => {
    const res = await post(buyer, review(buyer, { rating: 5, comment: '  <img src=x onerror=alert(1)>  ' }));
    expect(res.statusCode).toBe(201);
    const added = res.json().data;
    expect(added).toMatchObject({
      userId: buyer.userId,
      user: { _id: buyer.userId },
      userName: 'Bea Buyer',
      rating: 5,
      comment: '<img src=x onerror=alert(1)>',
      verified: true,
    });
    expect(await figures()).toMatchObject({ averageRating: 5, reviewsCount: 1 });
    const listed = (await t.app.inject({ method: 'GET', url: `/api/shop/reviews/get/${product}` })).json()
      .data;
    expect(listed).toEqual([added]);

    const again = await post(buyer, review(buyer));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reviewed this product');

    expect((await as(t.app, other).delete(`/api/shop/reviews/delete/${added._id}`)).statusCode).toBe(404);
    const del = await as(t.app, buyer).delete(`/api/shop/reviews/delete/${added._id}`);
    expect(del.statusCode).toBe(200);
    expect(await figures()).toMatchObject({ averageRating: 0, reviewsCount: 0 });
  });

  // Issue 46, item 12: buy, review, cancel before shipping, and the badge stayed (one star for a competitor, five for
  // oneself, at no cost).
  it('a review is a verified purchase only while a standing order holds the product: cancel, refund, buy again', async () => {
    const admin = await signUpAndLogIn(t.app);
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const lamp = await insertProduct(t.db, { title: 'Badge Lamp', totalStock: 100 });
    const mug = await insertProduct(t.db, { title: 'Badge Mug', totalStock: 100 });
    const s = await signUpAndLogIn(t.app);
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/shop/reviews/get/${lamp}` })).json().data as Array<{
        userId: string;
        verified: boolean;
      }>;
    const mark = async () => (await listed()).find((r) => r.userId === s.userId)?.verified;

    const first = await buyProducts(t.app, s, [
      { productId: lamp, quantity: 1 },
      { productId: mug, quantity: 1 },
    ]);
    expect((await post(s, { ...review(s), productId: lamp }, lamp)).statusCode).toBe(201);
    expect(await mark()).toBe(true);
    // A refund of another line leaves the lamp standing.
    const mugLine = first.cartItems.find((i) => i.productId === mug)!.lineId;
    expect(
      (
        await as(t.app, admin).post(`/api/admin/orders/refund/${first._id}`, {
          lines: [{ lineId: mugLine, quantity: 1 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(await mark()).toBe(true);
    // Cancelled before shipping (refunded): the mark goes, and a new review would be refused.
    expect((await as(t.app, s).post(`/api/shop/order/cancel/${first._id}`, {})).statusCode).toBe(200);
    expect(await mark()).toBe(false);
    const eligibility = (await as(t.app, s).get(`/api/shop/reviews/eligibility/${lamp}`)).json().data;
    expect(eligibility).toEqual({ canReview: false, reason: ALREADY_REVIEWED });

    // Bought again: the mark is back. Refunded in full by the shop (still Processing): gone again.
    const second = await buyProducts(t.app, s, [{ productId: lamp, quantity: 2 }]);
    expect(await mark()).toBe(true);
    expect((await as(t.app, admin).post(`/api/admin/orders/refund/${second._id}`, {})).statusCode).toBe(200);
    expect(await mark()).toBe(false);
  });

  it('a shopper whose only order of the product was cancelled and refunded may not review it', async () => {
    const vase = await insertProduct(t.db, { title: 'Cancelled Vase', totalStock: 100 });
    const s = await signUpAndLogIn(t.app);
    const order = await buyProducts(t.app, s, [{ productId: vase, quantity: 1 }]);
    expect((await as(t.app, s).post(`/api/shop/order/cancel/${order._id}`, {})).statusCode).toBe(200);
    const res = await post(s, { ...review(s), productId: vase }, vase);
    expect([res.statusCode, res.json().message]).toEqual([403, PURCHASE_REQUIRED]);
  });

  it('answers 401 to a visitor and 404 for an unknown product', async () => {
    const visitor = await t.app.inject({
      method: 'POST',
      url: `/api/shop/reviews/add/${product}`,
      payload: review(buyer),
    });
    expect(visitor.statusCode).toBe(401);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await post(buyer, review(buyer, { productId: unknown }), unknown)).statusCode).toBe(404);
    expect((await post(buyer, review(buyer, { productId: unknown }))).statusCode).toBe(400);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'keeps averageRating and reviewsCount equal to a recount under 20 concurrent adds and deletes (PostgreSQL)',
    async () => {
      const lamp = await insertProduct(t.db, { title: 'Busy Lamp', totalStock: 100 });
      const people = [];
      for (let i = 0; i < 20; i++) people.push(await signUpAndLogIn(t.app));
      for (const p of people) await buyProducts(t.app, p, [{ productId: lamp, quantity: 1 }]);
      const first = people.slice(0, 10);
      const firstIds = await Promise.all(
        first.map(
          async (p, i) =>
            (await post(p, review(p, { productId: lamp, rating: (i % 5) + 1 }), lamp)).json().data._id,
        ),
      );
      const results = await Promise.allSettled([
        ...people
          .slice(10)
          .map((p, i) => post(p, review(p, { productId: lamp, rating: ((i + 2) % 5) + 1 }), lamp)),
        ...first.slice(0, 5).map((p, i) => as(t.app, p).delete(`/api/shop/reviews/delete/${firstIds[i]}`)),
      ]);
      expect(results.every((r) => r.status === 'fulfilled' && r.value.statusCode < 300)).toBe(true);
      const rows = await t.db.select().from(reviews).where(eq(reviews.productId, lamp));
      const avg = rows.reduce((s, r) => s + r.rating, 0) / rows.length;
      const f = await figures(lamp);
      expect(rows).toHaveLength(15);
      expect(f.reviewsCount).toBe(15);
      expect(f.averageRating).toBeCloseTo(avg, 5);
    },
  );
});

describe('GET /api/shop/reviews/eligibility/:productId', () => {
  const eligibility = (s: Session, productId: string) =>
    as(t.app, s).get(`/api/shop/reviews/eligibility/${productId}`);

  it('answers 401 to a visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/reviews/eligibility/${product}` });
    expect(res.statusCode).toBe(401);
  });

  it('says no, with the reason, to a shopper without a paid order, and is never cached', async () => {
    const res = await eligibility(other, product);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ success: true, data: { canReview: false, reason: PURCHASE_REQUIRED } });
  });

  it('follows the shopper from an unpaid order to a paid one, a review and its deletion', async () => {
    const lamp = await insertProduct(t.db, { title: 'Eligible Lamp', totalStock: 100 });
    const shopper = await signUpAndLogIn(t.app);
    const data = async () => (await eligibility(shopper, lamp)).json().data;

    await addToCart(t.app, shopper, lamp, 1);
    await placeOrder(t.app, shopper, (await addAddress(t.app, shopper))._id);
    expect(await data()).toEqual({ canReview: false, reason: PURCHASE_REQUIRED });

    await buyProducts(t.app, shopper, [{ productId: lamp, quantity: 1 }]);
    expect(await data()).toEqual({ canReview: true, reason: null });

    const added = await post(shopper, review(shopper, { productId: lamp }), lamp);
    expect(added.statusCode).toBe(201);
    expect(await data()).toEqual({ canReview: false, reason: ALREADY_REVIEWED });

    await as(t.app, shopper).delete(`/api/shop/reviews/delete/${added.json().data._id}`);
    expect(await data()).toEqual({ canReview: true, reason: null });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid'])(
    'answers 404 for the unknown product %s',
    async (id) => {
      const res = await eligibility(buyer, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    },
  );
});

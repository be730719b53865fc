/**
 * Issue 27, checkout pricing through the HTTP API on a real database: the quote (`POST /api/shop/checkout/quote`) and
 * order creation must agree to the cent; a shop with nothing configured keeps the spec's totals; a refused code is
 * refused with its message at both and takes nothing; a code's use is given back when an unpaid order ends and kept
 * when a paid one does; PayPal receives a breakdown that adds up; and on PostgreSQL the code limits hold under
 * concurrent orders. Configuration is written with Drizzle (the admin routes are not what is tested here).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  discountCodes,
  discountRedemptions,
  orderItems,
  orders,
  shippingMethods,
  shopSettings,
  taxRates,
} from '../../db/schema.ts';
import { startPaypalFake, type PaypalFake } from '../../payments/paypal-fake.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { ADDRESS, addToCart, approveSandbox, as, capture, type Session } from '../../test/shop-client.ts';
import { taxOf } from './engine.ts';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
});
afterAll(async () => {
  await t.app.close();
});

type Place = { country?: string; state?: string };

/** Adds an address (with `country` only when given, as the spec's client sends none); returns its id. */
async function addAddressAt(app: TestApp['app'], s: Session, place: Place = {}): Promise<string> {
  const res = await as(app, s).post('/api/shop/address/add', {
    ...ADDRESS,
    state: place.state ?? ADDRESS.state,
    ...(place.country ? { country: place.country } : {}),
    userId: s.userId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data._id;
}

/** A fresh shopper with `lines` in the cart and one address at `place`. */
async function shopperWith(
  lines: Array<[productId: string, quantity: number]>,
  place: Place = {},
  app: TestApp['app'] = t.app,
) {
  const s = await signUpAndLogIn(app);
  for (const [productId, quantity] of lines) await addToCart(app, s, productId, quantity);
  return { s, addressId: await addAddressAt(app, s, place) };
}

const quote = (s: Session, body: object = {}, app = t.app) =>
  as(app, s).post('/api/shop/checkout/quote', body);
const create = (s: Session, addressId: string, more: object = {}, app = t.app) =>
  as(app, s).post('/api/shop/order/create', { userId: s.userId, address: { addressId }, ...more });
const details = async (s: Session, id: string, app = t.app) => {
  const res = await as(app, s).get(`/api/shop/order/details/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const cents = (dollars: number) => Math.round(dollars * 100);
const orderRow = async (id: string, db = t.db) =>
  (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const codeRow = async (code: string, db = t.db) =>
  (await db.select().from(discountCodes).where(eq(discountCodes.code, code)))[0]!;
const redemptionsOf = async (code: string, db = t.db) =>
  db
    .select()
    .from(discountRedemptions)
    .where(eq(discountRedemptions.codeId, (await codeRow(code, db)).id));
const ordersOf = (userId: string, db = t.db) => db.select().from(orders).where(eq(orders.userId, userId));

async function clearConfiguration(db = t.db) {
  await db.delete(shippingMethods);
  await db.delete(taxRates);
  await db.delete(shopSettings);
}
const setInclusive = (value: boolean, db = t.db) =>
  db
    .insert(shopSettings)
    .values({ key: 'prices_include_tax', value })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value } });

/**
 * The order's stored pricing equals the quote's to the cent, and its lines' discount and tax (plus the tax on
 * shipping) add up to the order's.
 */
async function expectOrderMatchesQuote(orderId: string, q: Record<string, number | boolean>, db = t.db) {
  const row = await orderRow(orderId, db);
  expect({
    subtotal: row.subtotalCents,
    discount: row.discountCents,
    shipping: row.shippingCents,
    tax: row.taxCents,
    total: row.totalCents,
    inclusive: row.pricesIncludeTax,
  }).toEqual({
    subtotal: cents(q.subtotal as number),
    discount: cents(q.discount as number),
    shipping: cents(q.shipping as number),
    tax: cents(q.tax as number),
    total: cents(q.total as number),
    inclusive: q.pricesIncludeTax,
  });
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  expect(items.reduce((s, i) => s + i.discountCents, 0)).toBe(row.discountCents);
  return { row, items };
}

describe('a shop with nothing configured prices as the spec says', () => {
  it("quote and order: total = sum of the lines, no shipping nor tax, with the spec's client body", async () => {
    const a = await insertProduct(t.db, { price: 12.34 });
    const b = await insertProduct(t.db, { price: 6, salePrice: 4.5 });
    const { s, addressId } = await shopperWith([
      [a, 2],
      [b, 1],
    ]);
    const q = await quote(s, { addressId });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data).toMatchObject({
      subtotal: 29.18,
      discount: 0,
      shipping: 0,
      tax: 0,
      total: 29.18,
      pricesIncludeTax: false,
      country: 'US',
      shippingMethods: [],
      shippingMethodId: null,
      shippingError: null,
      discountCode: null,
    });
    // No address at all: the shop's country, same totals.
    expect((await quote(s)).json().data).toMatchObject({ total: 29.18, country: 'US' });

    // The spec's body: {userId, address: {addressId}} and nothing else.
    const res = await as(t.app, s).post('/api/shop/order/create', {
      userId: s.userId,
      address: { addressId },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, approvalURL } = res.json();
    const payerId = await approveSandbox(t.app, new URL(approvalURL).pathname.split('/').pop()!);
    const paid = await capture(t.app, s, {
      orderId,
      paymentId: new URL(approvalURL).pathname.split('/').pop()!,
      payerId,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const order = await details(s, orderId);
    expect(order).toMatchObject({
      totalPrice: 29.18,
      paymentStatus: 'completed',
      pricing: {
        subtotal: 29.18,
        discount: 0,
        shipping: 0,
        tax: 0,
        pricesIncludeTax: false,
        shippingMethod: null,
        discountCode: null,
        country: 'US',
      },
    });
    expect(order.cartItems.map((i: { discount: number; tax: number }) => [i.discount, i.tax])).toEqual([
      [0, 0],
      [0, 0],
    ]);
  });
});

describe('shipping methods and tax rates', () => {
  const ids: Record<string, string> = {};
  let p1: string;
  let p2: string;

  beforeAll(async () => {
    const methods = await t.db
      .insert(shippingMethods)
      .values([
        {
          name: 'Standard',
          countries: ['US', 'CA'],
          priceCents: 599,
          freeAboveCents: 5000,
          minDays: 3,
          maxDays: 5,
        },
        { name: 'Express', countries: ['US', 'CA'], priceCents: 1299, minDays: 1, maxDays: 1 },
        { name: 'Canada Post', countries: ['CA'], priceCents: 899 },
        { name: 'Germany (off)', countries: ['DE'], priceCents: 100, active: false },
      ])
      .returning();
    for (const m of methods) ids[m.name] = m.id;
    await t.db.insert(taxRates).values([
      { country: 'US', region: '', name: 'US sales tax', rateBp: 700 },
      { country: 'US', region: 'ca', name: 'California', rateBp: 825 },
    ]);
    // $19.99 × 2 (Electronics) + $7.25 (Shoes) = $47.23, under Standard's free-above $50.
    p1 = await insertProduct(t.db, { price: 19.99, category: 'Electronics', brand: 'Sony', totalStock: 100 });
    p2 = await insertProduct(t.db, { price: 7.25, category: 'Shoes', brand: 'Nike', totalStock: 100 });
  });
  afterAll(async () => {
    await clearConfiguration();
  });

  const cart = (): Array<[string, number]> => [
    [p1, 2],
    [p2, 1],
  ];

  it('exclusive, US/IL: the methods serving the US with their price, the cheapest priced, 7 % per line and on shipping', async () => {
    const { s, addressId } = await shopperWith(cart(), { state: 'IL' });
    const q = (await quote(s, { addressId })).json().data;
    expect(q.shippingMethods).toEqual([
      { _id: ids.Standard, name: 'Standard', price: 5.99, estimate: '3–5 days' },
      { _id: ids.Express, name: 'Express', price: 12.99, estimate: '1 day' },
    ]);
    // Lines 3998 → 279.86 → 280, 725 → 50.75 → 51; shipping 599 → 41.93 → 42.
    expect(q).toMatchObject({
      shippingMethodId: ids.Standard,
      subtotal: 47.23,
      discount: 0,
      shipping: 5.99,
      tax: 3.73,
      total: 56.95,
      pricesIncludeTax: false,
      country: 'US',
      shippingError: null,
    });
    expect(q.lines.map((l: { tax: number }) => l.tax)).toEqual([2.8, 0.51]);
    const res = await create(s, addressId);
    expect(res.statusCode, res.body).toBe(201);
    const { row, items } = await expectOrderMatchesQuote(res.json().orderId, q);
    expect(row).toMatchObject({
      shippingMethodId: ids.Standard,
      shippingMethodName: 'Standard',
      country: 'US',
    });
    expect(items.map((i) => i.taxCents).sort((x, y) => x - y)).toEqual([51, 280]);
    expect(items.reduce((s2, i) => s2 + i.taxCents, 0) + taxOf(row.shippingCents, 700, false)).toBe(
      row.taxCents,
    );
    const order = await details(s, row.id);
    expect(order.pricing).toMatchObject({
      subtotal: 47.23,
      shipping: 5.99,
      tax: 3.73,
      shippingMethod: 'Standard',
    });
    expect(order.totalPrice).toBe(56.95);
  });

  it("exclusive, US/CA: the region's rate wins (ignoring case), the chosen method is priced", async () => {
    const { s, addressId } = await shopperWith(cart(), { state: 'CA' });
    const cheapest = (await quote(s, { addressId })).json().data;
    // 3998 → 329.835 → 330; 725 → 59.81 → 60; 599 → 49.42 → 49.
    expect(cheapest).toMatchObject({ shippingMethodId: ids.Standard, tax: 4.39, total: 57.61 });
    const q = (await quote(s, { addressId, shippingMethodId: ids.Express })).json().data;
    // Express 1299 → 107.17 → 107.
    expect(q).toMatchObject({ shippingMethodId: ids.Express, shipping: 12.99, tax: 4.97, total: 65.19 });
    const res = await create(s, addressId, { shippingMethodId: ids.Express });
    expect(res.statusCode, res.body).toBe(201);
    const { row, items } = await expectOrderMatchesQuote(res.json().orderId, q);
    expect(row.shippingMethodName).toBe('Express');
    expect(items.reduce((s2, i) => s2 + i.taxCents, 0) + taxOf(1299, 825, false)).toBe(row.taxCents);
  });

  it('Canada: no rate (tax 0), three methods cheapest first, the one chosen priced', async () => {
    const { s, addressId } = await shopperWith(cart(), { country: 'CA', state: 'ON' });
    const q0 = (await quote(s, { addressId })).json().data;
    expect(q0.shippingMethods.map((m: { name: string; price: number }) => [m.name, m.price])).toEqual([
      ['Standard', 5.99],
      ['Canada Post', 8.99],
      ['Express', 12.99],
    ]);
    expect(q0).toMatchObject({ country: 'CA', shippingMethodId: ids.Standard, tax: 0, total: 53.22 });
    const q = (await quote(s, { addressId, shippingMethodId: ids['Canada Post'] })).json().data;
    expect(q).toMatchObject({ shipping: 8.99, tax: 0, total: 56.22 });
    const res = await create(s, addressId, { shippingMethodId: ids['Canada Post'] });
    expect(res.statusCode, res.body).toBe(201);
    await expectOrderMatchesQuote(res.json().orderId, q);
  });

  it('free above the threshold: Standard at $0 when the subtotal reaches $50', async () => {
    const { s, addressId } = await shopperWith([[p1, 3]], { state: 'IL' });
    const q = (await quote(s, { addressId })).json().data;
    expect(q.shippingMethods[0]).toMatchObject({ name: 'Standard', price: 0 });
    // 5997 × 7 % = 419.79 → 420.
    expect(q).toMatchObject({ shipping: 0, tax: 4.2, total: 64.17 });
    const res = await create(s, addressId);
    expect(res.statusCode, res.body).toBe(201);
    await expectOrderMatchesQuote(res.json().orderId, q);
  });

  it('a method that does not serve the address: 400 with its message at quote and order, no order', async () => {
    const { s, addressId } = await shopperWith(cart(), { state: 'IL' });
    const message = 'That shipping method does not deliver to United States.';
    const q = await quote(s, { addressId, shippingMethodId: ids['Canada Post'] });
    expect([q.statusCode, q.json().message]).toEqual([400, message]);
    // An inactive method is no method either.
    const off = await quote(s, { addressId, shippingMethodId: ids['Germany (off)'] });
    expect(off.statusCode).toBe(400);
    const res = await create(s, addressId, { shippingMethodId: ids['Canada Post'] });
    expect([res.statusCode, res.json().message]).toEqual([400, message]);
    expect(await ordersOf(s.userId)).toHaveLength(0);
  });

  it('a country nothing ships to: the quote says so before payment, order creation answers 409, no order', async () => {
    const { s, addressId } = await shopperWith(cart(), { country: 'DE', state: 'Berlin' });
    const q = (await quote(s, { addressId })).json().data;
    expect(q).toMatchObject({
      country: 'DE',
      shippingMethods: [],
      shippingMethodId: null,
      shippingError: 'We do not ship to Germany yet.',
    });
    const res = await create(s, addressId);
    expect([res.statusCode, res.json().message]).toEqual([409, 'We do not ship to Germany yet.']);
    expect(await ordersOf(s.userId)).toHaveLength(0);
  });

  it('inclusive prices: the total is subtotal + shipping, the tax is what they contain, per line', async () => {
    await setInclusive(true);
    try {
      const { s, addressId } = await shopperWith(cart(), { state: 'IL' });
      const q = (await quote(s, { addressId })).json().data;
      // 3998 − 3736.45→3736 = 262; 725 − 677.57→678 = 47; shipping 599 − 559.81→560 = 39.
      expect(q).toMatchObject({
        pricesIncludeTax: true,
        subtotal: 47.23,
        shipping: 5.99,
        tax: 3.48,
        total: 53.22,
      });
      expect(q.lines.map((l: { tax: number }) => l.tax)).toEqual([2.62, 0.47]);
      const res = await create(s, addressId);
      expect(res.statusCode, res.body).toBe(201);
      const { row, items } = await expectOrderMatchesQuote(res.json().orderId, q);
      expect(items.reduce((s2, i) => s2 + i.taxCents, 0) + taxOf(599, 700, true)).toBe(row.taxCents);
      expect((await details(s, row.id)).pricing).toMatchObject({ pricesIncludeTax: true, tax: 3.48 });

      const ca = await shopperWith(cart(), { state: 'ca' });
      const qa = (await quote(ca.s, { addressId: ca.addressId })).json().data;
      // 8.25 % inside: 3998 − 3693.30→3693 = 305; 725 − 669.75→670 = 55; 599 − 553.35→553 = 46.
      expect(qa).toMatchObject({ tax: 4.06, total: 53.22 });
      const resA = await create(ca.s, ca.addressId);
      expect(resA.statusCode, resA.body).toBe(201);
      await expectOrderMatchesQuote(resA.json().orderId, qa);
    } finally {
      await setInclusive(false);
    }
  });
});

/** Inserts a code; `value` percent or cents. */
async function insertCode(code: string, more: Partial<typeof discountCodes.$inferInsert> = {}, db = t.db) {
  await db.insert(discountCodes).values({ code, kind: 'percent', value: 10, ...more });
}

describe('discount codes: each refusal with its message, at the quote and at order creation, nothing taken', () => {
  let product: string;
  let shoe: string;

  beforeAll(async () => {
    product = await insertProduct(t.db, {
      price: 40,
      category: 'Electronics',
      brand: 'Sony',
      totalStock: 500,
    });
    shoe = await insertProduct(t.db, {
      price: 30,
      salePrice: 24,
      category: 'Shoes',
      brand: 'Nike',
      totalStock: 500,
    });
    await insertCode('EXPIRED', { endsAt: new Date('2020-01-15T12:00:00Z') });
    await insertCode('SOON', { startsAt: new Date('2099-03-01T12:00:00Z') });
    await insertCode('BIGSPEND', { minSubtotalCents: 100_000 });
    await insertCode('SHOESONLY', { categories: ['Shoes'] });
    await insertCode('OFF', { active: false });
    await insertCode('GONE', { maxUses: 3, uses: 3 });
    await insertCode('ONCE', { maxUsesPerCustomer: 1 });
    await insertCode('SALE10', { kind: 'percent', value: 10 });
    await insertCode('FIVE', { kind: 'fixed', value: 500, brands: ['nike'] });
  });

  it.each([
    ['expired', ' expired ', 'The code EXPIRED has expired.'],
    ['not yet valid', 'SOON', 'The code SOON is not valid.'],
    ['below the minimum', 'BIGSPEND', 'The code BIGSPEND needs a subtotal of at least $1,000.00.'],
    ['out of scope', 'SHOESONLY', 'The code SHOESONLY does not apply to the items in your cart.'],
    ['unknown', 'NOSUCHCODE', 'The code NOSUCHCODE is not valid.'],
    ['inactive', 'OFF', 'The code OFF is not valid.'],
    ['used up', 'GONE', 'The code GONE has been used up.'],
  ])('%s (%j)', async (_, typed, message) => {
    const { s, addressId } = await shopperWith([[product, 2]]);
    const before = await t.db.select().from(discountCodes);
    const q = (await quote(s, { addressId, discountCode: typed })).json().data;
    expect(q.discountCode).toEqual({ code: typed.trim().toUpperCase(), applied: false, message });
    expect(q).toMatchObject({ discount: 0, total: 80 });
    const res = await create(s, addressId, { discountCode: typed });
    // A code used up conflicts with the shop's state (409, as when another order takes its last use meanwhile);
    // every other refusal is bad input (400).
    expect([res.statusCode, res.json().message]).toEqual([typed === 'GONE' ? 409 : 400, message]);
    expect(await ordersOf(s.userId)).toHaveLength(0);
    expect(await t.db.select().from(discountCodes)).toEqual(before);
  });

  it('per-customer limit: a second order by the same shopper is refused, another shopper may use it', async () => {
    const { s, addressId } = await shopperWith([[product, 1]]);
    const first = await create(s, addressId, { discountCode: 'once' });
    expect(first.statusCode, first.body).toBe(201);
    expect((await codeRow('ONCE')).uses).toBe(1);
    // Another address, so that this is a new order and not the first one answered again.
    const other = await addAddressAt(t.app, s, { state: 'NY' });
    const message = 'You have already used the code ONCE.';
    const q = (await quote(s, { addressId: other, discountCode: 'ONCE' })).json().data;
    expect(q.discountCode).toEqual({ code: 'ONCE', applied: false, message });
    const second = await create(s, other, { discountCode: 'ONCE' });
    expect([second.statusCode, second.json().message]).toEqual([409, message]);
    expect(await ordersOf(s.userId)).toHaveLength(1);
    expect((await codeRow('ONCE')).uses).toBe(1);
    expect(await redemptionsOf('ONCE')).toHaveLength(1);

    const someoneElse = await shopperWith([[product, 1]]);
    expect((await create(someoneElse.s, someoneElse.addressId, { discountCode: 'ONCE' })).statusCode).toBe(
      201,
    );
    expect((await codeRow('ONCE')).uses).toBe(2);
  });

  it('a valid code applies to the sale price (not the list price) and is counted once with the order', async () => {
    const { s, addressId } = await shopperWith([
      [shoe, 2],
      [product, 1],
    ]);
    const q = (await quote(s, { addressId, discountCode: 'sale10' })).json().data;
    // 2 × $24 (sale) + $40 = $88; 10 % = $8.80, shared 4.80 / 4.00.
    expect(q).toMatchObject({ subtotal: 88, discount: 8.8, total: 79.2 });
    expect(q.discountCode).toEqual({ code: 'SALE10', applied: true, message: 'SALE10: $8.80 off' });
    expect(q.lines.map((l: { unitPrice: number; discount: number }) => [l.unitPrice, l.discount])).toEqual([
      [24, 4.8],
      [40, 4],
    ]);
    const res = await create(s, addressId, { discountCode: 'sale10' });
    expect(res.statusCode, res.body).toBe(201);
    const { row } = await expectOrderMatchesQuote(res.json().orderId, q);
    expect(row.discountCode).toBe('SALE10');
    expect((await codeRow('SALE10')).uses).toBe(1);
    const [redemption] = await redemptionsOf('SALE10');
    expect(redemption).toMatchObject({
      orderId: row.id,
      userId: s.userId,
      discountCents: 880,
      releasedAt: null,
    });
  });

  it('a fixed code scoped to a brand (any case) comes off the sale price of those lines only', async () => {
    const { s, addressId } = await shopperWith([
      [shoe, 1],
      [product, 1],
    ]);
    const q = (await quote(s, { addressId, discountCode: 'FIVE' })).json().data;
    expect(q).toMatchObject({ subtotal: 64, discount: 5, total: 59 });
    expect(q.lines.map((l: { discount: number }) => l.discount)).toEqual([5, 0]);
    const res = await create(s, addressId, { discountCode: 'FIVE' });
    expect(res.statusCode, res.body).toBe(201);
    await expectOrderMatchesQuote(res.json().orderId, q);
  });

  it('placing the same cart with a code again while its order is unpaid answers that order (not "already used")', async () => {
    await insertCode('AGAIN', { maxUsesPerCustomer: 1, maxUses: 1 });
    const { s, addressId } = await shopperWith([[product, 1]]);
    const first = await create(s, addressId, { discountCode: 'AGAIN' });
    expect(first.statusCode, first.body).toBe(201);
    // The shopper goes back from the payment page and presses Place Order again: same cart, address and code.
    const again = await create(s, addressId, { discountCode: 'AGAIN' });
    // Its own unpaid order holds the last use: the order is answered again before the code is checked (it was refused
    // with "The code AGAIN has been used up." before the fix).
    expect({ status: again.statusCode, body: again.json() }).toMatchObject({
      status: 201,
      body: { orderId: first.json().orderId },
    });
    expect((await codeRow('AGAIN')).uses).toBe(1);
  });
});

describe("a code's use is given back when an unpaid order ends, kept when a paid one does", () => {
  let product: string;

  beforeAll(async () => {
    product = await insertProduct(t.db, { price: 25, totalStock: 500 });
    await insertCode('BACK', { maxUses: 100, maxUsesPerCustomer: 1 });
  });

  /** A fresh shopper's order of $25 with BACK; returns it with the sandbox payment id. */
  async function orderWithCode() {
    const { s, addressId } = await shopperWith([[product, 1]]);
    const res = await create(s, addressId, { discountCode: 'BACK' });
    expect(res.statusCode, res.body).toBe(201);
    const { orderId, approvalURL } = res.json();
    return { s, addressId, orderId, paymentId: new URL(approvalURL).pathname.split('/').pop()! };
  }
  async function paidOrderWithCode() {
    const o = await orderWithCode();
    const payerId = await approveSandbox(t.app, o.paymentId);
    const paid = await capture(t.app, o.s, { ...o, payerId });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ paymentStatus: 'completed', totalPrice: 22.5 });
    return o;
  }
  const held = async (orderId: string) =>
    t.db
      .select()
      .from(discountRedemptions)
      .where(and(eq(discountRedemptions.orderId, orderId), isNull(discountRedemptions.releasedAt)));

  it.each([
    [
      'the sandbox Cancel',
      (o: Awaited<ReturnType<typeof orderWithCode>>) =>
        t.app.inject({ method: 'POST', url: `/sandbox/pay/${o.paymentId}/cancel` }),
      303,
    ],
    [
      'the shopper cancels',
      (o: { s: Session; orderId: string }) => as(t.app, o.s).post(`/api/shop/order/cancel/${o.orderId}`, {}),
      200,
    ],
    [
      'the admin cancels',
      (o: { orderId: string }) =>
        as(t.app, admin).put(`/api/admin/orders/status/${o.orderId}`, { orderStatus: 'Cancelled' }),
      200,
    ],
    [
      'the admin deletes',
      (o: { orderId: string }) => as(t.app, admin).delete(`/api/admin/orders/delete/${o.orderId}`),
      200,
    ],
  ])(
    'unpaid, %s: the use comes back, once, and the shopper may use the code again',
    async (_, end, status) => {
      const o = await orderWithCode();
      const uses = (await codeRow('BACK')).uses;
      expect(await held(o.orderId)).toHaveLength(1);
      const res = await end(o);
      expect(res.statusCode, res.body).toBe(status);
      expect((await codeRow('BACK')).uses).toBe(uses - 1);
      expect(await held(o.orderId)).toHaveLength(0);
      // Ending it again gives nothing back twice.
      await end(o);
      expect((await codeRow('BACK')).uses).toBe(uses - 1);
      // Per customer 1: the released use no longer counts against them.
      const again = await create(o.s, o.addressId, { discountCode: 'BACK' });
      expect(again.statusCode, again.body).toBe(201);
      expect((await codeRow('BACK')).uses).toBe(uses);
    },
  );

  it.each([
    [
      'the shopper cancels (refunded)',
      (o: { s: Session; orderId: string }) => as(t.app, o.s).post(`/api/shop/order/cancel/${o.orderId}`, {}),
    ],
    [
      'the admin cancels (refunded)',
      (o: { orderId: string }) =>
        as(t.app, admin).put(`/api/admin/orders/status/${o.orderId}`, { orderStatus: 'Cancelled' }),
    ],
    [
      'the admin refunds it',
      (o: { orderId: string }) => as(t.app, admin).post(`/api/admin/orders/refund/${o.orderId}`, {}),
    ],
    [
      'the admin delivers, then deletes (archives) it',
      async (o: { orderId: string }) => {
        await as(t.app, admin).put(`/api/admin/orders/status/${o.orderId}`, { orderStatus: 'Delivered' });
        return as(t.app, admin).delete(`/api/admin/orders/delete/${o.orderId}`);
      },
    ],
  ])('paid, %s: the use is kept', async (_, end) => {
    const o = await paidOrderWithCode();
    const uses = (await codeRow('BACK')).uses;
    const res = await end(o);
    expect(res.statusCode, res.body).toBe(200);
    expect((await codeRow('BACK')).uses).toBe(uses);
    expect(await held(o.orderId)).toHaveLength(1);
    // The paid order emptied the cart: the shopper fills it again and tries the code on a new order.
    await addToCart(t.app, o.s, product, 1);
    const again = await create(o.s, o.addressId, { discountCode: 'BACK' });
    expect([again.statusCode, again.json().message]).toEqual([409, 'You have already used the code BACK.']);
  });
});

describe('PayPal receives a breakdown that adds up, and the capture still checks the amount', () => {
  let fake: PaypalFake;
  let pp: TestApp;
  let product: string;
  let shoe: string;

  beforeAll(async () => {
    fake = await startPaypalFake();
    pp = await buildTestApp({
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: fake.url,
    });
    await pp.db.insert(shippingMethods).values({ name: 'Standard', priceCents: 599, freeAboveCents: 20_000 });
    await pp.db.insert(taxRates).values({ country: 'US', name: 'Sales tax', rateBp: 825 });
    await insertCode('PP15', { kind: 'percent', value: 15 }, pp.db);
    await insertCode('PPFIXED', { kind: 'fixed', value: 333, categories: ['shoes'] }, pp.db);
    product = await insertProduct(pp.db, { price: 19.99, totalStock: 500 });
    shoe = await insertProduct(pp.db, {
      price: 33.33,
      salePrice: 29.99,
      category: 'Shoes',
      brand: 'Nike',
      totalStock: 500,
    });
  });
  afterAll(async () => {
    await pp.app.close();
    await fake.close();
  });

  /** Quote, order, PayPal capture; the fake must have accepted one more breakdown and refused none. */
  async function buy(
    lines: Array<[string, number]>,
    more: object,
    expected: Record<string, number | boolean>,
  ) {
    const { s, addressId } = await shopperWith(lines, { state: 'TX' }, pp.app);
    const q = (await quote(s, { addressId, ...more }, pp.app)).json().data;
    expect(q).toMatchObject(expected);
    const before = fake.breakdowns;
    const res = await create(s, addressId, more, pp.app);
    expect(res.statusCode, res.body).toBe(201);
    expect(fake.breakdowns).toBe(before + 1);
    expect(fake.mismatches).toBe(0);
    const { orderId, approvalURL } = res.json();
    await expectOrderMatchesQuote(orderId, q, pp.db);
    const token = new URL(approvalURL).searchParams.get('token')!;
    const paid = await as(pp.app, s).post('/api/shop/order/capture', {
      orderId,
      paymentId: token,
      payerId: 'PAYER1',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data).toMatchObject({ paymentStatus: 'completed', totalPrice: q.total });
  }

  it('exclusive tax, shipping and a percent code', async () => {
    // 2 × 19.99 + 29.99 = 69.97; 15 % = 10.4955 → 10.50; shares 3998×1050/6997 = 599.97→600, 450.
    // Tax 8.25 %: 3398 → 280.335 → 280; 2549 → 210.29 → 210; 599 → 49.42 → 49 = 5.39.
    await buy(
      [
        [product, 2],
        [shoe, 1],
      ],
      { discountCode: 'PP15' },
      { subtotal: 69.97, discount: 10.5, shipping: 5.99, tax: 5.39, total: 70.85 },
    );
  });

  it('inclusive tax, shipping and a scoped fixed code', async () => {
    await setInclusive(true, pp.db);
    try {
      // 19.99 + 29.99 = 49.98; $3.33 off the shoe; + 5.99 = 52.64; tax inside.
      await buy(
        [
          [product, 1],
          [shoe, 1],
        ],
        { discountCode: 'ppfixed' },
        { subtotal: 49.98, discount: 3.33, shipping: 5.99, total: 52.64, pricesIncludeTax: true },
      );
    } finally {
      await setInclusive(false, pp.db);
    }
  });

  it('exclusive tax with free shipping and no code; and a wrong captured amount is still refused', async () => {
    await buy([[shoe, 7]], {}, { subtotal: 209.93, shipping: 0, discount: 0 });
    const { s, addressId } = await shopperWith([[product, 1]], { state: 'TX' }, pp.app);
    const res = await create(s, addressId, {}, pp.app);
    expect(res.statusCode, res.body).toBe(201);
    expect(fake.mismatches).toBe(0);
    fake.mode = 'wrong-amount';
    try {
      const { orderId, approvalURL } = res.json();
      const token = new URL(approvalURL).searchParams.get('token')!;
      const paid = await as(pp.app, s).post('/api/shop/order/capture', {
        orderId,
        paymentId: token,
        payerId: 'PAYER1',
      });
      expect(paid.statusCode).toBe(402);
      expect(paid.json().message).toMatch(/does not match the order total/);
    } finally {
      fake.mode = 'approve';
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('code limits under concurrent orders (PostgreSQL)', () => {
  let product: string;

  beforeAll(async () => {
    product = await insertProduct(t.db, { price: 15, totalStock: 1000 });
  });

  it('a code at its last use taken by 20 shoppers at once: exactly one order gets it', async () => {
    await insertCode('LASTONE', { maxUses: 5, uses: 4 });
    // One after the other: sign-ups at once meet the sign-in limiter, and only the orders are the race.
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await shopperWith([[product, 1]]));
    const results = await Promise.all(
      shoppers.map((x) => create(x.s, x.addressId, { discountCode: 'LASTONE' })),
    );
    const won = results.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    const lost = results.filter((r) => r.statusCode !== 201);
    expect(lost).toHaveLength(19);
    for (const r of lost) {
      // 409 whether it lost inside the transaction or the winner had committed before its check.
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe('The code LASTONE has been used up.');
    }
    expect((await codeRow('LASTONE')).uses).toBe(5);
    const redemptions = await redemptionsOf('LASTONE');
    expect(redemptions).toHaveLength(1);
    expect(redemptions[0]!.orderId).toBe(won[0]!.json().orderId);
    // The losers have no order at all.
    const losers = shoppers.filter((x) => x.s.userId !== redemptions[0]!.userId);
    for (const x of losers) expect(await ordersOf(x.s.userId)).toHaveLength(0);
  });

  it('a per-customer limit of 1 with the same shopper placing two orders at once: exactly one holds the code', async () => {
    await insertCode('JUSTONCE', { maxUsesPerCustomer: 1 });
    const { s, addressId } = await shopperWith([[product, 1]]);
    const second = await addAddressAt(t.app, s, { state: 'NY' });
    const results = await Promise.all([
      create(s, addressId, { discountCode: 'JUSTONCE' }),
      create(s, second, { discountCode: 'JUSTONCE' }),
    ]);
    expect(results.map((r) => r.statusCode).filter((c) => c === 201)).toHaveLength(1);
    const lost = results.find((r) => r.statusCode !== 201)!;
    expect(lost.statusCode, lost.body).toBe(409);
    expect(lost.json().message).toBe('You have already used the code JUSTONCE.');
    expect((await codeRow('JUSTONCE')).uses).toBe(1);
    expect(await redemptionsOf('JUSTONCE')).toHaveLength(1);
    expect(await ordersOf(s.userId)).toHaveLength(1);
  });
});

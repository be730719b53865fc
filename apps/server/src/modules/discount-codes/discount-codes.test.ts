/**
 * Admin discount codes (issue 27): CRUD (percent in whole percent, fixed in dollars over cents), the contract's
 * 400s, 404, the 409s (a code that exists, deleting a used code), usage figures, admin only.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, discountRedemptions, orders } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;

const URL = '/api/admin/discount-codes';
const BODY = { code: 'save20', kind: 'percent', value: 20 };

type PaymentStatus = (typeof orders.$inferInsert)['paymentStatus'];

/** Inserts an order of the shopper holding the code, with its redemption. */
async function redeem(codeId: string, paymentStatus: PaymentStatus, discountCents: number, released = false) {
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: shopper.userId,
      paymentProvider: 'sandbox',
      paymentStatus,
      totalCents: 10_000,
      address: '1 Market Street',
      city: 'Springfield',
      state: 'IL',
      pincode: '62701',
      phone: '+1 555 0100',
      notes: '',
    })
    .returning({ id: orders.id });
  await t.db.insert(discountRedemptions).values({
    codeId,
    orderId: order!.id,
    userId: shopper.userId,
    discountCents,
    releasedAt: released ? new Date() : null,
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('admin discount codes', () => {
  it('adds, lists, updates (text included) and deletes an unused code', async () => {
    const added = await as(t.app, admin).post(URL, {
      ...BODY,
      minSubtotal: 25.5,
      startsAt: '2026-12-01T00:00:00+01:00',
      endsAt: '2026-12-31T23:59:00Z',
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categories: ['Electronics'],
      brands: ['Sony', 'Sony'],
    });
    expect(added.statusCode).toBe(201);
    const code = added.json().data;
    expect(added.json().message).toBe('Code SAVE20 added');
    expect(code).toEqual({
      _id: expect.any(String),
      code: 'SAVE20',
      kind: 'percent',
      value: 20,
      minSubtotal: 25.5,
      startsAt: '2026-11-30T23:00:00.000Z',
      endsAt: '2026-12-31T23:59:00.000Z',
      maxUses: 100,
      maxUsesPerCustomer: 1,
      categories: ['Electronics'],
      brands: ['Sony'],
      active: true,
      uses: 0,
      paidOrders: 0,
      discountGiven: 0,
    });
    const fixed = (await as(t.app, admin).post(URL, { code: 'TEN-OFF', kind: 'fixed', value: 10.5 })).json()
      .data;
    expect(fixed).toMatchObject({
      kind: 'fixed',
      value: 10.5,
      minSubtotal: null,
      startsAt: null,
      categories: [],
    });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, fixed._id));
    expect(row!.value).toBe(1050);
    expect((await as(t.app, admin).get(URL)).json().data.map((c: { code: string }) => c.code)).toEqual([
      'TEN-OFF',
      'SAVE20',
    ]);

    const upd = await as(t.app, admin).put(`${URL}/${code._id}`, {
      ...BODY,
      code: 'save25',
      value: 25,
      active: false,
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      message: 'Code SAVE25 updated',
      data: { code: 'SAVE25', value: 25, active: false, minSubtotal: null, categories: [] },
    });
    expect((await as(t.app, admin).get(URL)).json().data.map((c: { code: string }) => c.code)).toEqual([
      'TEN-OFF',
      'SAVE25',
    ]);

    const taken = await as(t.app, admin).put(`${URL}/${code._id}`, {
      code: 'ten-off',
      kind: 'fixed',
      value: 1,
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ success: false, message: 'The code TEN-OFF already exists.' });

    for (const id of [code._id, fixed._id]) {
      const del = await as(t.app, admin).delete(`${URL}/${id}`);
      expect(del.statusCode).toBe(200);
    }
    expect((await as(t.app, admin).get(URL)).json().data).toEqual([]);
  });

  it('refuses a code that exists with 409, whatever its case', async () => {
    const first = (await as(t.app, admin).post(URL, { ...BODY, code: 'TWICE' })).json().data;
    const again = await as(t.app, admin).post(URL, { ...BODY, code: ' twice ' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ success: false, message: 'The code TWICE already exists.' });
    await as(t.app, admin).delete(`${URL}/${first._id}`);
  });

  it.each([
    ['a code with a space', { ...BODY, code: 'SAVE 20' }, 'A code has 3 to 32 letters, digits, - or _.'],
    ['a 2-letter code', { ...BODY, code: 'AB' }, 'A code has 3 to 32 letters, digits, - or _.'],
    ['a zero discount', { ...BODY, value: 0 }, 'The discount must be more than 0.'],
    ['101 %', { ...BODY, value: 101 }, 'A percentage is a whole number from 1 to 100.'],
    ['12.5 %', { ...BODY, value: 12.5 }, 'A percentage is a whole number from 1 to 100.'],
    ['fractions of a cent', { ...BODY, kind: 'fixed', value: 1.234 }, 'The amount must be in whole cents.'],
    [
      'an end before the start',
      { ...BODY, startsAt: '2026-12-02T00:00:00Z', endsAt: '2026-12-01T00:00:00Z' },
      'The code must start before it ends.',
    ],
    ['an unknown kind', { ...BODY, kind: 'free' }, 'Kind must be one of: percent, fixed'],
    ['an unknown category', { ...BODY, categories: ['Toys'] }, 'There is no category "Toys".'],
    ['an unknown brand', { ...BODY, brands: ['Acme'] }, 'There is no brand "Acme".'],
  ])('refuses %s with 400 and its message', async (_label, body, message) => {
    const res = await as(t.app, admin).post(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown code', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const upd = await as(t.app, admin).put(`${URL}/${id}`, BODY);
    expect(upd.statusCode).toBe(404);
    expect(upd.json()).toEqual({ success: false, message: 'Discount code not found' });
    expect((await as(t.app, admin).delete(`${URL}/${id}`)).statusCode).toBe(404);
    expect((await as(t.app, admin).delete(`${URL}/x`)).statusCode).toBe(404);
  });

  it('counts paid orders and the discount they were given, and refuses to delete a used code', async () => {
    const code = (await as(t.app, admin).post(URL, { ...BODY, code: 'FIGURES', maxUses: 10 })).json().data;
    await t.db.update(discountCodes).set({ uses: 4 }).where(eq(discountCodes.id, code._id));
    await redeem(code._id, 'completed', 500);
    await redeem(code._id, 'partially_refunded', 250);
    await redeem(code._id, 'refunded', 125);
    await redeem(code._id, 'pending', 1000);
    await redeem(code._id, 'cancelled', 2000, true);
    await redeem(code._id, 'completed', 3000, true);
    const listed = (await as(t.app, admin).get(URL))
      .json()
      .data.find((c: { _id: string }) => c._id === code._id);
    expect(listed).toMatchObject({ uses: 4, paidOrders: 3, discountGiven: 8.75 });

    const lower = await as(t.app, admin).put(`${URL}/${code._id}`, { ...BODY, code: 'FIGURES', maxUses: 3 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toBe('4 orders already hold this code: the total limit cannot be below 4.');

    const del = await as(t.app, admin).delete(`${URL}/${code._id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json()).toEqual({
      success: false,
      message: 'This code was used by 6 orders: deactivate it instead.',
    });
    const off = await as(t.app, admin).put(`${URL}/${code._id}`, {
      ...BODY,
      code: 'FIGURES',
      maxUses: 10,
      active: false,
    });
    expect(off.json().data).toMatchObject({ active: false, uses: 4, paidOrders: 3, discountGiven: 8.75 });
  });

  it('refuses a shopper (403)', async () => {
    expect((await as(t.app, shopper).get(URL)).statusCode).toBe(403);
    expect((await as(t.app, shopper).post(URL, BODY)).statusCode).toBe(403);
    expect((await as(t.app, shopper).delete(`${URL}/00000000-0000-4000-8000-000000000000`)).statusCode).toBe(
      403,
    );
  });
});

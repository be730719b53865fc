/** Admin shipping methods (issue 27): CRUD in dollars over cents, the contract's 400s, 404, and admin only. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingMethods } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;

const URL = '/api/admin/shipping-methods';
const BODY = {
  name: 'Standard',
  countries: ['us', 'CA'],
  price: 4.99,
  freeAbove: 50,
  minDays: 3,
  maxDays: 5,
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

describe('admin shipping methods', () => {
  it('adds, lists (active first, then by price), updates and deletes, keeping cents in the table', async () => {
    const added = await as(t.app, admin).post(URL, BODY);
    expect(added.statusCode).toBe(201);
    const method = added.json().data;
    expect(added.json()).toMatchObject({ success: true, message: 'Shipping method added' });
    expect(method).toEqual({
      _id: expect.any(String),
      name: 'Standard',
      countries: ['CA', 'US'],
      price: 4.99,
      freeAbove: 50,
      minDays: 3,
      maxDays: 5,
      active: true,
    });
    const [row] = await t.db.select().from(shippingMethods).where(eq(shippingMethods.id, method._id));
    expect(row).toMatchObject({ priceCents: 499, freeAboveCents: 5000 });

    const express = (await as(t.app, admin).post(URL, { name: 'Express', price: 19.9 })).json().data;
    expect(express).toMatchObject({ countries: [], freeAbove: null, minDays: null, maxDays: null });
    const pickup = (await as(t.app, admin).post(URL, { name: 'Pickup', price: 0, active: false })).json()
      .data;
    const list = await as(t.app, admin).get(URL);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((m: { name: string }) => m.name)).toEqual(['Standard', 'Express', 'Pickup']);

    const upd = await as(t.app, admin).put(`${URL}/${method._id}`, { ...BODY, price: 5.5, active: false });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({
      message: 'Shipping method updated',
      data: { price: 5.5, active: false },
    });
    const after = (await as(t.app, admin).get(URL)).json().data.map((m: { name: string }) => m.name);
    expect(after).toEqual(['Express', 'Pickup', 'Standard']);

    for (const id of [method._id, express._id, pickup._id]) {
      const del = await as(t.app, admin).delete(`${URL}/${id}`);
      expect(del.statusCode).toBe(200);
      expect(del.json().message).toBe('Shipping method deleted');
    }
    expect((await as(t.app, admin).get(URL)).json().data).toEqual([]);
  });

  it.each([
    ['a blank name', { ...BODY, name: '  ' }, 'Enter the method name.'],
    ['a negative price', { ...BODY, price: -1 }, 'The price cannot be negative.'],
    ['a price in fractions of a cent', { ...BODY, price: 1.005 }, 'The price must be in whole cents.'],
    ['an unknown country', { ...BODY, countries: ['XX'] }, 'Choose a country from the list.'],
    ['only one delivery day', { ...BODY, maxDays: null }, 'Give both delivery days, or neither.'],
    ['min days above max', { ...BODY, minDays: 6 }, 'The fastest delivery cannot be later than the slowest.'],
    ['an unknown field', { ...BODY, cost: 3 }, 'This request does not take the field cost'],
  ])('refuses %s with 400 and its message', async (_label, body, message) => {
    const res = await as(t.app, admin).post(URL, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(message);
  });

  it('answers 404 for an unknown method on update and delete', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const upd = await as(t.app, admin).put(`${URL}/${id}`, BODY);
      expect(upd.statusCode).toBe(404);
      expect(upd.json()).toEqual({ success: false, message: 'Shipping method not found' });
      expect((await as(t.app, admin).delete(`${URL}/${id}`)).statusCode).toBe(404);
    }
  });

  it('refuses a shopper (403) and a visitor (401)', async () => {
    expect((await as(t.app, shopper).get(URL)).statusCode).toBe(403);
    expect((await as(t.app, shopper).post(URL, BODY)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

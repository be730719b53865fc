import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { ADDRESS, addAddress, addToCart, as, placeOrder, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let alice: Session;
let bob: Session;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpAndLogIn(t.app);
  bob = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

const listOf = async (s: Session) =>
  (await as(t.app, s).get(`/api/shop/address/get/${s.userId}`)).json().data as Array<
    Record<string, string | null>
  >;

describe('addresses', () => {
  it('adds, lists, updates only the six fields, and deletes', async () => {
    const added = await addAddress(t.app, alice);
    // The spec's client sends no country: the address is in the shop's (SHOP_COUNTRY, default US; issue 27).
    expect(added).toEqual({ _id: expect.any(String), userId: alice.userId, ...ADDRESS, country: 'US' });
    expect(await listOf(alice)).toEqual([{ ...added, lastUsedAt: null, preferred: true }]);
    const upd = await as(t.app, alice).put(`/api/shop/address/update/${alice.userId}/${added._id}`, {
      ...ADDRESS,
      city: '  Shelbyville ',
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json()).toMatchObject({ success: true, message: 'Address updated successfully' });
    expect((await listOf(alice))[0]).toMatchObject({ _id: added._id, city: 'Shelbyville', country: 'US' });
    const moved = await as(t.app, alice).put(`/api/shop/address/update/${alice.userId}/${added._id}`, {
      ...ADDRESS,
      country: 'de',
    });
    expect(moved.json().data.country).toBe('DE');
    const nowhere = await as(t.app, alice).put(`/api/shop/address/update/${alice.userId}/${added._id}`, {
      ...ADDRESS,
      country: 'XX',
    });
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().message).toContain('Choose a country from the list.');
    expect((await listOf(alice))[0]).toMatchObject({ country: 'DE' });
    const sneaky = await as(t.app, alice).put(`/api/shop/address/update/${alice.userId}/${added._id}`, {
      ...ADDRESS,
      userId: bob.userId,
    });
    expect(sneaky.statusCode).toBe(400);
    const del = await as(t.app, alice).delete(`/api/shop/address/delete/${alice.userId}/${added._id}`);
    expect(del.json()).toMatchObject({ success: true, message: 'Address deleted successfully' });
    expect(await listOf(alice)).toEqual([]);
  });

  it.each([
    ['a blank city', { ...ADDRESS, city: '   ' }],
    ['a missing phone', { ...ADDRESS, phone: undefined }],
    ['a 201-character address', { ...ADDRESS, address: 'x'.repeat(201) }],
    ['a 1001-character note', { ...ADDRESS, notes: 'x'.repeat(1001) }],
    ['an unknown field', { ...ADDRESS, isDefault: true }],
    ['a number for pincode', { ...ADDRESS, pincode: 62701 }],
  ])('refuses %s with 400 and stores nothing', async (_label, fields) => {
    const res = await as(t.app, bob).post('/api/shop/address/add', { ...fields, userId: bob.userId });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(await listOf(bob)).toEqual([]);
  });

  it('refuses a 4th address with 409 "You can only add 3 addresses"', async () => {
    for (let i = 0; i < 3; i++) await addAddress(t.app, bob, { ...ADDRESS, address: `${i} Elm Street` });
    const fourth = await as(t.app, bob).post('/api/shop/address/add', { ...ADDRESS, userId: bob.userId });
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toEqual({ success: false, message: 'You can only add 3 addresses' });
    expect(await listOf(bob)).toHaveLength(3);
  });

  it("keeps shoppers out of each other's addresses (403 for a userId, 404 for an address)", async () => {
    const mine = await addAddress(t.app, alice);
    const asBob = as(t.app, bob);
    expect((await asBob.post('/api/shop/address/add', { ...ADDRESS, userId: alice.userId })).statusCode).toBe(
      403,
    );
    expect((await asBob.get(`/api/shop/address/get/${alice.userId}`)).statusCode).toBe(403);
    expect((await asBob.put(`/api/shop/address/update/${bob.userId}/${mine._id}`, ADDRESS)).statusCode).toBe(
      404,
    );
    expect((await asBob.delete(`/api/shop/address/delete/${bob.userId}/${mine._id}`)).statusCode).toBe(404);
    expect((await asBob.delete(`/api/shop/address/delete/${alice.userId}/${mine._id}`)).statusCode).toBe(403);
    expect(await listOf(alice)).toEqual([{ ...mine, lastUsedAt: null, preferred: true }]);
    const visitor = await t.app.inject({ method: 'GET', url: `/api/shop/address/get/${alice.userId}` });
    expect(visitor.statusCode).toBe(401);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('stores at most 3 when 6 adds race (PostgreSQL)', async () => {
    const carol = await signUpAndLogIn(t.app);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () =>
        as(t.app, carol).post('/api/shop/address/add', { ...ADDRESS, userId: carol.userId }),
      ),
    );
    const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0));
    expect(codes.filter((c) => c === 201)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(3);
    expect(await listOf(carol)).toHaveLength(3);
  });
});

describe('the address used last (issue 27)', () => {
  it('lists when each address was last ordered to, so the checkout can preselect it', async () => {
    const s = await signUpAndLogIn(t.app);
    const home = await addAddress(t.app, s);
    const office = await addAddress(t.app, s, { ...ADDRESS, address: '1 Office Park' });
    const lamp = await insertProduct(t.db, { title: 'Lamp', price: 5, totalStock: 10 });
    await addToCart(t.app, s, lamp, 1);
    const placed = await placeOrder(t.app, s, office._id);
    const list = await listOf(s);
    expect(list.map((a) => a._id)).toEqual([home._id, office._id]);
    expect(list[0]!.lastUsedAt).toBeNull();
    const [order] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(list[1]!.lastUsedAt).toBe(order!.orderDate.toISOString());
  });
});

describe('the preferred address (issue 40): ordered to last, else the newest', () => {
  const preferred = async (s: Session) => (await listOf(s)).filter((a) => a.preferred).map((a) => a._id);
  const estimateCountry = async (s: Session) => {
    const res = await as(t.app, s).post('/api/shop/checkout/quote', {});
    expect(res.statusCode).toBe(200);
    return res.json().data.country as string;
  };

  it('is the one the checkout preselects and the cart panel’s estimate prices to', async () => {
    const s = await signUpAndLogIn(t.app);
    // No address: the estimate is for the shop's country.
    expect(await estimateCountry(s)).toBe('US');
    const home = await addAddress(t.app, s, { ...ADDRESS, country: 'DE' } as typeof ADDRESS);
    expect(await preferred(s)).toEqual([home._id]);
    expect(await estimateCountry(s)).toBe('DE');
    const office = await addAddress(t.app, s, {
      ...ADDRESS,
      address: '1 Office Park',
      country: 'FR',
    } as typeof ADDRESS);
    const cabin = await addAddress(t.app, s, {
      ...ADDRESS,
      address: '9 Lake Road',
      country: 'AT',
    } as typeof ADDRESS);
    // Never ordered to: the newest.
    expect(await preferred(s)).toEqual([cabin._id]);
    expect(await estimateCountry(s)).toBe('AT');
    // Ordered to the oldest: that one, although newer ones exist.
    const lamp = await insertProduct(t.db, { title: 'Lamp', price: 5, totalStock: 10 });
    await addToCart(t.app, s, lamp, 1);
    await placeOrder(t.app, s, home._id);
    expect(await preferred(s)).toEqual([home._id]);
    expect(await estimateCountry(s)).toBe('DE');
    // The last order decides.
    await addToCart(t.app, s, lamp, 1);
    await placeOrder(t.app, s, office._id);
    expect(await preferred(s)).toEqual([office._id]);
    expect(await estimateCountry(s)).toBe('FR');
    // Deleted: the one ordered to before it.
    await as(t.app, s).delete(`/api/shop/address/delete/${s.userId}/${office._id}`);
    expect(await preferred(s)).toEqual([home._id]);
    expect(await estimateCountry(s)).toBe('DE');
  });
});

describe('the recipient name (issue 40)', () => {
  it('is optional, kept by an update without it, removed by a blank one, and copied to the order', async () => {
    const s = await signUpAndLogIn(t.app);
    const added = await addAddress(t.app, s, { ...ADDRESS, name: '  Jana Müller ', country: 'DE' });
    expect(added).toMatchObject({ name: 'Jana Müller', country: 'DE' });
    const url = `/api/shop/address/update/${s.userId}/${added._id}`;
    expect((await as(t.app, s).put(url, ADDRESS)).json().data).toMatchObject({ name: 'Jana Müller' });
    const lamp = await insertProduct(t.db, { title: 'Name Lamp', price: 5, totalStock: 10 });
    await addToCart(t.app, s, lamp, 1);
    const placed = await placeOrder(t.app, s, added._id);
    const order = (await as(t.app, s).get(`/api/shop/order/details/${placed.orderId}`)).json().data;
    expect(order.address).toMatchObject({ name: 'Jana Müller', country: 'DE', city: 'Springfield' });
    const cleared = (await as(t.app, s).put(url, { ...ADDRESS, name: ' ' })).json().data;
    expect(cleared).not.toHaveProperty('name');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(row!.recipientName).toBe('Jana Müller');
    const long = await as(t.app, s).put(url, { ...ADDRESS, name: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('Full name must be at most 100 characters');
  });
});

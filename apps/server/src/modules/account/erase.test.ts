/**
 * "Download my data" and "Delete my account" (issue 25), asserted in the database itself: after deletion nothing
 * personal is left in users, addresses, sessions, carts, account_tokens or the orders' address fields, while the
 * orders' totals stay in the admin dashboard and the reviews show "Former customer"; the address can register again.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { accountTokens, addresses, carts, orders, sessions, users } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addToCart, as, buyProducts, type Session } from '../../test/shop-client.ts';
import { hashToken } from '../auth/session.service.ts';
import { ERASED_ADDRESS, erasedEmail, FORMER_CUSTOMER, LAST_ADMIN } from './erase.ts';
import { captureMail } from './test-mail.ts';

let t: TestApp;
const mail = captureMail();
let admin: Awaited<ReturnType<typeof signUpAndLogIn>>;
beforeAll(async () => {
  t = await buildTestApp({}, { mailer: mail.mailer });
  admin = await signUpAndLogIn(t.app, { userName: 'Ada Admin' });
  await promoteToAdmin(t.db, admin.userId);
});
afterAll(async () => {
  await t.app.close();
});

const dashboard = async () => (await as(t.app, admin).get('/api/admin/dashboard')).json().data;

describe('download my data', () => {
  it('answers a JSON attachment with profile, addresses, orders with lines, reviews and sessions, no secrets', async () => {
    const a = await signUpAndLogIn(t.app, { userName: 'Dee Data' });
    const product = await insertProduct(t.db, { title: 'Exported Kettle', totalStock: 20 });
    await buyProducts(t.app, a, [{ productId: product, quantity: 2 }]);
    await as(t.app, a).post(`/api/shop/reviews/add/${product}`, {
      userId: a.userId,
      productId: product,
      rating: 5,
      comment: 'Boils fast',
    });
    const res = await as(t.app, a).get('/api/account/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="emporium-account-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json();
    expect(data.profile).toMatchObject({
      userId: a.userId,
      userName: 'Dee Data',
      email: a.email,
      twoFactorEnabled: false,
    });
    expect(data.addresses).toHaveLength(1);
    expect(data.orders).toHaveLength(1);
    expect(data.orders[0].cartItems[0]).toMatchObject({ title: 'Exported Kettle', quantity: 2 });
    expect(data.reviews[0]).toMatchObject({ comment: 'Boils fast', productTitle: 'Exported Kettle' });
    expect(data.sessions).toHaveLength(1);
    const text = res.body;
    const [row] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(text).not.toContain(row!.passwordHash);
    expect(text).not.toContain(hashToken(a.token));
    expect(text).not.toContain(a.token);
    expect(text).not.toMatch(/hash|totpSecret|password/i);
  });
});

describe('delete my account', () => {
  const erase = (s: Session, body: object) => as(t.app, s).post('/api/account/delete', body);

  it.each([
    ['no password', {}],
    ['an unknown field', { password: 'a good password', userId: 'x' }],
    ['a password of 129 characters', { password: 'x'.repeat(129) }],
  ])('refuses %s with 400 and keeps the account', async (_label, body) => {
    const a = await signUpAndLogIn(t.app);
    expect((await erase(a, body)).statusCode).toBe(400);
    expect((await as(t.app, a).get('/api/auth/check-auth')).statusCode).toBe(200);
  });

  it('refuses a wrong password (403) and keeps the account', async () => {
    const a = await signUpAndLogIn(t.app);
    const res = await erase(a, { password: 'not mine' });
    expect(res.statusCode).toBe(403);
    expect((await as(t.app, a).get('/api/auth/check-auth')).statusCode).toBe(200);
  });

  it('erases every personal field, keeps the order totals and reviews, and frees the e-mail', async () => {
    const a = await signUpAndLogIn(t.app, { userName: 'Gone Gina' });
    const product = await insertProduct(t.db, { title: 'Erased Lamp', price: 30, totalStock: 20 });
    const order = await buyProducts(t.app, a, [{ productId: product, quantity: 2 }]);
    await as(t.app, a).post(`/api/shop/reviews/add/${product}`, {
      userId: a.userId,
      productId: product,
      rating: 4,
      comment: 'Nice light',
    });
    await addToCart(t.app, a, product, 1);
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: a.password },
    });
    await as(t.app, a).post('/api/account/email', {
      newEmail: `gina-new-${Date.now()}@example.test`,
      password: a.password,
    });
    const before = await dashboard();
    const [orderBefore] = await t.db.select().from(orders).where(eq(orders.id, order._id));

    const res = await erase(a, { password: a.password });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account was deleted' });

    // Signed out everywhere, at once (shopper routes' session cache included).
    for (const token of [a.token, second.json().token as string]) {
      expect((await as(t.app, { ...a, token }).get('/api/auth/check-auth')).statusCode).toBe(401);
      expect((await as(t.app, { ...a, token }).get('/api/account/sessions')).statusCode).toBe(401);
    }
    // Nothing personal left, table by table.
    const [user] = await t.db.select().from(users).where(eq(users.id, a.userId));
    expect(user).toMatchObject({
      email: erasedEmail(a.userId),
      userName: FORMER_CUSTOMER,
      role: 'user',
      totpSecret: null,
      totpEnabledAt: null,
      emailVerifiedAt: null,
    });
    expect(user!.deletedAt).not.toBeNull();
    for (const table of [addresses, sessions, carts, accountTokens]) {
      expect(await t.db.select().from(table).where(eq(table.userId, a.userId))).toEqual([]);
    }
    const [orderAfter] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(orderAfter).toMatchObject({
      address: ERASED_ADDRESS,
      city: '',
      state: '',
      pincode: '',
      phone: '',
      notes: '',
      addressId: null,
      totalCents: orderBefore!.totalCents,
      paymentStatus: 'completed',
    });
    const leaks = await selectRows<{ n: string }>(
      t.db,
      sql`select count(*) as n from orders o where o.user_id = ${a.userId}
          and (o.address like '%Market%' or o.phone like '%555%' or o.notes <> '')`,
    );
    expect(Number(leaks[0]!.n)).toBe(0);
    // The shop's accounts are unchanged.
    const after = await dashboard();
    expect(after.last30Days).toEqual(before.last30Days);
    expect(after.today).toEqual(before.today);
    // The review stays, signed "Former customer".
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/shop/reviews/get/${product}` })).json()
      .data;
    expect(reviews).toEqual([expect.objectContaining({ comment: 'Nice light', userName: FORMER_CUSTOMER })]);
    // The old address was told, and can register again at once; the old password opens nothing.
    const goodbye = await mail.latest(t, a.email, 'account was deleted');
    // Greeted without the chosen name: the address was never confirmed (issue 46).
    expect(goodbye.text).toContain('Hello, your Emporium account and the personal data it held were deleted');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.email, password: a.password },
    });
    expect(login.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'Gina Again', email: a.email, password: 'another good password' },
    });
    expect(again.statusCode).toBe(201);
  });

  it('refuses the last admin (409), and lets an admin go when another remains', async () => {
    const last = await erase(admin, { password: admin.password });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(LAST_ADMIN);
    const second = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, second.userId);
    expect((await erase(second, { password: second.password })).statusCode).toBe(200);
    expect((await erase(admin, { password: admin.password })).statusCode).toBe(409);
  });
});

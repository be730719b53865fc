/**
 * Issue 41's guest sessions and guest cart, written as attacks: what a guest cookie can reach, what is stored, what
 * members mode answers, and the cart merge on sign-in (its races on PostgreSQL with TEST_DATABASE_URL).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@emporium/contract';
import { selectRows } from '../../db/client.ts';
import { carts, guestSessions } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';
import {
  GUEST_RENEW_EVERY_MS,
  GUEST_SESSION_TTL_MS,
  createGuestSession,
  endGuestSession,
  pruneGuestSessions,
  resolveGuestSession,
} from './service.ts';

const ORIGIN = 'http://shop.test';

let open: TestApp;
let members: TestApp;

beforeAll(async () => {
  [open, members] = await Promise.all([
    buildTestApp({ STOREFRONT_MODE: 'open' }),
    buildTestApp({ STOREFRONT_MODE: 'members' }),
  ]);
});
afterAll(async () => {
  await Promise.all([open.app.close(), members.app.close()]);
});

/** The guest cookie's token a reply set, and the cookie's attributes. */
function guestCookieOf(res: { headers: Record<string, unknown> }): { token: string; attributes: string } {
  const raw = res.headers['set-cookie'];
  const all = (Array.isArray(raw) ? raw : [raw]).filter((c): c is string => typeof c === 'string');
  const cookie = all.find((c) => c.startsWith('guest='));
  if (!cookie) throw new Error(`no guest cookie in ${JSON.stringify(all)}`);
  const [pair, ...attributes] = cookie.split(';');
  return { token: decodeURIComponent(pair!.slice('guest='.length)), attributes: attributes.join(';') };
}

/** A visitor of `t` with the guest cookie `token` (none before the first add). */
function visitor(t: TestApp, token?: string) {
  const headers = (write: boolean) => ({
    ...(token ? { cookie: `guest=${token}` } : {}),
    ...(write ? { origin: ORIGIN } : {}),
  });
  return {
    get: (url: string) => t.app.inject({ method: 'GET', url, headers: headers(false) }),
    post: (url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: headers(true), payload }),
    put: (url: string, payload?: object) =>
      t.app.inject({ method: 'PUT', url, headers: headers(true), payload }),
    delete: (url: string) => t.app.inject({ method: 'DELETE', url, headers: headers(true) }),
  };
}

/** A visitor who added `quantity` of `productId`; returns the guest token. */
async function guestWith(t: TestApp, productId: string, quantity: number): Promise<string> {
  const res = await visitor(t).post(`/api/shop/guest-cart/add/${productId}`, { quantity });
  expect(res.statusCode, res.body).toBe(200);
  return guestCookieOf(res).token;
}

/** Signs `who` in with the guest cookie `token`. */
function logInAsGuest(t: TestApp, who: { email: string; password: string }, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { cookie: `guest=${token}` },
    payload: { email: who.email, password: who.password },
  });
}

async function cartLines(t: TestApp, s: Session) {
  const res = await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as Array<{ productId: string; quantity: number }>).map((i) => ({
    productId: i.productId,
    quantity: i.quantity,
  }));
}

describe('guest sessions (open storefront)', () => {
  it("creates a session on a visitor's first add: an httpOnly, SameSite=Lax, 30-day cookie whose token is stored only hashed", async () => {
    const tee = await insertProduct(open.db, { title: 'Guest Tee', totalStock: 5 });
    const before = await open.db.select({ id: guestSessions.id }).from(guestSessions);
    const res = await visitor(open).post(`/api/shop/guest-cart/add/${tee}`, { quantity: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Product added to cart',
      data: { items: [{ productId: tee, quantity: 2 }] },
    });
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, attributes } = guestCookieOf(res);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(attributes).toMatch(/HttpOnly/);
    expect(attributes).toMatch(/SameSite=Lax/);
    expect(attributes).toMatch(/Path=\//);
    expect(attributes).toMatch(new RegExp(`Max-Age=${GUEST_SESSION_TTL_MS / 1000}`));
    expect(attributes).not.toMatch(/Secure/); // PUBLIC_URL is http in tests

    const rows = await open.db.select().from(guestSessions);
    expect(rows).toHaveLength(before.length + 1);
    const stored = rows.find((r) => !before.some((b) => b.id === r.id))!;
    expect(stored.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    // The clear token is in no column of the guest's rows.
    expect(JSON.stringify(stored)).not.toContain(token);
    const [cart] = await open.db.select().from(carts).where(eq(carts.guestSessionId, stored.id));
    expect(cart).toMatchObject({ userId: null, guestSessionId: stored.id });

    // The same cookie reads, updates and removes its lines; a read sets no new cookie.
    const guest = visitor(open, token);
    const read = await guest.get('/api/shop/guest-cart/get');
    expect(read.json().data.items).toMatchObject([{ productId: tee, quantity: 2 }]);
    expect(read.headers['set-cookie']).toBeUndefined();
    expect(
      (await guest.put(`/api/shop/guest-cart/update-cart/${tee}`, { quantity: 4 })).json().data.items,
    ).toMatchObject([{ quantity: 4 }]);
    const over = await guest.put(`/api/shop/guest-cart/update-cart/${tee}`, { quantity: 6 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: 'Only 5 left in stock' });
    expect((await guest.delete(`/api/shop/guest-cart/delete/${tee}`)).json().data.items).toEqual([]);
  });

  it('reads an empty cart for a visitor without creating a session, and refuses bad input like the member cart', async () => {
    const count = async () => (await open.db.select({ id: guestSessions.id }).from(guestSessions)).length;
    const before = await count();
    const res = await visitor(open).get('/api/shop/guest-cart/get');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Cart fetched successfully',
      data: { _id: '', items: [] },
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    const madeUp = await visitor(open, 'made-up-token').get('/api/shop/guest-cart/get');
    expect(madeUp.json().data).toEqual({ _id: '', items: [] });
    expect(
      (await visitor(open).put(`/api/shop/guest-cart/update-cart/${crypto.randomUUID()}`, { quantity: 1 }))
        .statusCode,
    ).toBe(404);
    expect(await count()).toBe(before);

    const tee = await insertProduct(open.db, { totalStock: 3 });
    const bad = await visitor(open).post(`/api/shop/guest-cart/add/${tee}`, { quantity: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, message: 'Quantity must be at least 1' });
    const token = await guestWith(open, tee, 3);
    const above = await visitor(open, token).post(`/api/shop/guest-cart/add/${tee}`, { quantity: 1 });
    expect(above.statusCode).toBe(409);
    expect(above.json()).toEqual({ success: false, message: 'Only 3 left in stock' });
  });

  it("refuses a guest cookie's write from a foreign origin or with no origin", async () => {
    const tee = await insertProduct(open.db, { totalStock: 3 });
    const token = await guestWith(open, tee, 1);
    for (const origin of ['https://evil.example', undefined]) {
      const res = await open.app.inject({
        method: 'POST',
        url: `/api/shop/guest-cart/add/${tee}`,
        headers: { cookie: `guest=${token}`, ...(origin ? { origin } : {}) },
        payload: { quantity: 1 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ success: false, message: 'Request origin not allowed' });
    }
    expect((await visitor(open, token).get('/api/shop/guest-cart/get')).json().data.items[0].quantity).toBe(
      1,
    );
  });

  it("never reaches an account's cart, addresses, orders or settings: a guest cookie answers exactly like no session", async () => {
    const alice = await signUpAndLogIn(open.app);
    const tee = await insertProduct(open.db, { totalStock: 5 });
    await as(open.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 1 });
    const token = await guestWith(open, tee, 2);
    const targets: Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> = [
      { method: 'GET', url: `/api/shop/cart/get/${alice.userId}` },
      { method: 'POST', url: `/api/shop/cart/add/${alice.userId}/${tee}`, payload: { quantity: 1 } },
      { method: 'PUT', url: `/api/shop/cart/update-cart/${alice.userId}/${tee}`, payload: { quantity: 3 } },
      { method: 'DELETE', url: `/api/shop/cart/delete/${alice.userId}/${tee}` },
      { method: 'GET', url: `/api/shop/address/get/${alice.userId}` },
      { method: 'POST', url: '/api/shop/address/add', payload: { userId: alice.userId, address: 'x' } },
      { method: 'GET', url: `/api/shop/order/list/${alice.userId}` },
      { method: 'GET', url: `/api/shop/order/details/${crypto.randomUUID()}` },
      { method: 'GET', url: '/api/account/sessions' },
      { method: 'GET', url: '/api/account/export' },
      { method: 'POST', url: '/api/account/password', payload: { currentPassword: 'x', newPassword: 'y' } },
      { method: 'GET', url: '/api/auth/check-auth' },
      { method: 'GET', url: '/api/admin/orders/get' },
    ];
    // The guest token tried as the guest cookie, as the session cookie and as a bearer token.
    const disguises = [
      { cookie: `guest=${token}` },
      { cookie: `token=${token}` },
      { authorization: `Bearer ${token}` },
    ];
    for (const target of targets) {
      const bare = await open.app.inject({ ...target, headers: { origin: ORIGIN } });
      expect(bare.statusCode, `${target.method} ${target.url}`).toBe(401);
      for (const headers of disguises) {
        const res = await open.app.inject({ ...target, headers: { origin: ORIGIN, ...headers } });
        expect({ status: res.statusCode, body: res.body }, `${target.method} ${target.url}`).toEqual({
          status: bare.statusCode,
          body: bare.body,
        });
      }
    }
    expect(await cartLines(open, alice)).toEqual([{ productId: tee, quantity: 1 }]);
  });

  it('slides: renewed at most once a day for 30 more days, and dead after 30 days unused', async () => {
    const now = Date.now();
    const { id, token } = await createGuestSession(open.db, now);
    expect(await resolveGuestSession(open.db, token, now + 60 * 60_000)).toEqual({ id, renewed: false });
    const later = now + GUEST_RENEW_EVERY_MS + 60_000;
    expect(await resolveGuestSession(open.db, token, later)).toEqual({ id, renewed: true });
    const [row] = await open.db.select().from(guestSessions).where(eq(guestSessions.id, id));
    expect(row!.expiresAt.getTime()).toBe(later + GUEST_SESSION_TTL_MS);
    expect(await resolveGuestSession(open.db, token, later + 60_000)).toEqual({ id, renewed: false });
    expect(await resolveGuestSession(open.db, token, later + GUEST_SESSION_TTL_MS + 1)).toBeNull();
  });

  it('keeps a cart owned by exactly one of a user and a guest session (CHECK)', async () => {
    const { id } = await createGuestSession(open.db);
    const alice = await signUpAndLogIn(open.app);
    await expect(
      selectRows(
        open.db,
        sql`insert into ${carts} (user_id, guest_session_id) values (${alice.userId}, ${id})`,
      ),
    ).rejects.toThrow();
    await expect(
      selectRows(open.db, sql`insert into ${carts} (created_at) values (now())`),
    ).rejects.toThrow();
  });
});

describe('pruning guest sessions', () => {
  it('deletes the expired and the ended ones with their carts, and keeps the live ones', async () => {
    const now = Date.now();
    const expired = await createGuestSession(open.db, now - GUEST_SESSION_TTL_MS - 60_000);
    const ended = await createGuestSession(open.db, now);
    const live = await createGuestSession(open.db, now);
    for (const { id } of [expired, ended, live]) await open.db.insert(carts).values({ guestSessionId: id });
    await endGuestSession(open.db, ended.id);

    expect(await pruneGuestSessions(open.db, new Date(now + 1000))).toBeGreaterThanOrEqual(2);
    const left = await open.db.select({ id: guestSessions.id }).from(guestSessions);
    const ids = left.map((r) => r.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(expired.id);
    expect(ids).not.toContain(ended.id);
    const cartOwners = (await open.db.select({ id: carts.guestSessionId }).from(carts)).map((r) => r.id);
    expect(cartOwners).toContain(live.id);
    expect(cartOwners).not.toContain(expired.id);
    expect(cartOwners).not.toContain(ended.id);
    expect(await resolveGuestSession(open.db, live.token, now + 1000)).toEqual({
      id: live.id,
      renewed: false,
    });
  });
});

describe('the cart on sign-in (open storefront)', () => {
  it("sums the guest's lines into the account's cart, caps them at stock, says so, and ends the guest session", async () => {
    const tee = await insertProduct(open.db, { title: 'Merge Tee', totalStock: 5 });
    const mug = await insertProduct(open.db, { title: 'Merge Mug', totalStock: 50 });
    const alice = await signUpAndLogIn(open.app);
    await as(open.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 4 });
    const token = await guestWith(open, tee, 3);
    await visitor(open, token).post(`/api/shop/guest-cart/add/${mug}`, { quantity: 2 });

    const login = await logInAsGuest(open, alice, token);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      success: true,
      message: 'Logged in successfully',
      cartNotice:
        "The 2 items you added before signing in are in your cart. Fewer than you chose of Merge Tee: limited by the stock left or the cart's limits.",
    });
    expect(String(login.headers['set-cookie'])).toMatch(/guest=;/);
    const s = { token: login.json().token as string, userId: alice.userId };
    expect(await cartLines(open, s)).toEqual([
      { productId: tee, quantity: 5 },
      { productId: mug, quantity: 2 },
    ]);
    // The guest cart is empty and its cookie is dead: it reads as no session, and a new add starts a new one.
    const [ended] = await open.db
      .select()
      .from(guestSessions)
      .where(eq(guestSessions.tokenHash, createHash('sha256').update(token).digest('hex')));
    expect(ended!.endedAt).not.toBeNull();
    expect((await visitor(open, token).get('/api/shop/guest-cart/get')).json().data).toEqual({
      _id: '',
      items: [],
    });
    const again = await visitor(open, token).post(`/api/shop/guest-cart/add/${mug}`, { quantity: 1 });
    expect(guestCookieOf(again).token).not.toBe(token);
    // Signing in again with the dead cookie adds nothing more.
    const second = await logInAsGuest(open, alice, token);
    expect(second.json().cartNotice).toBeUndefined();
    expect(await cartLines(open, s)).toEqual([
      { productId: tee, quantity: 5 },
      { productId: mug, quantity: 2 },
    ]);
  });

  it('caps a summed line at the per-line limit and leaves a full cart full', async () => {
    const big = await insertProduct(open.db, { title: 'Bulk Box', totalStock: 1000 });
    const alice = await signUpAndLogIn(open.app);
    await as(open.app, alice).post(`/api/shop/cart/add/${alice.userId}/${big}`, { quantity: 90 });
    const token = await guestWith(open, big, 20);
    const login = await logInAsGuest(open, alice, token);
    expect(login.json().cartNotice).toMatch(/Fewer than you chose of Bulk Box/);
    const s = { token: login.json().token as string, userId: alice.userId };
    expect(await cartLines(open, s)).toEqual([{ productId: big, quantity: LIMITS.lineQuantity.max }]);

    // A cart already holding LIMITS.cartLines lines takes no new line from the guest's.
    const bob = await signUpAndLogIn(open.app);
    for (let i = 0; i < LIMITS.cartLines.max; i++) {
      const p = await insertProduct(open.db, { totalStock: 5 });
      await as(open.app, bob).post(`/api/shop/cart/add/${bob.userId}/${p}`, { quantity: 1 });
    }
    const extra = await insertProduct(open.db, { title: 'One Too Many', totalStock: 5 });
    const bobGuest = await guestWith(open, extra, 1);
    const bobLogin = await logInAsGuest(open, bob, bobGuest);
    expect(bobLogin.json().cartNotice).toBe(
      "The items you added before signing in could not be added to your cart. Fewer than you chose of One Too Many: limited by the stock left or the cart's limits.",
    );
    const bobLines = await cartLines(open, { token: bobLogin.json().token, userId: bob.userId });
    expect(bobLines).toHaveLength(LIMITS.cartLines.max);
    expect(bobLines.some((l) => l.productId === extra)).toBe(false);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'never exceeds stock or the line cap when adds race with the merge (PostgreSQL)',
    async () => {
      for (let round = 0; round < 5; round++) {
        const tee = await insertProduct(open.db, { title: 'Race Tee', totalStock: 5 });
        const box = await insertProduct(open.db, { title: 'Race Box', totalStock: 1000 });
        const alice = await signUpAndLogIn(open.app);
        const token = await guestWith(open, tee, 3);
        await visitor(open, token).post(`/api/shop/guest-cart/add/${box}`, { quantity: 60 });
        const results = await Promise.all([
          logInAsGuest(open, alice, token),
          ...Array.from({ length: 8 }, (_, i) =>
            as(open.app, alice).post(`/api/shop/cart/add/${alice.userId}/${i % 2 ? tee : box}`, {
              quantity: i % 2 ? 1 : 15,
            }),
          ),
          // The guest keeps adding to its own cart meanwhile.
          ...Array.from({ length: 4 }, () =>
            visitor(open, token).post(`/api/shop/guest-cart/add/${tee}`, { quantity: 1 }),
          ),
        ]);
        expect(results.map((r) => r.statusCode).every((c) => c === 200 || c === 409)).toBe(true);
        expect(results[0]!.statusCode).toBe(200);
        const lines = await cartLines(open, alice);
        const quantityOf = (p: string) => lines.find((l) => l.productId === p)?.quantity ?? 0;
        // Demand exceeds both caps, so whatever the order, each line ends exactly at its cap.
        expect(quantityOf(tee)).toBe(5);
        expect(quantityOf(box)).toBe(LIMITS.lineQuantity.max);
      }
    },
  );
});

describe('members mode with a guest cookie', () => {
  it('answers as today: the guest cart is an unknown address and sign-in ignores the cookie', async () => {
    const tee = await insertProduct(members.db, { totalStock: 5 });
    const { token } = await createGuestSession(members.db);
    for (const [method, url] of [
      ['GET', '/api/shop/guest-cart/get'],
      ['POST', `/api/shop/guest-cart/add/${tee}`],
    ] as const) {
      const bare = await members.app.inject({
        method,
        url,
        headers: { origin: ORIGIN },
        payload: method === 'POST' ? { quantity: 1 } : undefined,
      });
      const withCookie = await members.app.inject({
        method,
        url,
        headers: { origin: ORIGIN, cookie: `guest=${token}` },
        payload: method === 'POST' ? { quantity: 1 } : undefined,
      });
      expect(bare.statusCode).toBe(404);
      expect(withCookie.statusCode).toBe(404);
      expect(withCookie.body).toBe(bare.body);
    }
    const alice = await signUpAndLogIn(members.app);
    const login = await logInAsGuest(members, alice, token);
    expect(Object.keys(login.json()).sort()).toEqual(['message', 'success', 'token', 'user']);
    expect(String(login.headers['set-cookie'])).not.toMatch(/guest=/);
    const s = { token: login.json().token as string, userId: alice.userId };
    expect(await cartLines(members, s)).toEqual([]);
    expect((await as(members.app, s).get(`/api/shop/cart/get/${alice.userId}`)).json().message).toBe(
      'Cart fetched successfully',
    );
  });
});

describe('pages', () => {
  it("answer X-Robots-Tag: noindex on every page in members mode, with the page as built; open mode names its mode and lets the catalog's pages be indexed", async () => {
    const dist = join(open.config.dataDir, 'web');
    mkdirSync(dist, { recursive: true });
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><title>Emporium</title></head><body></body></html>',
    );
    const [m, o] = await Promise.all([
      buildTestApp({ STOREFRONT_MODE: 'members', WEB_DIST: dist }),
      buildTestApp({ STOREFRONT_MODE: 'open', WEB_DIST: dist }),
    ]);
    try {
      for (const url of [
        '/shop/home',
        '/shop/product/x',
        '/shop/listing?category=Men',
        '/auth/login',
        '/admin/dashboard',
        '/index.html',
      ]) {
        const res = await m.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-robots-tag'], url).toBe('noindex');
        expect(res.body).not.toContain('storefront-mode');
      }
      for (const url of ['/shop/home', '/shop/product/x', '/shop/listing?category=Men']) {
        const res = await o.app.inject({ method: 'GET', url });
        expect(res.headers['x-robots-tag'], url).toBeUndefined();
        expect(res.body).toContain('<meta name="storefront-mode" content="open"></head>');
      }
      for (const url of [
        '/shop/checkout',
        '/shop/account',
        '/shop/search',
        '/auth/login',
        '/admin/dashboard',
      ]) {
        expect((await o.app.inject({ method: 'GET', url })).headers['x-robots-tag'], url).toBe('noindex');
      }
      // The JSON API carries no such header.
      expect(
        (await m.app.inject({ method: 'GET', url: '/api/shop/products/get' })).headers['x-robots-tag'],
      ).toBeUndefined();
    } finally {
      await Promise.all([m.app.close(), o.app.close()]);
    }
  });
});

/**
 * The hostile cases of the hardening review, each written as the attack (issue "Hardening"): spoofed client
 * addresses, a production server on demo defaults, bodies that stall or blow up, a pending-order flood, NUL bytes,
 * overflowing totals, common passwords, cacheable personal data, logs that leak query parameters.
 */
import { spawnSync } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import {
  buildTestApp,
  CHILD_PROCESS_HANG_MS,
  insertProduct,
  signUpAndLogIn,
  type TestApp,
} from '../test/build-test-app.ts';
import { addAddress, addToCart, as, placeOrder } from '../test/shop-client.ts';
import { hashingBusy } from '../modules/auth/password.ts';
import { errSerializer } from './log.ts';
import { createRefusalHold } from './refusal-hold.ts';

const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), '..');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
});
afterAll(async () => {
  await t.app.close();
});

const login = (
  app: TestApp['app'],
  payload: object,
  headers: Record<string, string> = {},
  remoteAddress?: string,
) => app.inject({ method: 'POST', url: '/api/auth/login', payload, headers, remoteAddress });

describe('client address (TRUST_PROXY)', () => {
  it('a new X-Forwarded-For per request does not reset the per-IP limit when no proxy is trusted', async () => {
    const direct = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '5' });
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const res = await login(
        direct.app,
        { email: `nobody${i}@example.test`, password: 'x' },
        {
          'x-forwarded-for': `203.0.113.${i}`,
        },
      );
      codes.push(res.statusCode);
    }
    await direct.app.close();
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(codes.slice(5)).toEqual([429, 429]);
  });

  it('with TRUST_PROXY naming the proxy, X-Forwarded-For is the client (each gets its own limit)', async () => {
    const behind = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      const codes = [];
      for (let i = 0; i < 6; i++) {
        const res = await login(
          behind.app,
          { email: 'x@example.test', password: 'x' },
          {
            'x-forwarded-for': `198.51.100.${i}`,
          },
        );
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 401, 401, 401]);
      const fromProxyItself = [];
      for (let i = 0; i < 3; i++)
        fromProxyItself.push(
          (await login(behind.app, { email: 'x@example.test', password: 'x' })).statusCode,
        );
      expect(fromProxyItself).toEqual([401, 401, 429]);
    } finally {
      await behind.app.close();
    }
  });

  it('refuses TRUST_PROXY=true and junk with a message naming the variable', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });
});

describe('login floods get slow, cheap refusals (REFUSAL_DELAY_MS)', () => {
  it('holds a 429 for the delay while other visitors are served at once', async () => {
    const held = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1', REFUSAL_DELAY_MS: '400' });
    try {
      expect((await login(held.app, { email: 'a@example.test', password: 'x' })).statusCode).toBe(401);
      const order: string[] = [];
      const refused = login(held.app, { email: 'b@example.test', password: 'x' }).then((res) => {
        order.push('login');
        return res;
      });
      const started = Date.now();
      const health = await held.app.inject({ method: 'GET', url: '/api/health' });
      order.push('health');
      const res = await refused;
      expect(health.statusCode).toBe(200);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toMatchObject({
        success: false,
        message: expect.stringMatching(/Too many requests/),
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(390);
      expect(order).toEqual(['health', 'login']);
    } finally {
      await held.app.close();
    }
  });

  it("holds the full hashing queue's 503 too, and lets at most the cap wait (then closes the connection)", async () => {
    const hold = createRefusalHold(200, 2);
    const first = hold();
    const second = hold();
    expect(await hold()).toBe('full');
    expect(await Promise.all([first, second])).toEqual(['held', 'held']);
    expect(await createRefusalHold(0)()).toBe('off');
    expect(hashingBusy().shed).toBe(true);
    expect(hashingBusy().statusCode).toBe(503);
  });
});

describe('production never runs on demo defaults', () => {
  const prod = { NODE_ENV: 'production', SEED_DEMO: 'false', PUBLIC_URL: 'https://shop.example.com' };
  const paypal = { ...prod, PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };

  it('production without PUBLIC_URL exits at start-up with a message naming it (issue 24, finding 4)', () => {
    const { NODE_ENV, SEED_DEMO, PAYMENT_PROVIDER } = { ...prod, PAYMENT_PROVIDER: 'sandbox' };
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(SERVER_SRC, 'main.ts')], {
      env: { PATH: process.env.PATH, NODE_ENV, SEED_DEMO, PAYMENT_PROVIDER },
      encoding: 'utf8',
      timeout: CHILD_PROCESS_HANG_MS,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/PUBLIC_URL: required in production/);
    expect(loadConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' }).publicUrl).toBe('https://shop.example.com');
  });

  it("takes PayPal's live host by default in production and refuses its sandbox unless allowed explicitly", () => {
    const config = loadConfig(paypal);
    expect(config.payments).toMatchObject({ provider: 'paypal', apiBase: 'https://api-m.paypal.com' });
    const sandboxHost = { ...paypal, PAYPAL_API_BASE: 'https://api-m.sandbox.paypal.com' };
    expect(() => loadConfig(sandboxHost)).toThrow(/PAYPAL_API_BASE: .*sandbox.*PAYPAL_ALLOW_SANDBOX=true/s);
    expect(loadConfig({ ...sandboxHost, PAYPAL_ALLOW_SANDBOX: 'true' }).payments).toMatchObject({
      apiBase: 'https://api-m.sandbox.paypal.com',
    });
    // Outside production the sandbox stays the default, so a developer's keys never move real money.
    const dev = { PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret' };
    expect(loadConfig(dev).payments).toMatchObject({ apiBase: 'https://api-m.sandbox.paypal.com' });
  });

  it('refuses to start without PayPal keys unless the sandbox is chosen explicitly', () => {
    expect(() => loadConfig(prod)).toThrow(ConfigError);
    expect(() => loadConfig(prod)).toThrow(/PAYMENT_PROVIDER: production needs PAYPAL_CLIENT_ID/);
    expect(loadConfig({ ...prod, PAYMENT_PROVIDER: 'sandbox' }).payments).toEqual({
      provider: 'sandbox',
      inProduction: true,
    });
  });

  it('creates demo accounts only for the embedded demo, on loopback, with random passwords when reachable', () => {
    expect(loadConfig({})).toMatchObject({ demoAccounts: 'published', host: '127.0.0.1' });
    expect(loadConfig({ ADMIN_EMAIL: 'a@b.test', ADMIN_PASSWORD: 'a long passphrase' })).toMatchObject({
      demoAccounts: false,
      host: '0.0.0.0',
    });
    expect(loadConfig({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).demoAccounts).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).demoAccounts).toBe('random');
    expect(() => loadConfig({ ...prod, SEED_DEMO: 'true' })).toThrow(/SEED_DEMO/);
  });

  it('has no sandbox payment page while PayPal takes the payments', async () => {
    const paypal = await buildTestApp({
      PAYMENT_PROVIDER: 'paypal',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_API_BASE: 'http://127.0.0.1:9',
    });
    try {
      const res = await paypal.app.inject({
        method: 'POST',
        url: '/sandbox/pay/00000000-0000-4000-8000-000000000000/approve',
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await paypal.app.close();
    }
  });
});

describe('bodies', () => {
  it('refuses a deeply nested array at once (400), before parsing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '['.repeat(50_000),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: 'Request body is nested too deeply' });
  });

  it('refuses a JSON body above 64 KB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(70_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('cuts a request whose body stalls after REQUEST_TIMEOUT_SECONDS', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(port, '127.0.0.1');
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"email":',
    );
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // The server still answers others.
    const ok = await new Promise<number>((resolve) =>
      httpRequest({ port, host: '127.0.0.1', path: '/api/health' }, (res) =>
        resolve(res.statusCode ?? 0),
      ).end(),
    );
    expect(ok).toBe(200);
  });

  it.each([
    ['search', 'GET', `/api/shop/search/${encodeURIComponent('lamp\u0000')}`, undefined],
    [
      'register',
      'POST',
      '/api/auth/register',
      { username: 'N\u0000', email: 'nul@example.test', password: 'a long passphrase' },
    ],
    ['login', 'POST', '/api/auth/login', { email: 'nul@example.test', password: 'x\u0000' }],
  ])('a NUL byte in %s is a 400, not a 500', async (_label, method, url, payload) => {
    const res = await t.app.inject({ method: method as 'GET', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Text may not contain NUL characters');
  });

  it('a NUL byte in an address field is a 400', async () => {
    const s = await signUpAndLogIn(t.app);
    const res = await as(t.app, s).post('/api/shop/address/add', {
      address: '1 Main St\u0000',
      city: 'X',
      state: 'Y',
      pincode: '1',
      phone: '2',
      notes: 'n',
      userId: s.userId,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('logs', () => {
  it('a failed query is logged without its parameters (no password hash, no address)', () => {
    const pgError = Object.assign(
      new Error('duplicate key value violates unique constraint "users_email_unique"'),
      {
        code: '23505',
        detail: 'Key (email)=(ann@example.test) already exists.',
      },
    );
    const err = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['ann@example.test', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'],
      pgError,
    );
    const logged = JSON.stringify(errSerializer(err));
    expect(logged).toContain('password_hash');
    expect(logged).toContain('"sqlState":"23505"');
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('ann@example.test');
  });
});

describe('orders', () => {
  it('a shopper cannot pile up pending orders: the same cart reuses its order, the 11th distinct one is 409', async () => {
    const s = await signUpAndLogIn(t.app);
    const address = (await addAddress(t.app, s))._id;
    const p = await insertProduct(t.db, { totalStock: 500 });
    await addToCart(t.app, s, p, 1);
    const first = await placeOrder(t.app, s, address);
    const again = await placeOrder(t.app, s, address);
    expect(again.orderId).toBe(first.orderId);
    for (let i = 2; i <= 10; i++) {
      await as(t.app, s).put(`/api/shop/cart/update-cart/${s.userId}/${p}`, { quantity: i });
      await placeOrder(t.app, s, address);
    }
    await as(t.app, s).put(`/api/shop/cart/update-cart/${s.userId}/${p}`, { quantity: 11 });
    const eleventh = await as(t.app, s).post('/api/shop/order/create', { address: { addressId: address } });
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toMatch(/10 unpaid checkouts/);
    // Unpaid checkouts are not orders (issue 40): the history stays empty.
    const list = (await as(t.app, s).get(`/api/shop/order/list/${s.userId}?page=1&limit=5`)).json();
    expect(list.data).toHaveLength(0);
    expect(list.pagination).toMatchObject({ total: 0, pages: 1 });
  });

  it('an order total of 25 million dollars is a clear 400, not an overflow', async () => {
    const s = await signUpAndLogIn(t.app);
    const p = await insertProduct(t.db, { title: 'Yacht', price: 1_000_000, totalStock: 50 });
    await addToCart(t.app, s, p, 25);
    const res = await as(t.app, s).post('/api/shop/order/create', {
      address: { addressId: (await addAddress(t.app, s))._id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'An order can total at most $1,000,000. Please split it into smaller orders.',
    );
  });
});

describe('accounts', () => {
  it.each(['12345678', 'password', 'Password1', 'qwertyuiop'])(
    'refuses the common password %s',
    async (password) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { username: 'C', email: `common-${password}@example.test`, password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/most common/);
    },
  );

  it('ten wrong passwords from one client lock that client only; the owner still signs in from their own', async () => {
    const app = await buildTestApp({ AUTH_RATE_LIMIT_MAX: '1000' });
    try {
      const owner = await signUpAndLogIn(app.app, { password: 'the owner passphrase' });
      for (let i = 0; i < 10; i++) {
        const res = await login(app.app, { email: owner.email, password: 'guess' }, {}, '203.0.113.7');
        expect(res.statusCode).toBe(401);
      }
      const locked = await login(
        app.app,
        { email: owner.email, password: 'the owner passphrase' },
        {},
        '203.0.113.7',
      );
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
      const fromHome = await login(
        app.app,
        { email: owner.email, password: 'the owner passphrase' },
        {},
        '192.0.2.1',
      );
      expect(fromHome.statusCode).toBe(200);
    } finally {
      await app.app.close();
    }
  });
});

describe('personal data is never cached', () => {
  it.each(['cart/get', 'address/get', 'order/list'])(
    'GET /api/shop/%s answers Cache-Control: no-store',
    async (path) => {
      const s = await signUpAndLogIn(t.app);
      const res = await as(t.app, s).get(`/api/shop/${path}/${s.userId}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
    },
  );
});

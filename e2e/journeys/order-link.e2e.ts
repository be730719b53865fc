/**
 * Journey (issue 41): a guest opens their order from the link in its e-mail and withdraws after delivery, without an
 * account. Guest checkout is a later step, so the guest orders are made here the way it will store them: paid through
 * the real checkout by a stand-in shopper, then, with the server stopped, given to a guest's e-mail and no user in its
 * database (the only step outside the API). This journey runs its own server (its own data folder, mail written as
 * .eml files) so that it can do that. Then, at 360 and 1366 px: the admin ships the order (API), the shipping e-mail
 * to the guest carries "View your order" /shop/order/<token>; the page shows the order, its tracking and timeline with
 * no sign-in; after the admin marks it Delivered, "Withdraw from contract" takes the two steps and the page says
 * "Withdrawal requested on …". A made-up link shows the one message and "Find my order", whose form answers the same
 * sentence. Later the guest registers with the same address; only verifying it adds the order to the account ("1
 * earlier order was added to your account"), after which the link no longer opens it and the order history shows it.
 * Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { FIND_MY_ORDER_REQUESTED, ORDER_LINK_INVALID, type Product } from '@emporium/contract';
import { DEMO, launch, logIn, uniqueEmail, VIEWPORTS } from '../support/browser.ts';
import { linkIn, parseMail } from '../support/mailbox.ts';
import { snapScreens } from '../support/purchase.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// Its own port, beside the shared server's (E2E_PORT): one above the shards' range.
const PORT = Number(process.env.E2E_PORT ?? 3100) + Number(process.env.E2E_SHARDS ?? 2) + 10;
const BASE = `http://127.0.0.1:${PORT}`;

let server: ChildProcess | undefined;
let dataDir: string;

/** Starts the built server on `dataDir` and waits until it answers (a first start migrates and seeds the demo). */
async function startServer(): Promise<void> {
  server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: BASE,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: '',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '10000',
      RATE_LIMIT_MAX: '100000',
      CATALOG_COLD_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (server.exitCode !== null) throw new Error(`server exited with code ${server.exitCode}`);
    if (Date.now() > deadline) throw new Error('server not healthy');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function stopServer(): Promise<void> {
  const running = server;
  server = undefined;
  if (!running || running.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    running.once('exit', () => resolve());
    running.kill('SIGTERM');
  });
}

async function call<T>(
  path: string,
  init: { method?: string; token?: string; body?: object } = {},
): Promise<T> {
  const headers: Record<string, string> = init.body ? { 'content-type': 'application/json' } : {};
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const res = await fetch(`${BASE}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers,
    body: init.body ? JSON.stringify(init.body) : undefined,
    redirect: 'manual',
  });
  const body =
    res.status === 303 ? ({ location: res.headers.get('location') } as T) : ((await res.json()) as T);
  if (res.status >= 400) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

const logInApi = async (email: string, password: string) =>
  (await call<{ token: string; user: { userId: string } }>('/api/auth/login', { body: { email, password } }))
    .token;

/** A paid order of one `product` through the real checkout (cart, address, create, sandbox Pay, capture). */
async function paidOrder(product: Product): Promise<{ id: string; number: number }> {
  const email = uniqueEmail('stand-in');
  const password = 'a long enough password';
  await call('/api/auth/register', { body: { username: 'Checkout Stand-in', email, password } });
  const login = await call<{ token: string; user: { userId: string } }>('/api/auth/login', {
    body: { email, password },
  });
  const { token } = login;
  const userId = login.user.userId;
  await call(`/api/shop/cart/add/${userId}/${product._id}`, { token, body: { quantity: 1 } });
  const address = await call<{ data: { _id: string } }>('/api/shop/address/add', {
    token,
    body: {
      userId,
      address: '7 Guest Lane',
      city: 'Springfield',
      state: 'IL',
      pincode: '62701',
      phone: '+1 555 0141',
      notes: 'Ring twice',
    },
  });
  const created = await call<{ orderId: string; approvalURL: string }>('/api/shop/order/create', {
    token,
    body: { userId, address: { addressId: address.data._id } },
  });
  const paymentId = new URL(created.approvalURL).pathname.split('/').pop()!;
  const approved = await call<{ location: string }>(`/sandbox/pay/${paymentId}/approve`, { method: 'POST' });
  const payerId = new URL(approved.location, BASE).searchParams.get('PayerID')!;
  const captured = await call<{ data: { orderNumber: number; paymentStatus: string } }>(
    '/api/shop/order/capture',
    {
      token,
      body: { orderId: created.orderId, paymentId, payerId },
    },
  );
  expect(captured.data.paymentStatus).toBe('completed');
  return { id: created.orderId, number: captured.data.orderNumber };
}

/** The newest .eml the server wrote to `to` whose subject matches, waiting for the outbox (up to 30 s). */
async function mailTo(to: string, subject: RegExp) {
  const outbox = join(dataDir, 'outbox');
  const deadline = Date.now() + 30_000;
  for (;;) {
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files) {
      const raw = readFileSync(join(outbox, file), 'utf8');
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
      const mail = parseMail(raw);
      if (subject.test(mail.subject)) return mail;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const guests = {
  phone: { email: uniqueEmail('guest-phone'), order: { id: '', number: 0 } },
  desktop: { email: uniqueEmail('guest-desktop'), order: { id: '', number: 0 } },
};
let product: Product;

describe('a guest’s order link', () => {
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('Build first: npm run build');
    dataDir = mkdtempSync(join(tmpdir(), 'emporium-e2e-order-link-'));
    await startServer();
    const list = await call<{ data: Product[] }>('/api/shop/products/get?sortBy=name-asc&limit=50');
    product = list.data.find((p) => p.totalStock > 5)!;
    for (const guest of Object.values(guests)) guest.order = await paidOrder(product);
    await stopServer();
    // What guest checkout will store: no user, the guest's e-mail (normalised), the recipient's name.
    const db = await PGlite.create({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
    for (const guest of Object.values(guests)) {
      await db.query(
        `update orders set user_id = null, guest_email = $1, recipient_name = 'Gita Guest' where id = $2`,
        [guest.email, guest.order.id],
      );
    }
    await db.close();
    await startServer();
    browser = await launch();
  }, 900_000);
  afterAll(async () => {
    await browser?.close();
    await stopServer();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: opens the order from the shipping e-mail, withdraws after delivery, claims it on verification',
    async (name, viewport) => {
      const guest = guests[name as keyof typeof guests];
      const admin = await logInApi(DEMO.admin.email, DEMO.admin.password);
      const trackingNumber = `1Z${Date.now()}`;
      await call(`/api/admin/orders/status/${guest.order.id}`, {
        method: 'PUT',
        token: admin,
        body: { orderStatus: 'Shipped', carrier: 'UPS', trackingNumber },
      });
      const mail = await mailTo(guest.email, /has shipped$/);
      expect(mail.text).toContain('Good news, Gita Guest');
      const link = linkIn(mail, '/shop/order/');
      expect(link).toMatch(new RegExp(`^${BASE}/shop/order/[A-Za-z0-9_-]{43}$`));

      const context = await browser.newContext({ baseURL: BASE, viewport });
      const page = await context.newPage();
      await page.goto(link);
      await page.getByRole('heading', { name: `Your order #${guest.order.number}` }).waitFor();
      await page
        .getByTestId('order-shipment')
        .getByText(`Shipped with UPS · Tracking ${trackingNumber}`)
        .waitFor();
      await page.getByTestId('order-timeline').locator('[data-kind="shipped"]').waitFor();
      await page.getByText(product.title, { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
      expect(page.url()).toBe(link);
      await snapScreens(page, 'order-link-shipped', name);

      await call(`/api/admin/orders/status/${guest.order.id}`, {
        method: 'PUT',
        token: admin,
        body: { orderStatus: 'Delivered' },
      });
      await page.reload();
      const actions = page.getByTestId('order-actions');
      await actions.getByText(/^You can withdraw from this contract until \w+ \d+, \d{4}$/).waitFor();
      await actions.getByRole('button', { name: 'Withdraw from contract', exact: true }).click();
      const confirmation = page.getByTestId('withdrawal-confirmation');
      await confirmation.getByText(`order #${guest.order.number}`).waitFor();
      await confirmation.getByText(`${product.title} × 1`, { exact: true }).waitFor();
      await confirmation.getByLabel('Reason (optional)').fill('Not what I expected.');
      await confirmation.scrollIntoViewIfNeeded();
      await snapScreens(page, 'order-link-withdraw', name);
      await confirmation.getByRole('button', { name: 'Confirm withdrawal' }).click();
      await page.getByText('Withdrawal sent', { exact: true }).waitFor();
      await page
        .getByTestId('order-withdrawal')
        .getByText(/^Withdrawal requested on /)
        .waitFor();
      await page.getByTestId('order-timeline').locator('[data-kind="withdrawal_requested"]').waitFor();
      await page.getByTestId('order-withdrawal').scrollIntoViewIfNeeded();
      await snapScreens(page, 'order-link-withdrawn', name);
      const ack = await mailTo(guest.email, /^We received your withdrawal/);
      expect(ack.text).toContain(`${product.title} × 1`);

      // A link that opens nothing: the one message, and the way to a new link, which answers alike.
      await page.goto(`/shop/order/${'x'.repeat(43)}`);
      await page.getByRole('alert').getByText(ORDER_LINK_INVALID).waitFor();
      await page.getByRole('link', { name: 'Find my order' }).click();
      await page.waitForURL(/\/shop\/find-order$/);
      await page.getByLabel('Email').fill(guest.email);
      await page.getByLabel('Order number').fill(`#${guest.order.number}`);
      await snapScreens(page, 'order-link-find', name);
      await page.getByRole('button', { name: 'E-mail me a link' }).click();
      await page.getByRole('status').getByText(FIND_MY_ORDER_REQUESTED).waitFor();
      const fresh = await mailTo(guest.email, /^Your link to Emporium order/);
      expect(linkIn(fresh, '/shop/order/')).not.toBe(link);
      await snapScreens(page, 'order-link-find-sent', name);

      // Later the guest registers with the same address: the order joins the account only once it is proven.
      const password = 'a long enough password';
      await call('/api/auth/register', { body: { username: 'Gita Guest', email: guest.email, password } });
      expect((await page.goto(link))?.ok()).toBe(true);
      await page.getByRole('heading', { name: `Your order #${guest.order.number}` }).waitFor();
      await page.goto(
        linkIn(await mailTo(guest.email, /^Confirm your e-mail address/), '/auth/verify-email'),
      );
      await page.getByRole('button', { name: 'Verify e-mail address' }).click();
      await page
        .getByTestId('confirm-link-note')
        .getByText('1 earlier order was added to your account', { exact: true })
        .waitFor();
      await snapScreens(page, 'order-link-claimed', name);
      await page.goto(link);
      await page.getByRole('alert').getByText(ORDER_LINK_INVALID).waitFor();
      await logIn(page, { email: guest.email, password });
      await page.goto('/shop/account');
      await page
        .getByTestId('order-row')
        .filter({ hasText: `#${guest.order.number}` })
        .waitFor();
      await snapScreens(page, 'order-link-in-history', name);
      await context.close();
    },
  );
});

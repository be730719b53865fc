/**
 * Issue 24, finding 2: a demo data folder started again as anything but the demo (ADMIN_EMAIL, or DATABASE_URL, or
 * production) no longer lets the README's demo passwords in, ends the demo accounts' sessions, and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from './seed/seed.ts';
import { prepareData } from './startup.ts';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';

let t: TestApp;
const quiet = { info: () => undefined };
const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('demo accounts left by an earlier demo run', () => {
  it('are disabled on a start with ADMIN_EMAIL: Admin123! is refused, old sessions end, the new admin signs in', async () => {
    // The earlier demo run: published passwords, and a signed-in demo admin.
    await seedDemoAccounts(t.db, t.hasher, 'published');
    const demoAdmin = DEMO_ACCOUNTS[0];
    const before = await login(demoAdmin.email, demoAdmin.password);
    expect(before.statusCode).toBe(200);
    const oldToken = before.json().token as string;

    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://shop.test',
      DATA_DIR: t.config.dataDir,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'owner@example.com',
      ADMIN_PASSWORD: 'a long owner passphrase',
    });
    expect(config.demoAccounts).toBe(false);
    const accounts = await prepareData(
      { config, database: t.database, images: t.images, hasher: t.hasher },
      quiet,
    );
    expect(accounts.demo).toEqual([]);
    expect(accounts.disabled.sort()).toEqual(DEMO_ACCOUNTS.map((a) => a.email).sort());

    for (const account of DEMO_ACCOUNTS) {
      expect((await login(account.email, account.password)).statusCode).toBe(401);
    }
    const checked = await t.app.inject({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { authorization: `Bearer ${oldToken}` },
    });
    expect(checked.statusCode).toBe(401);
    expect((await login('owner@example.com', 'a long owner passphrase')).statusCode).toBe(200);
  });

  it('an admin who chose a demo e-mail keeps the password they set', async () => {
    await seedDemoAccounts(t.db, t.hasher, 'published');
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://shop.test',
      DATA_DIR: t.config.dataDir,
      SEED_DEMO: 'false',
      ADMIN_EMAIL: 'admin@emporium.test',
      ADMIN_PASSWORD: 'my own admin passphrase',
    });
    const accounts = await prepareData(
      { config, database: t.database, images: t.images, hasher: t.hasher },
      quiet,
    );
    expect(accounts.disabled).not.toContain('admin@emporium.test');
    expect((await login('admin@emporium.test', 'Admin123!')).statusCode).toBe(401);
    expect((await login('admin@emporium.test', 'my own admin passphrase')).statusCode).toBe(200);
  });
});

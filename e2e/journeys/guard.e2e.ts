/** Journey: the access guard of spec §4 for a visitor, a shopper and an admin; the not-found page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, logIn, DEMO } from '../support/browser.ts';

describe('access guard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(['/', '/shop/home', '/shop/listing', '/admin/dashboard', '/shop/account'])(
    'sends a visitor on %s to the login screen',
    async (path) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await page.goto(path);
      await page.waitForURL('**/auth/login');
      await page.getByText('Sign In to your account').waitFor();
      await context.close();
    },
  );

  it('sends a shopper on an admin path to /unauth-page, and away from login', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.alice);
    expect(new URL(page.url()).pathname).toBe('/shop/home');
    await page.goto('/admin/products');
    await page.waitForURL('**/unauth-page');
    await page.getByText('You are not authorized to access this page!').waitFor();
    await page.goto('/auth/login');
    await page.waitForURL('**/shop/home');
    await context.close();
  });

  it('sends an admin on a shop path to the dashboard', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.admin);
    await page.waitForURL('**/admin/dashboard');
    await page.goto('/shop/listing');
    await page.waitForURL('**/admin/dashboard');
    await context.close();
  });

  it('shows "Page does not exist" for an unknown path', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await logIn(page, DEMO.bob);
    await page.goto('/no/such/page');
    await page.getByText('Page does not exist').waitFor();
    await context.close();
  });
});

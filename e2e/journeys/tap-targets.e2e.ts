/**
 * Journey (issue 40, item 11): on a phone every tap target is at least 44 × 44 px. At 360 px (and 1366 px, where the
 * page must still fit): the login and register screens (their "Register", "Login" and "Forgot password?" links), the
 * shop header's buttons, the e-mail banner's "Resend", the listing's sort button and its items, the navigation
 * drawer's links, and the account's sessions, which "Sign out everywhere else" empties of the other devices at once.
 * No page is wider than its viewport; screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, newContext, VIEWPORTS } from '../support/browser.ts';
import { expectNoSidewaysScroll, snapScreens } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';
import { sizeOf, smallTargets, TAP_MIN } from '../support/tap-targets.ts';

/** Expects the target to be at least TAP_MIN in both directions (on a phone). */
async function expectTapSized(
  page: Page,
  name: string,
  phone: boolean,
  size: { width: number; height: number },
) {
  if (!phone) return;
  expect(size.width, `${name}: width`).toBeGreaterThanOrEqual(TAP_MIN);
  expect(size.height, `${name}: height`).toBeGreaterThanOrEqual(TAP_MIN);
  await expectNoSidewaysScroll(page, name);
}

describe('tap targets on a phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))('at %s size', async (size, viewport) => {
    const phone = size === 'phone';
    const context = await newContext(browser, viewport);
    const page = await context.newPage();

    // The auth screens.
    await page.goto('/auth/login');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.waitFor();
    for (const name of ['Register', 'Forgot password?']) {
      await expectTapSized(page, name, phone, await sizeOf(page.getByRole('link', { name, exact: true })));
    }
    if (phone) expect(await smallTargets(page)).toEqual([]);
    await snapScreens(page, 'tap-targets-login', size);
    await page.getByRole('link', { name: 'Register', exact: true }).click();
    await page.waitForURL('**/auth/register');
    await expectTapSized(
      page,
      'Login',
      phone,
      await sizeOf(page.getByRole('link', { name: 'Login', exact: true })),
    );
    if (phone) expect(await smallTargets(page)).toEqual([]);

    // The header and the e-mail banner of a new shopper.
    const shopper = await freshShopper(page);
    const header = page.locator('header').first();
    for (const name of ['Search', /^Cart, /, 'Account menu', 'Toggle header menu']) {
      const target = header.getByRole(name === 'Search' ? 'link' : 'button', { name });
      if (!(await target.isVisible())) continue;
      await expectTapSized(page, String(name), phone, await sizeOf(target));
    }
    if (phone) expect(await smallTargets(page, header)).toEqual([]);
    const resend = page.getByRole('button', { name: 'Resend' });
    await expectTapSized(page, 'Resend', phone, await sizeOf(resend));
    await snapScreens(page, 'tap-targets-home', size);

    // The listing's sort button and its items.
    await page.goto('/shop/listing');
    const sort = page.getByRole('button', { name: /^Sort by/ });
    await expectTapSized(page, 'Sort by', phone, await sizeOf(sort));
    await sort.click();
    const menu = page.getByRole('menu');
    await menu.getByRole('menuitemradio').first().waitFor();
    for (const item of await menu.getByRole('menuitemradio').all()) {
      await expectTapSized(page, `sort item ${await item.textContent()}`, phone, await sizeOf(item));
    }
    await snapScreens(page, 'tap-targets-sort', size);
    await page.keyboard.press('Escape');

    // The navigation drawer (below 1280 px).
    if (phone) {
      await page.getByRole('button', { name: 'Toggle header menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await drawer.getByRole('link', { name: 'Home', exact: true }).waitFor();
      expect(await drawer.getByRole('link').count()).toBe(12);
      expect(await smallTargets(page, drawer)).toEqual([]);
      await snapScreens(page, 'tap-targets-drawer', size);
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'detached' });
    }

    // Sessions: a second device signs in; "Sign out everywhere else" leaves only this one, without a reload.
    const other = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseURL(), 'user-agent': 'Other Device' },
      body: JSON.stringify({ email: shopper.email, password: shopper.password }),
    });
    expect(other.status).toBe(200);
    await page.goto('/shop/account');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const sessions = page.getByRole('list', { name: 'Active sessions' });
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(2);
    const signOutAll = page.getByRole('button', { name: 'Sign out everywhere else' });
    await signOutAll.scrollIntoViewIfNeeded();
    await expectTapSized(page, 'Sign out everywhere else', phone, await sizeOf(signOutAll));
    await signOutAll.click();
    await expect.poll(() => sessions.getByRole('listitem').count()).toBe(1);
    await sessions.getByText('This device').waitFor();
    expect(await signOutAll.isDisabled()).toBe(true);
    await snapScreens(page, 'tap-targets-sessions', size);
    await context.close();
  });
});

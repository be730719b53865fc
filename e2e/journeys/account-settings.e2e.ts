/**
 * Journeys: the Settings tab of the Account page (issue 25). A shopper signs out everywhere from a second browser
 * and the first one's next page load lands on the login page; changes the password (and the e-mail, through the link
 * mailed to the new address); deletes the account with the password and cannot sign in again. At 360 and 1366 px;
 * no screen scrolls sideways.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, logIn, newContext, snap, uniqueEmail, VIEWPORTS } from '../support/browser.ts';
import { freshShopper } from '../support/shopper.ts';
import { latestMail } from '../support/mailbox.ts';

/** The page fits the window: nothing scrolls sideways. */
async function fits(page: Page, label: string): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${label}: no sideways scroll`).toBeLessThanOrEqual(innerWidth);
}

/** Opens the Account page's Settings tab and waits for the session list. */
async function openSettings(page: Page): Promise<void> {
  await page.goto('/shop/account');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('heading', { name: 'Active sessions' }).waitFor();
  await page.getByText('This device').waitFor();
}

/** Tries the login screen and answers whether it reached the shop. */
async function canLogIn(page: Page, email: string, password: string): Promise<boolean> {
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/password/i).fill(password);
  await page.getByRole('button', { name: 'Log In' }).click();
  const landed = await page
    .waitForURL(/\/shop\/home/, { timeout: 5_000 })
    .then(() => true)
    .catch(() => false);
  return landed;
}

const sizes = Object.entries(VIEWPORTS) as Array<[string, { width: number; height: number }]>;

describe('account settings', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(sizes)('signs out everywhere from a second browser (%s)', async (size, viewport) => {
    const first = await newContext(browser, viewport);
    const firstPage = await first.newPage();
    const shopper = await freshShopper(firstPage, 'Sam Sessions');
    const second = await newContext(browser, viewport);
    const secondPage = await second.newPage();
    await logIn(secondPage, shopper);

    await openSettings(secondPage);
    await secondPage
      .getByRole('button', { name: /^Sign out (?!everywhere)/ })
      .first()
      .waitFor();
    await fits(secondPage, `settings ${size}`);
    await snap(secondPage, `account-settings-sessions-${size}`);
    await secondPage.getByRole('button', { name: 'Sign out everywhere else' }).click();
    await secondPage.getByText('Signed out of 1 other device').first().waitFor();
    await expect
      .poll(() => secondPage.getByRole('button', { name: 'Sign out everywhere else' }).isDisabled())
      .toBe(true);

    // The first browser's next navigation finds its session gone.
    await firstPage.goto('/shop/account');
    await firstPage.waitForURL('**/auth/login');
    // The second stays signed in.
    await secondPage.reload();
    await secondPage.getByRole('tab', { name: 'Settings' }).waitFor();
    expect(new URL(secondPage.url()).pathname).toBe('/shop/account');
    await first.close();
    await second.close();
  });

  it.each(sizes)('changes the password and the e-mail (%s)', async (size, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const shopper = await freshShopper(page, 'Chris Change');
    await openSettings(page);

    await page.locator('#current-password').fill('a wrong password');
    await page.getByLabel('New password').fill('a fresh new password 7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is incorrect').waitFor();
    await page.locator('#current-password').fill(shopper.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed. Other devices were signed out.').first().waitFor();
    await fits(page, `password changed ${size}`);
    await snap(page, `account-settings-password-${size}`);

    const newEmail = uniqueEmail('moved');
    const since = new Date();
    await page.getByLabel('New e-mail').fill(newEmail);
    await page.locator('#email-password').fill('a fresh new password 7');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByText(`We sent a confirmation link to ${newEmail}`).waitFor();
    const mail = await latestMail(newEmail, /Confirm your new/, { since });
    const link = new URL(mail.text.match(/https?:\/\/\S+confirm-email\?token=\S+/)![0]);
    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
    await page.getByText(`Your e-mail address is now ${newEmail}`).waitFor();
    await fits(page, `e-mail confirmed ${size}`);
    await snap(page, `account-settings-email-confirmed-${size}`);
    await context.close();

    const fresh = await newContext(browser, viewport);
    const again = await fresh.newPage();
    expect(await canLogIn(again, shopper.email, 'a fresh new password 7')).toBe(false);
    expect(await canLogIn(again, newEmail, 'a fresh new password 7')).toBe(true);
    await fresh.close();
  });

  it.each(sizes)('deletes the account with the password (%s)', async (size, viewport) => {
    const context = await newContext(browser, viewport);
    const page = await context.newPage();
    const shopper = await freshShopper(page, 'Dana Departing');
    await openSettings(page);

    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await dialog.getByText('Your current password is incorrect').waitFor();
    await fits(page, `delete dialog ${size}`);
    await snap(page, `account-settings-delete-${size}`);
    await dialog.getByLabel('Password').fill(shopper.password);
    await dialog.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    expect(await canLogIn(page, shopper.email, shopper.password)).toBe(false);
    await page.getByText('Incorrect email or password').first().waitFor();
    await context.close();
  });
});

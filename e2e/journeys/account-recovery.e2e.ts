/**
 * Journey (issue 25): a shopper who forgot the password asks for a link from the login page, opens the link from
 * the e-mail (read from the local SMTP server of the global setup), chooses a new password and signs in with it; the
 * old one no longer works. Also: the unverified-address banner in the shop and the verification link. At 360 and
 * 1366 px no page scrolls sideways; screenshots go to e2e/artifacts/account-recovery-*.png.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, launch, logIn, newContext, snap, uniqueEmail, VIEWPORTS } from '../support/browser.ts';
import { latestMail, linkIn } from '../support/mailbox.ts';

async function noSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

async function register(email: string, password: string): Promise<void> {
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ username: 'Robin Reset', email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
}

describe('account recovery', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [name, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ] as const) {
    it(`forgot password → link from the e-mail → new password → signed in (${name})`, async () => {
      const email = uniqueEmail('reset');
      await register(email, 'the old password 1');
      const context = await newContext(browser, viewport);
      const page = await context.newPage();

      await page.goto('/auth/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.waitForURL('**/auth/forgot-password');
      await page.getByLabel('Email').fill(email);
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-forgot-${name}`);
      const asked = new Date();
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await page.getByText('If an account exists for that address, we sent a link').waitFor();
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-sent-${name}`);

      const mail = await latestMail(email, /^Reset your Emporium password$/, { since: asked });
      const link = linkIn(mail, '/auth/reset-password');
      expect(new URL(link).origin).toBe(baseURL());
      expect(mail.html).toContain('Choose a new password');

      const response = await page.goto(link);
      // The page holding the token in its address sends no Referer anywhere.
      expect(response?.headers()['referrer-policy']).toBe('no-referrer');
      await page.getByLabel('New password', { exact: true }).fill('my fresh passphrase 2');
      await page.getByLabel('Confirm new password').fill('my fresh passphrase 2');
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-reset-${name}`);
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.waitForURL('**/auth/login');
      await page.getByText('Password changed').first().waitFor();
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-login-${name}`);

      await logIn(page, { email, password: 'my fresh passphrase 2' });
      expect(new URL(page.url()).pathname).toBe('/shop/home');
      // The link reached the mailbox: the address counts as verified, so no banner.
      expect(await page.getByRole('region', { name: 'E-mail verification' }).count()).toBe(0);

      // The link is spent, and the old password is gone.
      await page.goto(link);
      await page.getByLabel('New password', { exact: true }).fill('a third passphrase 3');
      await page.getByLabel('Confirm new password').fill('a third passphrase 3');
      await page.getByRole('button', { name: 'Change password' }).click();
      await page.getByText('This password reset link is invalid, already used or expired').waitFor();
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-spent-${name}`);
      const old = await fetch(`${baseURL()}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseURL() },
        body: JSON.stringify({ email, password: 'the old password 1' }),
      });
      expect(old.status).toBe(401);
      await context.close();
    });

    it(`an unverified shopper sees the banner, resends, and verifies from the e-mail (${name})`, async () => {
      const email = uniqueEmail('verify');
      await register(email, 'a verify password 1');
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, { email, password: 'a verify password 1' });
      const banner = page.getByRole('region', { name: 'E-mail verification' });
      await banner.waitFor();
      const asked = new Date();
      await banner.getByRole('button', { name: 'Resend' }).click();
      await banner.getByText(`We sent a new verification link to ${email}.`).waitFor();
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-banner-${name}`);

      const mail = await latestMail(email, /^Confirm your e-mail address/, { since: asked });
      await page.goto(linkIn(mail, '/auth/verify-email'));
      await page.getByRole('button', { name: 'Verify e-mail address' }).click();
      await page.getByText(`Your e-mail address ${email} is verified.`).waitFor();
      await noSidewaysScroll(page);
      await snap(page, `account-recovery-verified-${name}`);

      await page.goto('/shop/home');
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
      expect(await page.getByRole('region', { name: 'E-mail verification' }).count()).toBe(0);
      await context.close();
    });
  }
});

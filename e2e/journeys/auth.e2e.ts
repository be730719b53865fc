/** Journey: a visitor registers, signs in, lands on the shop home and signs out (spec §2 auth screens, §4 auth). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, newContext, uniqueEmail, logIn, DEMO } from '../support/browser.ts';

describe('register and log in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('registers, is sent to login with a toast, logs in to /shop/home and logs out', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    const email = uniqueEmail();

    await page.goto('/auth/register');
    await page.getByText('Create new account').waitFor();
    await page.getByLabel(/user ?name/i).fill('Dana Shopper');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel(/password/i).fill('correct horse 42');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL('**/auth/login');
    await page.getByText('Registration Successful').first().waitFor();

    await logIn(page, { email, password: 'correct horse 42' });
    expect(new URL(page.url()).pathname).toBe('/shop/home');
    await page.getByText('Login successful').first().waitFor();

    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByText('Logged in as Dana Shopper').waitFor();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/auth/login');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();

    await page.goto('/shop/home');
    await page.waitForURL('**/auth/login');
    await context.close();
  });

  it('shows "Login failed" with the server message for a wrong password', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/login');
    await page.getByLabel(/email/i).fill(DEMO.bob.email);
    await page.getByLabel(/password/i).fill('not the password');
    await page.getByRole('button', { name: 'Log In' }).click();
    await page.getByText('Login failed').first().waitFor();
    await page.getByText('Incorrect email or password').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await context.close();
  });

  it('refuses a second account with the same e-mail in another letter case', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    await page.goto('/auth/register');
    await page.getByLabel(/user ?name/i).fill('Copycat');
    await page.getByLabel(/email/i).fill(DEMO.alice.email.toUpperCase());
    await page.getByLabel(/password/i).fill('another password 1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByText('Registration Failed').first().waitFor();
    await page.getByText('User already exists with same email').first().waitFor();
    await context.close();
  });
});

/**
 * Journey: two-factor sign-in for the demo admin (issue 25). The admin opens Security in the admin area, enrols
 * (reads the manual key from the page; the test computes the codes like an authenticator app would, with otplib),
 * saves the recovery codes, signs out, signs in with the password and a code (desktop) or a recovery code (phone),
 * then turns two-factor off again. Other journeys sign in as this admin with the password alone, so turning it off
 * is also done through the API in `finally` when the journey stopped half-way.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, DEMO, launch, newContext, snap, VIEWPORTS } from '../support/browser.ts';

/** The page does not scroll sideways (its content fits the viewport's width). */
async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/**
 * An authenticator app for `secret` that never repeats a time step (the server refuses a used one): each code is of
 * the earliest step the server still takes (it accepts now-1 to now+1) after the last one given, waiting when the
 * next free step is still more than one ahead.
 */
function authenticator(secret: string) {
  let last = -Infinity;
  return async (): Promise<string> => {
    const now = Date.now() / 30_000;
    const current = Math.floor(now);
    // The previous step only while the current one has over 5 seconds left, so it is still taken on arrival.
    const earliest = now - current < 25 / 30 ? current - 1 : current;
    const step = Math.max(last + 1, earliest);
    if (step > current + 1) await new Promise((r) => setTimeout(r, (step - 1) * 30_000 - Date.now() + 500));
    last = step;
    return generate({ secret, epoch: step * 30 + 1 });
  };
}

async function api<T>(path: string, body: object, token?: string): Promise<{ status: number; json: T }> {
  const res = await fetch(new URL(path, baseURL()), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

/** Turns the demo admin's two-factor off through the API (a recovery code for the sign-in, then a code). */
async function disableThroughApi(nextCode: () => Promise<string>, recoveryCode: string | undefined) {
  const login = await api<{ token?: string; challenge?: string }>('/api/auth/login', {
    email: DEMO.admin.email,
    password: DEMO.admin.password,
  });
  let token = login.json.token;
  if (!token && login.json.challenge) {
    const second = await api<{ token?: string }>(
      '/api/auth/login/two-factor',
      recoveryCode
        ? { challenge: login.json.challenge, recoveryCode }
        : { challenge: login.json.challenge, code: await nextCode() },
    );
    token = second.json.token;
  }
  if (!token) throw new Error('could not sign the demo admin in to turn two-factor off');
  const off = await api(
    '/api/account/two-factor/disable',
    { password: DEMO.admin.password, code: await nextCode() },
    token,
  );
  // 409: it was not on (the journey stopped before enrolling).
  if (off.status !== 200 && off.status !== 409) throw new Error(`disable answered ${off.status}`);
}

describe('two-factor sign-in', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    it(`the admin enrols, signs out, signs in with a ${name === 'phone' ? 'recovery code' : 'code'} and turns it off (${name})`, async () => {
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      let nextCode: (() => Promise<string>) | undefined;
      let recoveryCodes: string[] = [];
      let enabled = false;
      try {
        await page.goto('/auth/login');
        await page.getByLabel('Email').fill(DEMO.admin.email);
        await page.getByLabel('Password').fill(DEMO.admin.password);
        await page.getByRole('button', { name: 'Log In' }).click();
        await page.waitForURL(/\/admin\/dashboard/);

        // Security, from the admin navigation (the drawer on a phone).
        if (name === 'phone') await page.getByRole('button', { name: 'Toggle admin menu' }).click();
        await page
          .getByRole('navigation', { name: 'Admin' })
          .getByRole('link', { name: 'Security' })
          .last()
          .click();
        await page.waitForURL(/\/admin\/security/);
        await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
        await page.getByLabel('Current password').fill(DEMO.admin.password);
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();

        const qr = page.getByRole('img', { name: /QR code/ });
        await qr.waitFor();
        expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;base64,/);
        const manualKey = (await page.getByTestId('two-factor-manual-key').textContent())!.replace(
          /\s+/g,
          '',
        );
        expect(manualKey).toMatch(/^[A-Z2-7]{32}$/);
        nextCode = authenticator(manualKey);
        await expectNoSidewaysScroll(page);
        await snap(page, `two-factor-setup-${name}`);

        await page.getByLabel('Enter the 6-digit code from your authenticator app').fill(await nextCode());
        await page.getByRole('button', { name: 'Turn on' }).click();
        const list = page.getByRole('list', { name: 'Recovery codes' });
        await list.waitFor();
        enabled = true;
        recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
        expect(recoveryCodes).toHaveLength(10);
        await expectNoSidewaysScroll(page);
        await snap(page, `two-factor-recovery-codes-${name}`);
        await page.getByRole('button', { name: 'I have saved them' }).click();
        await page.getByText(/Two-factor sign-in is on\. 10 of 10 recovery codes left/).waitFor();

        // Sign out, then the password alone is not enough.
        await page.getByRole('button', { name: 'Logout' }).click();
        await page.waitForURL(/\/auth\/login/);
        await page.getByLabel('Email').fill(DEMO.admin.email);
        await page.getByLabel('Password').fill(DEMO.admin.password);
        await page.getByRole('button', { name: 'Log In' }).click();
        const codeField = page.getByLabel('Enter the 6-digit code from your authenticator app');
        await codeField.waitFor();
        await expectNoSidewaysScroll(page);
        await snap(page, `two-factor-login-step-${name}`);
        if (name === 'phone') {
          await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
          await page.getByLabel('Enter one of your recovery codes').fill(recoveryCodes[0]!);
        } else {
          await codeField.fill(await nextCode());
        }
        await page.getByRole('button', { name: 'Verify' }).click();
        await page.waitForURL(/\/admin\/dashboard/);
        await page.getByText('Login successful', { exact: true }).first().waitFor();

        // Off again, from the Security page.
        await page.goto('/admin/security');
        const off = page.getByRole('form', { name: 'Turn off two-factor sign-in' });
        await off.getByLabel('Current password').fill(DEMO.admin.password);
        await off.getByLabel('Code from your authenticator app').fill(await nextCode());
        await expectNoSidewaysScroll(page);
        await snap(page, `two-factor-enabled-${name}`);
        await off.getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
        await page.getByRole('button', { name: 'Set up two-factor sign-in' }).waitFor();
        enabled = false;
      } finally {
        await context.close();
        if (enabled && nextCode) await disableThroughApi(nextCode, recoveryCodes.at(-1));
      }
    });
  }
});

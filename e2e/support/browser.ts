/**
 * Playwright (playwright-core) driving Debian's Chromium, plus the small helpers every journey uses.
 */
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const artifacts = join(dirname(fileURLToPath(import.meta.url)), '..', 'artifacts');

export const DEMO = {
  admin: { email: 'admin@emporium.test', password: 'Admin123!', name: 'Admin' },
  alice: { email: 'alice@emporium.test', password: 'Shopper123!', name: 'Alice' },
  bob: { email: 'bob@emporium.test', password: 'Shopper123!', name: 'Bob' },
} as const;

export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1366, height: 900 },
} as const;

export function baseURL(): string {
  return inject('baseURL');
}

export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** A fresh context (own storage and cookies) at the given viewport, with the app's base URL. */
export async function newContext(
  browser: Browser,
  viewport: { width: number; height: number } = VIEWPORTS.desktop,
): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport });
}

/** Signs in through the login screen and waits for the landing page. */
export async function logIn(page: Page, user: { email: string; password: string }): Promise<void> {
  await page.goto('/auth/login');
  await page.getByLabel(/email/i).fill(user.email);
  await page.getByLabel(/password/i).fill(user.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await page.waitForURL(/\/(shop\/home|admin\/dashboard)/);
}

/** Saves a full-page screenshot under e2e/artifacts/ for a person to look at. */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: false });
}

/** A unique e-mail address for a throwaway shopper. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

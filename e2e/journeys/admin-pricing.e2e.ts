/**
 * Journey (issue 27): the admin sets up checkout pricing through the admin pages. At 360 and 1366 px: adds a
 * shipping method (Iceland only, price, free above, 2–4 days), a tax rate (Iceland, a region of its own, 24 %),
 * switches "Prices include tax" and back, adds a discount code (15 % off, minimum subtotal, dates, limits,
 * Electronics only), is refused a second code with the same text and deactivates the code through Edit; sees each
 * listed; then deletes all three through the pages. Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 * The journeys share one database: whatever a failed run leaves is removed through the API afterwards, so other
 * journeys' totals hold.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { adminToken, snapScreens } from '../support/purchase.ts';

/** Calls the admin API with the demo admin's token; resolves with the JSON answer. */
async function adminCall<T>(path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL()}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await adminToken()}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as T;
}

/** Removes what a run named with `stamp` left behind, and puts the tax setting back as it was (`includesTax`). */
async function removeLeftovers(stamp: string, includesTax: boolean): Promise<void> {
  type List<T> = { data: T };
  const methods = await adminCall<List<Array<{ _id: string; name: string }>>>('/api/admin/shipping-methods');
  for (const m of methods.data.filter((m) => m.name.includes(stamp))) {
    await adminCall(`/api/admin/shipping-methods/${m._id}`, 'DELETE');
  }
  const taxes =
    await adminCall<List<{ rates: Array<{ _id: string; region: string }> }>>('/api/admin/tax-rates');
  for (const r of taxes.data.rates.filter((r) => r.region.includes(stamp))) {
    await adminCall(`/api/admin/tax-rates/${r._id}`, 'DELETE');
  }
  const codes = await adminCall<List<Array<{ _id: string; code: string }>>>('/api/admin/discount-codes');
  for (const c of codes.data.filter((c) => c.code.includes(stamp))) {
    await adminCall(`/api/admin/discount-codes/${c._id}`, 'DELETE');
  }
  await adminCall('/api/admin/tax-settings', 'PUT', { pricesIncludeTax: includesTax });
}

/** A `datetime-local` value `days` from now at 09:00 in the browser's (and this process's) time zone. */
function localDay(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T09:00`;
}

/** Opens an admin page: through the side navigation on a desktop, by its address on a phone (the nav is a sheet). */
async function open(page: Page, label: string, path: string, desktop: boolean): Promise<void> {
  if (desktop)
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: label }).click();
  else await page.goto(path);
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}

/** Waits for the toast saying `title`. */
const toastSays = (page: Page, title: string) => page.getByText(title, { exact: true }).first().waitFor();

/** Deletes the row's item through its Delete button and the confirmation. */
async function deleteRow(page: Page, rowTestId: string, text: string, confirmLabel: string, toast: string) {
  const row = page.getByTestId(rowTestId).filter({ hasText: text });
  await row.getByRole('button', { name: /^Delete / }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: confirmLabel }).click();
  await toastSays(page, toast);
  await row.waitFor({ state: 'detached' });
}

describe('admin sets up shipping, taxes and discount codes', () => {
  let browser: Browser;
  const stamps: string[] = [];
  /** The shop's tax setting before the journey, restored afterwards. */
  let includesTax = false;
  beforeAll(async () => {
    browser = await launch();
    type Settings = { data: { settings: { pricesIncludeTax: boolean } } };
    includesTax = (await adminCall<Settings>('/api/admin/tax-rates')).data.settings.pricesIncludeTax;
  });
  afterAll(async () => {
    for (const stamp of stamps) await removeLeftovers(stamp, includesTax);
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: creates a method, a rate and a code, sees them listed, and deletes them',
    async (name, viewport) => {
      const stamp = String(Date.now() % 100000);
      stamps.push(stamp);
      const desktop = name === 'desktop';
      const methodName = `Iceland Post ${stamp}`;
      const region = `Region ${stamp}`;
      const code = `SAVE${stamp}`;

      const context = await newContext(browser, viewport);
      const admin = await context.newPage();
      await logIn(admin, DEMO.admin);

      // Shipping: a method for Iceland only.
      await open(admin, 'Shipping', '/admin/shipping', desktop);
      await admin.getByRole('button', { name: 'Add shipping method' }).click();
      const shipping = admin.getByRole('dialog', { name: 'Add shipping method' });
      await shipping.getByLabel('Name').fill(methodName);
      await shipping.getByLabel('Price ($)').fill('4.99');
      await shipping.getByLabel('Free above ($)').fill('60');
      await shipping.getByLabel('Delivery from').fill('2');
      await shipping.getByLabel('Delivery to').fill('4');
      await shipping.getByLabel('Countries').selectOption('IS');
      await shipping.getByRole('list', { name: 'Chosen countries' }).getByText('Iceland').waitFor();
      await snapScreens(admin, 'admin-pricing-shipping-dialog', name);
      await shipping.getByRole('button', { name: 'Add method' }).click();
      await shipping.waitFor({ state: 'detached' });
      await toastSays(admin, 'Shipping method added');
      const methodRow = admin.getByTestId('shipping-row').filter({ hasText: methodName });
      const methodText = await methodRow.innerText();
      for (const part of ['Iceland', '$4.99', '$60.00', '2–4 days', 'Active'])
        expect(methodText).toContain(part);
      await snapScreens(admin, 'admin-pricing-shipping', name);

      // Taxes: a rate for a region of Iceland; the tax setting on and off again.
      await open(admin, 'Taxes', '/admin/taxes', desktop);
      const includes = admin.getByRole('checkbox', { name: 'Prices include tax' });
      await expect.poll(() => includes.isEnabled()).toBe(true);
      const [on, off] = ['Prices now include tax', 'Tax is now added to prices'];
      await includes.click();
      await toastSays(admin, includesTax ? off : on);
      await includes.click();
      await toastSays(admin, includesTax ? on : off);
      await expect.poll(() => includes.getAttribute('aria-checked')).toBe(String(includesTax));
      await admin.getByRole('button', { name: 'Add tax rate' }).click();
      const tax = admin.getByRole('dialog', { name: 'Add tax rate' });
      await tax.getByLabel('Country').selectOption('IS');
      await tax.getByLabel('Region or state').fill(region);
      await tax.getByLabel('Name').fill('VAT');
      await tax.getByLabel('Rate (%)').fill('24');
      await tax.getByRole('button', { name: 'Add rate' }).click();
      await tax.waitFor({ state: 'detached' });
      await toastSays(admin, 'Tax rate added');
      const rateText = await admin.getByTestId('tax-row').filter({ hasText: region }).innerText();
      for (const part of ['Iceland (IS)', 'VAT', '24 %']) expect(rateText).toContain(part);
      await snapScreens(admin, 'admin-pricing-taxes', name);

      // Discounts: a code, then the same text again (refused).
      await open(admin, 'Discounts', '/admin/discounts', desktop);
      await admin.getByRole('button', { name: 'Add discount code' }).click();
      const discount = admin.getByRole('dialog', { name: 'Add discount code' });
      await discount.getByLabel('Code').fill(code.toLowerCase());
      await discount.getByLabel('Percent (%)').fill('15');
      await discount.getByLabel('Minimum subtotal ($)').fill('50');
      await discount.getByLabel('Starts').fill(localDay(-1));
      await discount.getByLabel('Ends').fill(localDay(30));
      await discount.getByLabel('Total uses').fill('100');
      await discount.getByLabel('Uses per customer').fill('1');
      await discount.locator('summary').filter({ hasText: 'Only these categories' }).click();
      await discount.getByRole('checkbox', { name: 'Electronics' }).click();
      await snapScreens(admin, 'admin-pricing-discount-dialog', name);
      await discount.getByRole('button', { name: 'Add code' }).click();
      await discount.waitFor({ state: 'detached' });
      await toastSays(admin, `Code ${code} added`);
      const codeText = await admin.getByTestId('discount-row').filter({ hasText: code }).innerText();
      for (const part of [
        '15 % off',
        'Subtotal from $50.00',
        'Only Electronics',
        '0 / 100',
        '$0.00',
        'Active',
      ]) {
        expect(codeText).toContain(part);
      }
      await snapScreens(admin, 'admin-pricing-discounts', name);

      await admin.getByRole('button', { name: 'Add discount code' }).click();
      const again = admin.getByRole('dialog', { name: 'Add discount code' });
      await again.getByLabel('Code').fill(code);
      await again.getByLabel('Percent (%)').fill('5');
      await again.getByRole('button', { name: 'Add code' }).click();
      await toastSays(admin, `The code ${code} already exists.`);
      await again.getByRole('button', { name: 'Cancel' }).click();
      await again.waitFor({ state: 'detached' });

      // Deactivated through Edit: the form holds what was saved, and the row then says Inactive.
      const codeRow = admin.getByTestId('discount-row').filter({ hasText: code });
      await codeRow.getByRole('button', { name: `Edit ${code}` }).click();
      const edit = admin.getByRole('dialog', { name: `Edit ${code}` });
      expect(await edit.getByLabel('Percent (%)').inputValue()).toBe('15');
      expect(await edit.getByLabel('Ends').inputValue()).toBe(localDay(30));
      await edit.getByRole('checkbox', { name: 'Active (shoppers can use it)' }).click();
      await edit.getByRole('button', { name: 'Save' }).click();
      await edit.waitFor({ state: 'detached' });
      await toastSays(admin, `Code ${code} updated`);
      await codeRow.getByText('Inactive', { exact: true }).waitFor();

      // Everything made here is deleted through the pages, so other journeys' totals are not changed.
      await deleteRow(admin, 'discount-row', code, 'Delete Code', `Code ${code} deleted`);
      await open(admin, 'Taxes', '/admin/taxes', desktop);
      await deleteRow(admin, 'tax-row', region, 'Delete Rate', 'Tax rate deleted');
      await open(admin, 'Shipping', '/admin/shipping', desktop);
      await deleteRow(admin, 'shipping-row', methodName, 'Delete Method', 'Shipping method deleted');
      await context.close();
    },
  );
});

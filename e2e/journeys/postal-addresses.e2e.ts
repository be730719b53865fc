/**
 * Journey (issue 40, items 5 and 10): a German address with a recipient's name is printed whole everywhere, at 360
 * and 1366 px. The shopper adds it through the address dialog (with the optional Full name), and sees the name and
 * "Germany" (and "10115 Berlin", no state: Germany prints none) in the checkout's "Delivering to", the payment
 * success summary, and the order's details opened from the e-mails' link (`/shop/account?order=<id>`, also when it is
 * opened signed out: it survives the sign-in); the admin's order details print the same. Nothing scrolls sideways;
 * screenshots at 360, 768 and 1366 px.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { baseURL, DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { addToCart, productInStock, registerShopper, snapScreens } from '../support/purchase.ts';

const NAME = 'Erika Mustermann';
const PHONE = '+49 30 1234567';
/** The address as `postalAddressLines` prints it for Germany, then the phone. */
const PRINTED = [NAME, '7 Lindenstraße', '10115 Berlin', 'Germany', PHONE];

/** Adds the German address with the recipient's name through the Add New Address dialog. */
async function addGermanAddress(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Address' });
  await dialog.getByLabel('Full name').fill(NAME);
  await dialog.getByLabel('Address', { exact: true }).fill('7 Lindenstraße');
  await dialog.getByLabel('City').fill('Berlin');
  await dialog.getByLabel('State').fill('BE');
  await dialog.getByLabel('Pincode').fill('10115');
  await dialog.getByLabel('Phone').fill(PHONE);
  await dialog.getByLabel('Country').selectOption('DE');
  await dialog.getByLabel('Additional Notes').fill('Leave with the neighbour');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** The printed address's lines, one per block line. */
async function linesOf(address: Locator): Promise<string[]> {
  return address.locator(':scope > span').allTextContents();
}

describe('whole postal addresses', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the name and Germany in the checkout, payment success, order details and admin details',
    async (name, viewport) => {
      const shopper = await registerShopper(`Erika ${name}`);
      await addToCart(shopper, (await productInStock())._id);
      const context = await newContext(browser, viewport);
      const page = await context.newPage();
      await logIn(page, shopper);

      await page.goto('/shop/checkout');
      await page.getByText('No addresses found. Add a new address to continue.').waitFor();
      await addGermanAddress(page);
      const card = page.getByTestId('address-card');
      await card.getByText(`Full name: ${NAME}`).waitFor();
      const delivering = page.getByTestId('delivering-to');
      await expect
        .poll(() => delivering.textContent())
        .toBe(`Delivering to: ${NAME}, 7 Lindenstraße, 10115 Berlin, Germany`);
      await snapScreens(page, 'postal-address-checkout', name);

      const place = page.getByRole('button', { name: 'Place Order' });
      await expect.poll(() => place.isEnabled()).toBe(true);
      await place.click();
      await page.waitForURL(/\/sandbox\/pay\//);
      await page.getByRole('button', { name: /^Pay / }).click();
      await page.waitForURL('**/shop/payment-success');
      const summary = page.getByTestId('payment-summary').locator('address');
      await summary.waitFor();
      expect(await linesOf(summary)).toEqual(PRINTED);
      await summary.scrollIntoViewIfNeeded();
      await snapScreens(page, 'postal-address-payment-success', name);

      const list = await fetch(`${baseURL()}/api/shop/order/list/${shopper.userId}`, {
        headers: { authorization: `Bearer ${shopper.token}` },
      });
      const orderId = ((await list.json()) as { data: Array<{ _id: string }> }).data[0]!._id;

      // The e-mails' "View your order" link opens the order's details, and leaves a plain address behind.
      await page.goto(`/shop/account?order=${orderId}`);
      const details = page.getByRole('dialog', { name: /^Order Details #\d+$/ });
      const shipping = details.getByTestId('order-shipping-address');
      await shipping.waitFor();
      expect(await linesOf(shipping)).toEqual(PRINTED);
      await details.getByText('Notes: Leave with the neighbour').waitFor();
      expect(new URL(page.url()).search).toBe('');
      await shipping.scrollIntoViewIfNeeded();
      await snapScreens(page, 'postal-address-order-details', name);
      await context.close();

      // The same link opened signed out: sign in, and the order's details open.
      const later = await newContext(browser, viewport);
      const fresh = await later.newPage();
      await fresh.goto(`/shop/account?order=${orderId}`);
      await fresh.waitForURL('**/auth/login');
      await fresh.getByLabel(/email/i).fill(shopper.email);
      await fresh.getByLabel(/password/i).fill(shopper.password);
      await fresh.getByRole('button', { name: 'Log In' }).click();
      await fresh.waitForURL('**/shop/account');
      const reopened = fresh
        .getByRole('dialog', { name: /^Order Details #\d+$/ })
        .getByTestId('order-shipping-address');
      await reopened.waitFor();
      expect(await linesOf(reopened)).toEqual(PRINTED);
      await later.close();

      const office = await newContext(browser, viewport);
      const admin = await office.newPage();
      await logIn(admin, DEMO.admin);
      await admin.goto(`/admin/orders?order=${orderId}`);
      const adminDetails = admin.getByRole('dialog', { name: /^Order Details #\d+$/ });
      const adminShipping = adminDetails.getByTestId('admin-order-shipping-address');
      await adminShipping.waitFor();
      expect(await linesOf(adminShipping)).toEqual(PRINTED);
      await adminShipping.scrollIntoViewIfNeeded();
      await snapScreens(admin, 'postal-address-admin-details', name);
      await office.close();
    },
  );
});

/** Helpers for journeys that need a fresh shopper of their own (so no journey depends on another's data). */
import type { Page } from 'playwright-core';
import { baseURL, logIn, uniqueEmail } from './browser.ts';

/** Registers a shopper through the API and logs in through the login screen; returns the credentials. */
export async function freshShopper(page: Page, name = 'Erin Buyer') {
  const email = uniqueEmail('buyer');
  const password = 'a long enough password';
  const res = await fetch(`${baseURL()}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL() },
    body: JSON.stringify({ username: name, email, password }),
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  await logIn(page, { email, password });
  return { email, password };
}

/** Fills and submits the Add New Address dialog. */
export async function addAddressThroughDialog(page: Page, street = '12 Orchard Lane') {
  await page.getByRole('button', { name: 'Add New Address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address').fill(street);
  await dialog.getByLabel('City').fill('Portland');
  await dialog.getByLabel('State').fill('OR');
  await dialog.getByLabel('Pincode').fill('97201');
  await dialog.getByLabel('Phone').fill('+1 503 555 0142');
  await dialog.getByLabel('Additional Notes').fill('Ring twice');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Puts the first listed product in the cart, adds and selects an address, and places the order: ends on the sandbox
 * payment page. */
export async function checkoutOneItemToPaymentPage(page: Page) {
  await page.goto('/shop/listing');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByTestId('cart-count').filter({ hasText: '1' }).waitFor();
  await page.goto('/shop/checkout');
  await addAddressThroughDialog(page);
  await page
    .getByRole('button', { name: /Select address/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.waitForURL(/\/sandbox\/pay\//);
}

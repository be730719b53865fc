/**
 * Journey (issue 40, item 14): where withdrawn items go back. Before the shop sets a return address, a shopper who
 * withdraws is told to contact the shop. Then, at 360 and 1366 px: the admin opens Settings from the admin menu,
 * enters the return address (a German one: no state) and instructions and saves ("Settings saved", kept after a
 * reload); a shopper withdraws from a delivered order and, right after "Confirm withdrawal", sees the address (name,
 * street, "20095 Hamburg", "Germany") and the instructions, again in the order's details later, and in the
 * acknowledgement e-mail. Nothing scrolls sideways; screenshots at 360, 768 and 1366 px.
 *
 * The shop's settings are one per shop: this is the only journey that sets them, and its first test expects none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseURL, DEMO, launch, logIn, newContext, VIEWPORTS } from '../support/browser.ts';
import { latestMail } from '../support/mailbox.ts';
import { buyer, deliver, productInStock, snapScreens } from '../support/purchase.ts';

const RETURNS = {
  name: 'Emporium Returns',
  address: 'Lagerstraße 5',
  city: 'Hamburg',
  pincode: '20095',
  instructions: 'Put the order number on the parcel.',
};
const PRINTED = ['Emporium Returns', 'Lagerstraße 5', '20095 Hamburg', 'Germany'];

/** Signs the buyer in, opens the order from its link and withdraws from it in two steps. */
async function withdraw(page: Page, who: { email: string; password: string; orderId: string }) {
  await logIn(page, who);
  await page.goto(`/shop/account?order=${who.orderId}`);
  const details = page.getByRole('dialog', { name: /^Order Details #\d+$/ });
  await details.getByRole('button', { name: 'Withdraw from contract', exact: true }).click();
  await details.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await page.getByText('Withdrawal sent', { exact: true }).waitFor();
  return details.getByTestId('order-withdrawal');
}

describe('the return address', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('before the shop sets one, a withdrawal says to contact the shop', async () => {
    const none = (await (await fetch(`${baseURL()}/api/shop/returns`)).json()) as { data: unknown };
    expect(none.data, 'no return address set yet').toBeNull();
    const who = await buyer((await productInStock())._id, 'Nina None');
    await deliver(who.orderId);
    const context = await newContext(browser, VIEWPORTS.phone);
    const page = await context.newPage();
    const notice = await withdraw(page, who);
    await notice
      .getByTestId('return-address-none')
      .getByText('Please contact the shop to learn where to send the items.')
      .waitFor();
    await snapScreens(page, 'return-address-none', 'phone');
    await context.close();
  });

  it.each(Object.entries(VIEWPORTS))(
    'at %s size: the admin sets it in Settings, the withdrawing shopper sees it',
    async (name, viewport) => {
      const office = await newContext(browser, viewport);
      const admin = await office.newPage();
      await logIn(admin, DEMO.admin);
      if (name === 'phone') await admin.getByRole('button', { name: 'Toggle admin menu' }).click();
      await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Settings' }).click();
      await admin.waitForURL('**/admin/settings');
      const form = admin.getByRole('form', { name: 'Return address' });
      await form.getByLabel('Name', { exact: true }).fill(RETURNS.name);
      await form.getByLabel('Address', { exact: true }).fill(RETURNS.address);
      await form.getByLabel('City', { exact: true }).fill(RETURNS.city);
      await form.getByLabel('State', { exact: true }).fill('');
      await form.getByLabel('Postal code', { exact: true }).fill(RETURNS.pincode);
      await form.getByLabel('Country', { exact: true }).selectOption('DE');
      await form.getByLabel('Return instructions', { exact: true }).fill(RETURNS.instructions);
      await form.getByRole('button', { name: 'Save settings' }).click();
      await admin.getByText('Settings saved', { exact: true }).waitFor();
      await snapScreens(admin, 'return-address-settings', name);
      // Kept: a reload reads them back.
      await admin.reload();
      await expect.poll(() => form.getByLabel('City', { exact: true }).inputValue()).toBe(RETURNS.city);
      expect(await form.getByLabel('Country', { exact: true }).inputValue()).toBe('DE');
      // A required field left blank is named, and nothing is saved.
      await form.getByLabel('Name', { exact: true }).fill(' ');
      await form.getByRole('button', { name: 'Save settings' }).click();
      await form.getByText('Name is required.', { exact: true }).waitFor();
      await office.close();

      const who = await buyer((await productInStock())._id, `Ron Return ${name}`);
      await deliver(who.orderId);
      const context = await newContext(browser, viewport);
      const shop = await context.newPage();
      const notice = await withdraw(shop, who);
      const address = notice.getByTestId('return-address');
      await address.locator('address').waitFor();
      expect(await address.locator('address > span').allTextContents()).toEqual(PRINTED);
      expect(await address.getByTestId('return-instructions').textContent()).toBe(RETURNS.instructions);
      await address.scrollIntoViewIfNeeded();
      await snapScreens(shop, 'return-address-withdrawn', name);

      // The order's details say so again later.
      await shop.reload();
      await shop.getByTestId('order-row').first().getByRole('button', { name: 'View Details' }).click();
      const again = shop
        .getByRole('dialog', { name: /^Order Details #\d+$/ })
        .getByTestId('return-address')
        .locator('address');
      await again.waitFor();
      expect(await again.locator(':scope > span').allTextContents()).toEqual(PRINTED);
      await context.close();

      const mail = await latestMail(who.email, /withdrawal/i);
      expect(mail.text).toContain('20095 Hamburg');
      expect(mail.text).toContain(RETURNS.instructions);
    },
  );
});

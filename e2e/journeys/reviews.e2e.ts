/**
 * Journeys: reviews in the product dialog and page (spec §2 reviews section, §5, §8; DESIGN.md §4 buyers only): the
 * form for a buyer who has not reviewed yet, the reason in its place for everyone else.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Product } from '@emporium/contract';
import { launch, logIn, newContext, snap, VIEWPORTS } from '../support/browser.ts';
import { buyer, productInStock } from '../support/purchase.ts';
import { freshShopper } from '../support/shopper.ts';

async function openProduct(page: Page, product: Product) {
  await page.goto(`/shop/search?searchQuery=${encodeURIComponent(product.title)}`);
  await page.getByTestId('product-card').filter({ hasText: product.title }).first().getByRole('img').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByText(`Reviews for ${product.title}`).waitFor();
  return dialog;
}

function today(): string {
  const d = new Date();
  return `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${d.getFullYear()}`;
}

describe('reviews', () => {
  let browser: Browser;
  let product: Product;
  beforeAll(async () => {
    browser = await launch();
    product = await productInStock();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('a buyer writes a review, sees it with the new average, and deletes it; markup stays text', async () => {
    const context = await newContext(browser);
    const page = await context.newPage();
    let jsDialogs = 0;
    page.on('dialog', (d) => {
      jsDialogs++;
      void d.dismiss();
    });
    await logIn(page, await buyer(product._id, 'Rita Reviewer'));
    const dialog = await openProduct(page, product);
    // Both the rating (instead of "0.0 (0)") and the empty reviews list say so.
    await expect.poll(() => dialog.getByText('No reviews yet').count()).toBe(2);

    await dialog.getByRole('radio', { name: '4 stars' }).click();
    await dialog.getByPlaceholder('Add a review').fill('Sturdy and bright, worth it.');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Review Added', { exact: true }).first().waitFor();
    const item = dialog.getByTestId('review').first();
    await item.getByText('Sturdy and bright, worth it.').waitFor();
    expect(await item.textContent()).toContain(today());
    expect(await item.textContent()).toContain('Rita Reviewer');
    expect(await item.textContent()).toContain('Verified purchase');
    await dialog.getByText('(1)').waitFor();
    await dialog.getByText('Rating 4.0', { exact: true }).waitFor();
    // One review per shopper: the form gives way to the reason until the review is deleted.
    await dialog.getByText('You have already reviewed this product', { exact: true }).waitFor();
    expect(await dialog.getByPlaceholder('Add a review').count()).toBe(0);
    await snap(page, 'reviews-desktop');

    await item.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Review deleted', { exact: true }).first().waitFor();
    await expect.poll(() => dialog.getByText('No reviews yet').count()).toBe(2);

    const markup = '<img src=x onerror=alert(1)>';
    await dialog.getByPlaceholder('Add a review').fill(markup);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await dialog.getByText(markup, { exact: true }).waitFor();
    expect(await dialog.locator('img[src="x"]').count()).toBe(0);
    await page.waitForTimeout(300);
    expect(jsDialogs).toBe(0);
    await context.close();
  });

  it('a shopper who never bought the product reads why, and no form, in the dialog and on the page', async () => {
    const context = await newContext(browser, VIEWPORTS.phone);
    const page = await context.newPage();
    await freshShopper(page);
    const dialog = await openProduct(page, product);
    const reason = dialog.getByText('You need to purchase this product to review it', { exact: true });
    await reason.waitFor();
    expect(await dialog.getByPlaceholder('Add a review').count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Add', exact: true }).count()).toBe(0);
    await reason.scrollIntoViewIfNeeded();
    await snap(page, 'reviews-phone');

    await page.goto(`/shop/product/${product._id}`);
    const reviews = page.locator('section[aria-labelledby="product-reviews-heading"]');
    // Below the product on a phone, the reviews load as the shopper scrolls to them (issue 46).
    await reviews.scrollIntoViewIfNeeded();
    await reviews.getByText('You need to purchase this product to review it', { exact: true }).waitFor();
    expect(await reviews.getByPlaceholder('Add a review').count()).toBe(0);
    await context.close();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

/** product-links as loaded on a page whose storefront-mode tag says `mode` (none: no tag). */
async function loadOn(mode?: string) {
  vi.resetModules();
  // A page's one storefront-mode tag, matched by name and, where the selector names one, by content.
  vi.stubGlobal('document', {
    querySelector: (selector: string) =>
      mode &&
      /meta\[name="?storefront-mode"?\]/.test(selector) &&
      (!selector.includes('[content=') || new RegExp(`\\[content="?${mode}"?\\]`).test(selector))
        ? { getAttribute: () => mode }
        : null,
  });
  return import('./product-links');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the product page's address (issue 41)", () => {
  it('is the readable slug form in the open storefront', async () => {
    const { productPagePath } = await loadOn('open');
    expect(productPagePath({ _id: ID, title: 'Red Hoodie, Size M' })).toBe(
      `/shop/product/red-hoodie-size-m-${ID}`,
    );
  });

  it("is the spec's id-only form in the members storefront", async () => {
    for (const mode of [undefined, 'members']) {
      const { productPagePath } = await loadOn(mode);
      expect(productPagePath({ _id: ID, title: 'Red Hoodie' })).toBe(`/shop/product/${ID}`);
    }
  });
});

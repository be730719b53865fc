import { describe, expect, it } from 'vitest';
import { PRODUCT_SLUG_MAX, productIdFromParam, productSlug, productUrlParam } from './product-url.ts';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('readable product addresses (issue 41)', () => {
  it.each([
    ['Classic Leather Jacket', 'classic-leather-jacket'],
    ['Café crème — 2 × 250 g', 'cafe-creme-2-250-g'],
    ['  "Hello" </script> World!  ', 'hello-script-world'],
    ['日本語', ''],
  ])('makes %j into the slug %j', (title, slug) => {
    expect(productSlug(title)).toBe(slug);
  });

  it('cuts a long title at a word boundary within the limit', () => {
    const slug = productSlug('Super '.repeat(30));
    expect(slug.length).toBeLessThanOrEqual(PRODUCT_SLUG_MAX);
    expect(slug).toMatch(/^(super-)*super$/);
  });

  it('reads the id back from the readable form, the id-only form, and leaves anything else as it is', () => {
    expect(productUrlParam({ _id: ID, title: 'Red Hoodie' })).toBe(`red-hoodie-${ID}`);
    expect(productUrlParam({ _id: ID, title: '!!!' })).toBe(ID);
    expect(productIdFromParam(`red-hoodie-${ID}`)).toBe(ID);
    expect(productIdFromParam(ID.toUpperCase())).toBe(ID);
    expect(productIdFromParam(ID)).toBe(ID);
    expect(productIdFromParam(`red-hoodie${ID}`)).toBe(`red-hoodie${ID}`);
    expect(productIdFromParam('not-a-product')).toBe('not-a-product');
  });
});

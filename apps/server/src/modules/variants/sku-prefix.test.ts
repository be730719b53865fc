/**
 * Issue 40, on a real database (PGlite): the SKUs the admin's grid suggests were built from the title's first two
 * words, so a second "Nike Air" product suggested `NIKE-AIR-42` again and its save was refused with 409.
 * `GET /api/admin/products/variants/:id/sku-prefix` answers a prefix no other product's SKU starts with: more of the
 * title, else a few hex digits of the product's id; grids saved with its suggestions never collide.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { regenerateVariants, type ProductDetails, type ProductVariant } from '@emporium/contract';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shopper: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app);
});
afterAll(async () => {
  await t.app.close();
});

type Row = Omit<ProductVariant, 'stock' | '_id'> & { stock: string; _id?: string };

const SIZES = [{ name: 'Size', values: ['42', '43'] }];

async function prefixOf(productId: string): Promise<string> {
  const res = await as(t.app, admin).get(`/api/admin/products/variants/${productId}/sku-prefix`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().success).toBe(true);
  return res.json().data.skuPrefix;
}

/** Generates Size 42/43 with the suggested SKUs (`<prefix>-<size>`, as the admin's form does) and saves them. */
async function generateWithSuggestions(productId: string, skuCase: (s: string) => string = (s) => s) {
  const prefix = await prefixOf(productId);
  const res0 = await as(t.app, admin).get(`/api/admin/products/variants/${productId}`);
  const product = res0.json().data as ProductDetails;
  const rows: Row[] = product.variants.map((v) => ({ ...v, stock: String(v.stock) }));
  const made = regenerateVariants(SIZES, rows, (combo): Row => ({
    sku: skuCase(`${prefix}-${combo.Size}`),
    options: combo,
    price: product.price,
    salePrice: 0,
    stock: '0',
    image: null,
  }));
  const res = await as(t.app, admin).put(`/api/admin/products/variants/${productId}`, {
    options: SIZES,
    // The first row is the default variant, kept with its own SKU; the other is suggested.
    variants: made.rows.map(({ _id, ...r }) => ({ ...(_id ? { _id } : {}), ...r, stock: Number(r.stock) })),
    version: product.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { prefix, skus: (res.json().data as ProductDetails).variants.map((v) => v.sku) };
}

describe('GET /api/admin/products/variants/:id/sku-prefix', () => {
  it('takes more of the title, then hex digits of the id, when another product uses the prefix', async () => {
    const force = await insertProduct(t.db, { title: 'Nike Air Force 1', category: 'Shoes', brand: 'Nike' });
    const max = await insertProduct(t.db, { title: 'Nike Air Max 90', category: 'Shoes', brand: 'Nike' });
    const plain = await insertProduct(t.db, { title: 'Nike Air', category: 'Shoes', brand: 'Nike' });
    // Nothing uses NIKE-AIR yet: every one of them would be offered it.
    expect(await prefixOf(max)).toBe('NIKE-AIR');

    // Saved in lower case: the SKU index ignores letter case, and so does the prefix.
    const first = await generateWithSuggestions(force, (s) => s.toLowerCase());
    expect(first.prefix).toBe('NIKE-AIR');
    expect(first.skus[1]).toBe('nike-air-43');
    // Its own SKUs do not count against the product itself.
    expect(await prefixOf(force)).toBe('NIKE-AIR');

    const second = await generateWithSuggestions(max);
    expect(second.prefix).toBe('NIKE-AIR-MAX');
    expect(second.skus[1]).toBe('NIKE-AIR-MAX-43');

    // A title with no more words to take: hex digits of its own id.
    const third = await generateWithSuggestions(plain);
    expect(third.prefix).toBe(`NIKE-AIR-${plain.replace(/-/g, '').slice(0, 4).toUpperCase()}`);
    expect(third.skus[1]).toBe(`${third.prefix}-43`);
  });

  it('a SKU that only shares the letters (ZIP-AIRLINE-1) leaves ZIP-AIR free', async () => {
    const other = await insertProduct(t.db, { title: 'Airline Bag' });
    const before = (await as(t.app, admin).get(`/api/admin/products/variants/${other}`)).json()
      .data as ProductDetails;
    const saved = await as(t.app, admin).put(`/api/admin/products/variants/${other}`, {
      options: [],
      variants: [{ ...before.variants[0], sku: 'ZIP-AIRLINE-1' }],
      version: before.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const zip = await insertProduct(t.db, { title: 'Zip Air Jacket' });
    expect(await prefixOf(zip)).toBe('ZIP-AIR');
  });

  it('a title without letters or digits offers SKU; unknown ids are 404; shoppers 403', async () => {
    expect(await prefixOf(await insertProduct(t.db, { title: '***' }))).toBe('SKU');
    for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
      const res = await as(t.app, admin).get(`/api/admin/products/variants/${id}/sku-prefix`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    }
    const id = await insertProduct(t.db);
    expect((await as(t.app, shopper).get(`/api/admin/products/variants/${id}/sku-prefix`)).statusCode).toBe(
      403,
    );
  });
});

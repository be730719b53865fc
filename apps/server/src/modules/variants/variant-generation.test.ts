/**
 * Issue 40, item 12, on a real database (PGlite): generating a product's variants from its options keeps its stock.
 * The admin's form generates the grid with contract `regenerateVariants` from the variants as the server answers
 * them and saves it with `PUT /api/admin/products/variants/:id`: the default variant of a product without options
 * becomes the first generated variant (same id, so a cart holding it keeps its line, and the same 12 units), and
 * removing an option merges the variants it joins into the first of them, stock added up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeGridChange,
  regenerateVariants,
  variantLabel,
  type ProductDetails,
  type ProductVariant,
} from '@emporium/contract';
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

async function details(productId: string): Promise<ProductDetails> {
  const res = await as(t.app, admin).get(`/api/admin/products/variants/${productId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

type Row = Omit<ProductVariant, 'stock' | '_id'> & { stock: string; _id?: string };

/** Generates the grid for `options` from the product as stored, as the admin's form does, and saves it. */
async function generateAndSave(
  productId: string,
  options: Array<{ name: string; values: string[] }>,
  stockOf: (combo: Record<string, string>) => string | undefined = () => undefined,
) {
  const product = await details(productId);
  const rows: Row[] = product.variants.map((v) => ({ ...v, stock: String(v.stock) }));
  const made = regenerateVariants(options, rows, (combo) => ({
    _id: undefined,
    sku: `GEN-${productId.slice(0, 8)}-${Object.values(combo).join('-')}`,
    options: combo,
    price: product.price,
    salePrice: 0,
    stock: '0',
    image: null,
  }));
  const res = await as(t.app, admin).put(`/api/admin/products/variants/${productId}`, {
    options,
    variants: made.rows.map(({ _id, ...r }) => ({
      ...(_id ? { _id } : {}),
      ...r,
      stock: stockOf(r.options) ?? r.stock,
    })),
    version: product.version,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { saved: res.json().data as ProductDetails, said: describeGridChange(made.change, variantLabel) };
}

describe('generating variants keeps stock', () => {
  it('the default variant becomes the first generated one with its id and 12 units; a cart keeps its line', async () => {
    const id = await insertProduct(t.db, { title: 'Stocked Tee', price: 20, totalStock: 12 });
    const [only] = (await details(id)).variants;
    expect(only).toMatchObject({ options: {}, stock: 12 });
    const add = await as(t.app, shopper).post(`/api/shop/cart/add/${shopper.userId}/${id}`, { quantity: 2 });
    expect(add.statusCode, add.body).toBe(200);

    const { saved, said } = await generateAndSave(id, [
      { name: 'Size', values: ['S', 'M', 'L'] },
      { name: 'Colour', values: ['Black', 'White'] },
    ]);
    expect(said).toBe('6 variants: the 12 in stock stay on Size: S, Colour: Black; 5 new at stock 0.');
    expect(saved.variants.map((v) => [v._id === only!._id, v.options, v.stock])).toEqual([
      [true, { Size: 'S', Colour: 'Black' }, 12],
      [false, { Size: 'S', Colour: 'White' }, 0],
      [false, { Size: 'M', Colour: 'Black' }, 0],
      [false, { Size: 'M', Colour: 'White' }, 0],
      [false, { Size: 'L', Colour: 'Black' }, 0],
      [false, { Size: 'L', Colour: 'White' }, 0],
    ]);
    expect(saved.totalStock).toBe(12);

    const cart = (await as(t.app, shopper).get(`/api/shop/cart/get/${shopper.userId}`)).json();
    expect(cart.data.items).toMatchObject([{ productId: id, variantId: only!._id, quantity: 2 }]);
    expect(cart.data.items[0].options).toEqual({ Size: 'S', Colour: 'Black' });
  });

  it('removing an option merges the variants it joins, stock added up, into the first of them', async () => {
    const id = await insertProduct(t.db, { title: 'Merged Tee', price: 20, totalStock: 5 });
    const stock: Record<string, string> = { 'S/White': '3', 'M/Black': '4', 'M/White': '1' };
    const first = await generateAndSave(
      id,
      [
        { name: 'Size', values: ['S', 'M'] },
        { name: 'Colour', values: ['Black', 'White'] },
      ],
      (c) => stock[`${c.Size}/${c.Colour}`],
    );
    expect(first.saved.totalStock).toBe(13);
    const [sBlack, , mBlack] = first.saved.variants;

    const { saved, said } = await generateAndSave(id, [{ name: 'Size', values: ['S', 'M'] }]);
    expect(said).toBe(
      '2 variants: 2 keep their stock (13 in all); 2 variants merged into the ones they now match, stock added up.',
    );
    expect(saved.variants.map((v) => [v._id, v.options, v.stock])).toEqual([
      [sBlack!._id, { Size: 'S' }, 8],
      [mBlack!._id, { Size: 'M' }, 5],
    ]);
    expect(saved.totalStock).toBe(13);

    // No options at all: the one variant left holds every unit.
    const none = await generateAndSave(id, []);
    expect(none.saved.variants).toMatchObject([{ _id: sBlack!._id, options: {}, stock: 13 }]);
    expect(none.saved.totalStock).toBe(13);
  });
});

/**
 * Issue 28, options and variants through the API on a real database (PGlite; PostgreSQL with TEST_DATABASE_URL):
 * the admin's Size × Colour grid and what the shop answers from it (details, listing facets and filters), ids kept
 * across saves so carts survive, SKUs unique ignoring case, bad grids refused with nothing changed, the spec's client
 * adding products and editing them, the per-variant low-stock list, and an order of two variants of one product
 * taking and giving back stock per variant, exactly once.
 */
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetails, ProductListQuery } from '@emporium/contract';
import { orders, products, productVariants, sandboxPayments } from '../../db/schema.ts';
import { createBus } from '../../lib/bus.ts';
import { createCatalogCache, NO_CATALOG_CACHE } from '../../lib/catalog-cache.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createSandboxProvider } from '../../payments/sandbox.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import {
  addAddress,
  approveSandbox,
  approveWithoutReturn,
  as,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';
import { REMOVED_ITEMS_MESSAGE } from '../cart/service.ts';
import { reconcilePayments } from '../orders/reconcile.ts';
import { reserveStock } from '../orders/stock.ts';
import { listProductIds } from '../products/service.ts';
import { retryPendingRefunds } from '../refunds/reconcile.ts';
import { variantForSpecClient } from './service.ts';

const IMAGE = 'products/variant-test-800.webp';

let t: TestApp;
let admin: Session;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  // An image the store holds, so the spec's edit form (which sends the product's image URL back) is accepted.
  await t.images.put(IMAGE, Buffer.from('not decoded by the edit route'));
});
afterAll(async () => {
  await t.app.close();
});

type GridRow = {
  _id?: string;
  sku: string;
  options: Record<string, string>;
  price: number;
  salePrice?: number;
  stock: number;
};

/** A Size × Colour grid: one row per `[size, colour, stock, price?]`, SKUs `<prefix>-<size>-<COLOUR>`. */
function grid(
  prefix: string,
  sizes: string[],
  colours: string[],
  rows: Array<[string, string, number, number?]>,
) {
  return {
    options: [
      { name: 'Size', values: sizes },
      { name: 'Colour', values: colours },
    ],
    variants: rows.map(([size, colour, stock, price]) => ({
      sku: `${prefix}-${size}-${colour.toUpperCase()}`,
      options: { Size: size, Colour: colour },
      price: price ?? 50,
      stock,
    })) as GridRow[],
  };
}

/** A grid as the admin's form sends it, or a bad one (tests send what a client could). */
type GridBody = {
  options: Array<{ name: string; values: string[] }>;
  variants: Array<{ [key: string]: unknown; salePrice?: number }>;
  version?: number;
};

/** `PUT /api/admin/products/variants/:id`; rows without a `salePrice` are sent with 0 (the form always sends one). */
const saveGrid = (productId: string, body: GridBody) =>
  as(t.app, admin).put(`/api/admin/products/variants/${productId}`, {
    ...body,
    variants: body.variants.map((v) => ({ salePrice: 0, ...v })),
  });
/** Saves a grid that must be accepted (the answer's message shows when it is not). */
async function saveOk(productId: string, body: GridBody) {
  const res = await saveGrid(productId, body);
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

async function details(productId: string): Promise<ProductDetails> {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${productId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

async function listing(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: Array<{ _id: string }>;
    pagination: { total: number };
    facets: {
      size: Array<{ value: string; count: number }>;
      colour: Array<{ value: string; count: number }>;
    };
  };
}

/** The variant with these option values (fails the test when there is none). */
function variantOf(p: ProductDetails, options: Record<string, string>) {
  const v = p.variants.find((x) => JSON.stringify(x.options) === JSON.stringify(options));
  if (!v) throw new Error(`no variant ${JSON.stringify(options)} in ${JSON.stringify(p.variants)}`);
  return v;
}

/** What a refused save must leave untouched: the product row and its variants as stored. */
async function snapshot(productId: string) {
  const [product] = await t.db.select().from(products).where(eq(products.id, productId));
  const variants = await t.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(productVariants.position);
  return { product, variants };
}

const cartOf = async (s: Session) => (await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`)).json();
const addLine = (s: Session, productId: string, quantity: number, variantId?: string) =>
  as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${productId}`, {
    quantity,
    ...(variantId ? { variantId } : {}),
  });
const variantStock = async (variantId: string) =>
  (
    await t.db
      .select({ s: productVariants.stock })
      .from(productVariants)
      .where(eq(productVariants.id, variantId))
  )[0]!.s;
const totalStockOf = async (productId: string) =>
  (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, productId)))[0]!.s;

describe('PUT /api/admin/products/variants/:id and what the shop shows', () => {
  it('a Size × Colour grid: options and variants in order, cheapest price, summed stock', async () => {
    const id = await insertProduct(t.db, {
      title: 'Grid Runner',
      category: 'Shoes',
      brand: 'Puma',
      price: 99,
    });
    const body = grid(
      'GRID',
      ['42', '43'],
      ['Red', 'Blue'],
      [
        ['42', 'Red', 3, 80],
        ['42', 'Blue', 0, 70],
        ['43', 'Red', 5, 90],
        ['43', 'Blue', 2, 75],
      ],
    );
    body.variants[3]!.salePrice = 60;
    const res = await saveOk(id, body);
    expect(res.json()).toMatchObject({ success: true, message: 'Variants saved' });

    const p = await details(id);
    expect(p.options).toEqual([
      { name: 'Size', values: ['42', '43'] },
      { name: 'Colour', values: ['Red', 'Blue'] },
    ]);
    expect(p.variants.map((v) => [v.sku, v.options, v.price, v.salePrice, v.stock])).toEqual([
      ['GRID-42-RED', { Size: '42', Colour: 'Red' }, 80, 0, 3],
      ['GRID-42-BLUE', { Size: '42', Colour: 'Blue' }, 70, 0, 0],
      ['GRID-43-RED', { Size: '43', Colour: 'Red' }, 90, 0, 5],
      ['GRID-43-BLUE', { Size: '43', Colour: 'Blue' }, 75, 60, 2],
    ]);
    // The cheapest by the price paid is 43/Blue on sale at 60 (not 42/Blue at 70).
    expect([p.price, p.salePrice, p.totalStock]).toEqual([75, 60, 10]);
    expect(await totalStockOf(id)).toBe(10);
  });

  it('search finds a product by the option words the admin saved ("teal hoodie", "size xxxl"), and not after they go', async () => {
    const id = await insertProduct(t.db, { title: 'Quokka Hoodie', category: 'Clothing', brand: 'Puma' });
    const other = await insertProduct(t.db, { title: 'Wombat Hoodie', category: 'Clothing', brand: 'Puma' });
    await saveOk(id, grid('QUOKKA', ['XXXL'], ['Teal'], [['XXXL', 'Teal', 4]]));
    const found = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop/search/${encodeURIComponent(query)}` });
      expect(res.statusCode).toBe(200);
      return (res.json().data as Array<{ _id: string }>).map((p) => p._id);
    };
    expect(await found('teal hoodie')).toEqual([id]);
    expect(await found('size xxxl')).toEqual([id]);
    expect(await found('hoodie')).toEqual(expect.arrayContaining([id, other]));
    const { version } = await details(id);
    await saveOk(id, {
      options: [],
      variants: [{ sku: 'QUOKKA-1', options: {}, price: 50, stock: 4 }],
      version,
    });
    expect(await found('teal hoodie')).toEqual([]);
  });

  it('listing facets count products (each facet over the other filters) and filter by size and colour', async () => {
    // Brand Spalding is used by no other test in this file: its facets are these three products'.
    const a = await insertProduct(t.db, { title: 'Facet A', category: 'Shoes', brand: 'Spalding' });
    const b = await insertProduct(t.db, { title: 'Facet B', category: 'Shoes', brand: 'Spalding' });
    const c = await insertProduct(t.db, { title: 'Facet C', category: 'Shoes', brand: 'Spalding' });
    const full = grid(
      'FA',
      ['42', '43'],
      ['Red', 'Blue'],
      [
        ['42', 'Red', 1],
        ['42', 'Blue', 1],
        ['43', 'Red', 1],
        ['43', 'Blue', 1],
      ],
    );
    await saveOk(a, full);
    const redOnly = grid(
      'FB',
      ['43', '44'],
      ['Red'],
      [
        ['43', 'Red', 1],
        ['44', 'Red', 1],
      ],
    );
    await saveOk(b, redOnly);

    const all = await listing('brand=Spalding');
    expect(all.pagination.total).toBe(3);
    expect(all.facets).toEqual({
      size: [
        { value: '42', count: 1 },
        { value: '43', count: 2 },
        { value: '44', count: 1 },
      ],
      colour: [
        { value: 'blue', count: 1 },
        { value: 'red', count: 2 },
      ],
    });

    // Size 42: the size counts stay those without the size filter; the colours are counted over size-42 products.
    const size42 = await listing('brand=Spalding&size=42');
    expect(size42.data.map((p) => p._id)).toEqual([a]);
    expect(size42.facets.size).toEqual(all.facets.size);
    expect(size42.facets.colour).toEqual([
      { value: 'blue', count: 1 },
      { value: 'red', count: 1 },
    ]);

    expect((await listing('brand=Spalding&size=42&colour=red')).data.map((p) => p._id)).toEqual([a]);
    expect((await listing('brand=Spalding&colour=RED')).data.map((p) => p._id).sort()).toEqual([a, b].sort());
    expect((await listing('brand=Spalding&size=42,44')).data.map((p) => p._id).sort()).toEqual([a, b].sort());
    expect((await listing('brand=Spalding&size=44&colour=blue')).data).toEqual([]);
    expect((await listing('brand=Spalding&size=45')).pagination.total).toBe(0);
    // The product without options is in the unfiltered list only.
    expect(all.data.map((p) => p._id)).toContain(c);

    // The database query (large catalogs) answers what the in-memory path answers.
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
    const query = {
      category: [],
      brand: ['Spalding'],
      size: ['42'],
      colour: [],
      sortBy: 'price-asc',
      page: 1,
      limit: 24,
    } as ProductListQuery;
    const inMemory = await listProductIds({ db: t.db, cache }, query);
    expect(await listProductIds({ db: t.db, cache }, query, 0)).toEqual(inMemory);
    expect(inMemory).toEqual({ ids: [a], total: 1, facets: size42.facets });
  });

  it('size and colour filters together hold for one variant: a blue 42 and a red 43 are not a red 42', async () => {
    // Brand Under Armour is used by no other test in this file.
    const mixed = await insertProduct(t.db, {
      title: 'Mixed Pair',
      category: 'Shoes',
      brand: 'Under Armour',
    });
    const exact = await insertProduct(t.db, {
      title: 'Exact Pair',
      category: 'Shoes',
      brand: 'Under Armour',
    });
    await saveOk(
      mixed,
      grid(
        'MIX',
        ['42', '43'],
        ['Blue', 'Red'],
        [
          ['42', 'Blue', 1],
          ['43', 'Red', 1],
        ],
      ),
    );
    await saveOk(exact, grid('EXA', ['42'], ['Red'], [['42', 'Red', 1]]));
    const both = await listing('brand=Under%20Armour&size=42&colour=red');
    expect(both.data.map((p) => p._id)).toEqual([exact]);
    // Sizes counted over red variants only, colours over size-42 variants only.
    expect(both.facets).toEqual({
      size: [
        { value: '42', count: 1 },
        { value: '43', count: 1 },
      ],
      colour: [
        { value: 'blue', count: 1 },
        { value: 'red', count: 1 },
      ],
    });
    const red = await listing('brand=Under%20Armour&colour=red');
    expect(red.data.map((p) => p._id).sort()).toEqual([mixed, exact].sort());
    expect(red.facets.size).toEqual([
      { value: '42', count: 1 },
      { value: '43', count: 1 },
    ]);
    // The database query (large catalogs) answers what the in-memory path answers.
    const cache = createCatalogCache(createBus(), { ttlMs: 60_000 });
    for (const [size, colour] of [
      [['42'], ['red']],
      [[], ['red']],
      [['42', '43'], ['blue']],
    ]) {
      const query = {
        category: [],
        brand: ['Under Armour'],
        size,
        colour,
        sortBy: 'name-asc',
        page: 1,
        limit: 24,
      } as ProductListQuery;
      const inMemory = await listProductIds({ db: t.db, cache }, query);
      expect(await listProductIds({ db: t.db, cache }, query, 0)).toEqual(inMemory);
    }
  });

  it('a second save keeps the ids it is sent (a cart line survives); a variant left out loses its cart line', async () => {
    const id = await insertProduct(t.db, { title: 'Keeper Tee', category: 'Clothing', brand: 'Zara' });
    await saveOk(
      id,
      grid(
        'KEEP',
        ['S', 'M'],
        ['Black'],
        [
          ['S', 'Black', 5],
          ['M', 'Black', 5],
        ],
      ),
    );
    const first = await details(id);
    const small = variantOf(first, { Size: 'S', Colour: 'Black' });
    const medium = variantOf(first, { Size: 'M', Colour: 'Black' });
    const s = await signUpAndLogIn(t.app);
    expect((await addLine(s, id, 2, small._id)).statusCode).toBe(200);
    expect((await addLine(s, id, 1, medium._id)).statusCode).toBe(200);

    // Kept S (new price and stock, renamed SKU), dropped M, added L.
    await saveOk(id, {
      options: [
        { name: 'Size', values: ['S', 'L'] },
        { name: 'Colour', values: ['Black'] },
      ],
      variants: [
        { _id: small._id, sku: 'KEEP-S-BLK', options: { Size: 'S', Colour: 'Black' }, price: 45, stock: 7 },
        { sku: 'KEEP-L-BLK', options: { Size: 'L', Colour: 'Black' }, price: 50, stock: 4 },
      ],
      version: first.version,
    });
    const second = await details(id);
    expect(second.version).toBeGreaterThan(first.version);
    expect(variantOf(second, { Size: 'S', Colour: 'Black' })).toMatchObject({
      _id: small._id,
      sku: 'KEEP-S-BLK',
      price: 45,
      stock: 7,
    });
    expect(second.variants.map((v) => v._id)).not.toContain(medium._id);
    expect(second.totalStock).toBe(11);
    expect(await totalStockOf(id)).toBe(11);

    const cart = await cartOf(s);
    expect(cart.message).toBe(REMOVED_ITEMS_MESSAGE);
    expect(cart.data.items).toMatchObject([
      { productId: id, variantId: small._id, quantity: 2, price: 45, sku: 'KEEP-S-BLK', totalStock: 7 },
    ]);
    expect(cart.data.items[0].options).toEqual({ Size: 'S', Colour: 'Black' });
    expect((await cartOf(s)).message).toBe('Cart fetched successfully');
  });

  it('a SKU is unique ignoring case across products (409, nothing changed) and may not be listed twice (400)', async () => {
    const one = await insertProduct(t.db, { title: 'Sku One', brand: 'Reebok' });
    const two = await insertProduct(t.db, { title: 'Sku Two', brand: 'Reebok' });
    await saveOk(one, grid('UNIQ', ['40'], ['Red'], [['40', 'Red', 4]]));
    const before = await snapshot(two);
    const taken = await saveGrid(two, {
      options: [{ name: 'Size', values: ['41', '42'] }],
      variants: [
        { sku: 'TWO-41', options: { Size: '41' }, price: 20, stock: 3 },
        { sku: 'uniq-40-red', options: { Size: '42' }, price: 20, stock: 3 },
      ],
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      success: false,
      message: 'SKU UNIQ-40-RED is already used by another product or variant',
    });
    expect(await snapshot(two)).toEqual(before);
    expect((await details(two)).options).toEqual([]);

    const twice = await saveGrid(two, {
      options: [{ name: 'Size', values: ['41', '42'] }],
      variants: [
        { sku: 'TWO-X', options: { Size: '41' }, price: 20, stock: 3 },
        { sku: 'two-x', options: { Size: '42' }, price: 20, stock: 3 },
      ],
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Variant 2 (two-x): SKU two-x is listed twice');
    expect(await snapshot(two)).toEqual(before);
  });

  it.each([
    [
      'an unknown option',
      {
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ sku: 'B1', options: { Size: 'S', Fit: 'Slim' }, price: 5, stock: 1 }],
      },
      'Variant 1 (B1): there is no option "Fit"',
    ],
    [
      'a missing value',
      {
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'Colour', values: ['Red'] },
        ],
        variants: [{ sku: 'B2', options: { Size: 'S' }, price: 5, stock: 1 }],
      },
      'Variant 1 (B2): choose one of the Colour values',
    ],
    [
      'a value the option does not have',
      {
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ sku: 'B3', options: { Size: 'XXL' }, price: 5, stock: 1 }],
      },
      'Variant 1 (B3): choose one of the Size values',
    ],
    [
      'a combination twice',
      {
        options: [{ name: 'Size', values: ['S', 'M'] }],
        variants: [
          { sku: 'B4', options: { Size: 'S' }, price: 5, stock: 1 },
          { sku: 'B5', options: { Size: 's' }, price: 5, stock: 1 },
        ],
      },
      'Variant 2 (B5): this combination is listed twice',
    ],
    [
      'a sale price equal to the price',
      {
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ sku: 'B6', options: { Size: 'S' }, price: 5, salePrice: 5, stock: 1 }],
      },
      'Variant 1 (B6): the sale price must be 0 or below the price',
    ],
    [
      'a sale price above the price',
      {
        options: [{ name: 'Size', values: ['S'] }],
        variants: [{ sku: 'B7', options: { Size: 'S' }, price: 5, salePrice: 9, stock: 1 }],
      },
      'Variant 1 (B7): the sale price must be 0 or below the price',
    ],
    [
      'four options',
      {
        options: ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] })),
        variants: [{ sku: 'B8', options: { A: 'x', B: 'x', C: 'x', D: 'x' }, price: 5, stock: 1 }],
      },
      'A product has at most 3 options',
    ],
    [
      'two variants without options',
      {
        options: [],
        variants: [
          { sku: 'B9', options: {}, price: 5, stock: 1 },
          { sku: 'B10', options: {}, price: 5, stock: 1 },
        ],
      },
      'A product without options has exactly one variant',
    ],
    [
      'two options of one name',
      {
        options: [
          { name: 'Size', values: ['S'] },
          { name: 'size', values: ['M'] },
        ],
        variants: [{ sku: 'B11', options: { Size: 'S', size: 'M' }, price: 5, stock: 1 }],
      },
      'Two options have the same name',
    ],
  ])('refuses %s with 400 and a message, nothing changed', async (_label, body, message) => {
    const id = await insertProduct(t.db, { title: 'Bad Grid', brand: 'Wilson', totalStock: 6 });
    const before = await snapshot(id);
    const res = await saveGrid(id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(res.json().message).toContain(message);
    expect(await snapshot(id)).toEqual(before);
  });

  it('a stale version is 409 and changes nothing; an unknown product 404', async () => {
    const id = await insertProduct(t.db, { title: 'Stale Grid', brand: 'Wilson', totalStock: 4 });
    const loaded = await details(id);
    const body = grid('STALE', ['S'], ['Red'], [['S', 'Red', 9]]);
    await saveOk(id, { ...body, version: loaded.version });
    const before = await snapshot(id);
    const stale = await saveGrid(id, {
      ...grid('STALE2', ['M'], ['Red'], [['M', 'Red', 1]]),
      version: loaded.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you opened it \(9 now in stock\)/);
    expect(await snapshot(id)).toEqual(before);
    const unknown = await saveGrid('00000000-0000-4000-8000-000000000000', body);
    expect(unknown.statusCode).toBe(404);
  });

  it('is for admins only', async () => {
    const id = await insertProduct(t.db, { title: 'Guarded', brand: 'Wilson' });
    const shopper = await signUpAndLogIn(t.app);
    const body = grid('GUARD', ['S'], ['Red'], [['S', 'Red', 1]]);
    expect((await as(t.app, shopper).put(`/api/admin/products/variants/${id}`, body)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: `/api/admin/products/variants/${id}`, payload: body }))
        .statusCode,
    ).toBe(401);
    expect((await details(id)).options).toEqual([]);
  });
});

describe("the cart through the spec's client and ours", () => {
  it('add without variantId takes the in-stock variant with the most units; with it, the named one (404 for another product’s)', async () => {
    const id = await insertProduct(t.db, { title: 'Default Pick', brand: 'Adidas' });
    await saveOk(
      id,
      grid(
        'PICK',
        ['40', '41', '42'],
        ['White'],
        [
          ['40', 'White', 0],
          ['41', 'White', 2],
          ['42', 'White', 6],
        ],
      ),
    );
    const p = await details(id);
    const [sold, fewer, most] = p.variants;
    const other = await insertProduct(t.db, { title: 'Other Product', brand: 'Adidas' });
    const otherVariant = (await details(other)).variants[0]!;
    const s = await signUpAndLogIn(t.app);

    const spec = await addLine(s, id, 1);
    expect(spec.statusCode).toBe(200);
    expect(spec.json().data.items).toMatchObject([
      { productId: id, variantId: most!._id, sku: 'PICK-42-WHITE', quantity: 1, totalStock: 6 },
    ]);
    expect((await addLine(s, id, 2, fewer!._id)).statusCode).toBe(200);
    const soldOut = await addLine(s, id, 1, sold!._id);
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json().message).toBe('This product is out of stock in size 40, white');
    // The line is capped by its variant's stock (6), not the product's (8), and the refusal names the variant.
    const tooMany = await addLine(s, id, 6);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe('Only 6 left in size 42, white');
    const foreign = await addLine(s, id, 1, otherVariant._id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This size or colour is not available');

    const items = (await cartOf(s)).data.items as Array<{ variantId: string; quantity: number }>;
    expect(items.map((i) => [i.variantId, i.quantity])).toEqual([
      [most!._id, 1],
      [fewer!._id, 2],
    ]);
  });

  it('the variant an add without variantId takes sells at the product’s price: the most units among the cheapest in stock', () => {
    const v = (id: string, stock: number, priceCents: number, salePriceCents = 0) => ({
      id,
      stock,
      priceCents,
      salePriceCents,
    });
    expect(variantForSpecClient([v('a', 1, 5000), v('b', 9, 5500), v('c', 3, 5000)])?.id).toBe('c');
    expect(variantForSpecClient([v('a', 0, 4000), v('b', 9, 5500), v('c', 3, 6000, 5500)])?.id).toBe('b');
    expect(variantForSpecClient([v('a', 2, 5000), v('b', 2, 5000)])?.id).toBe('a');
    expect(variantForSpecClient([v('a', 0, 5000), v('b', 0, 4000)])?.id).toBe('a');
  });

  // Issue 46, item 17: the demo's Zara blazer has XS black first with 1 unit; the spec's client added it, then a
  // second add or + answered 409 "Only 1 left in stock" and the client, as the spec says, emptied its cart.
  it('the spec’s client buys two of a product whose first variant has one unit left: add twice, then +', async () => {
    const id = await insertProduct(t.db, { title: 'Blazer', brand: 'Zara', category: 'Women' });
    await saveOk(
      id,
      grid(
        'BLAZER',
        ['XS', 'S'],
        ['Black'],
        [
          ['XS', 'Black', 1],
          ['S', 'Black', 5],
        ],
      ),
    );
    const s = await signUpAndLogIn(t.app);
    expect((await addLine(s, id, 1)).statusCode).toBe(200);
    const second = await addLine(s, id, 1);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.items).toMatchObject([{ sku: 'BLAZER-S-BLACK', quantity: 2 }]);
    const plus = await as(t.app, s).put(`/api/shop/cart/update-cart/${s.userId}/${id}`, { quantity: 3 });
    expect(plus.statusCode, plus.body).toBe(200);
    const tooMany = await as(t.app, s).put(`/api/shop/cart/update-cart/${s.userId}/${id}`, { quantity: 6 });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toEqual({ success: false, message: 'Only 5 left in size S, black' });
  });

  it('update and delete with a variantId touch that line; without, the product’s oldest line / all its lines', async () => {
    const id = await insertProduct(t.db, { title: 'Two Lines', brand: 'Adidas' });
    await saveOk(
      id,
      grid(
        'LINES',
        ['S', 'M'],
        ['Green'],
        [
          ['S', 'Green', 4],
          ['M', 'Green', 9],
        ],
      ),
    );
    const [small, medium] = (await details(id)).variants;
    const s = await signUpAndLogIn(t.app);
    const lines = async () =>
      ((await cartOf(s)).data.items as Array<{ variantId: string; quantity: number }>).map((i) => [
        i.variantId,
        i.quantity,
      ]);
    const update = (quantity: number, variantId?: string) =>
      as(t.app, s).put(`/api/shop/cart/update-cart/${s.userId}/${id}`, {
        quantity,
        ...(variantId ? { variantId } : {}),
      });
    const remove = (variantId?: string) =>
      as(t.app, s).delete(
        `/api/shop/cart/delete/${s.userId}/${id}${variantId ? `?variantId=${variantId}` : ''}`,
      );

    expect((await update(1, medium!._id)).statusCode).toBe(404);
    // Without a variant the add takes M (9 units, the most); S is named.
    expect((await addLine(s, id, 1)).statusCode).toBe(200);
    expect((await addLine(s, id, 1, small!._id)).statusCode).toBe(200);

    expect((await update(3)).statusCode).toBe(200);
    expect(await lines()).toEqual([
      [medium!._id, 3],
      [small!._id, 1],
    ]);
    expect((await update(8, medium!._id)).statusCode).toBe(200);
    const over = await update(5, small!._id);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('Only 4 left in size S, green');
    expect(await lines()).toEqual([
      [medium!._id, 8],
      [small!._id, 1],
    ]);

    expect((await remove(small!._id)).statusCode).toBe(200);
    expect(await lines()).toEqual([[medium!._id, 8]]);
    expect((await remove(small!._id)).statusCode).toBe(404);
    expect((await addLine(s, id, 1, small!._id)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(200);
    expect(await lines()).toEqual([]);
  });
});

// Issue 46, item 14: sizes 42 at $50 with none left and 43 at $55 — the listing said $50, the spec's add charged $55.
describe('a product’s price comes from its variants in stock', () => {
  const listed = async (id: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/shop/products/get?sortBy=price-asc' });
    return (res.json().data as Array<{ _id: string; price: number; salePrice: number }>).find(
      (p) => p._id === id,
    );
  };

  it('a sold-out size does not set it; selling the last cheap size and giving it back move it in the database', async () => {
    const id = await insertProduct(t.db, { title: 'Priced Runner', category: 'Shoes', brand: 'Puma' });
    await saveOk(
      id,
      grid(
        'PRICED',
        ['42', '43', '44'],
        ['Red'],
        [
          ['42', 'Red', 0, 45],
          ['43', 'Red', 1, 50],
          ['44', 'Red', 5, 55],
        ],
      ),
    );
    // 42 ($45) has none left: the product sells from $50.
    expect(await details(id)).toMatchObject({ price: 50, salePrice: 0 });
    expect(await listed(id)).toMatchObject({ price: 50 });

    // The last 43 is sold: $55 now, what the spec's add charges.
    const buyer = await signUpAndLogIn(t.app);
    const [, size43] = (await details(id)).variants;
    expect((await addLine(buyer, id, 1, size43!._id)).statusCode).toBe(200);
    const placed = await placeOrder(t.app, buyer, (await addAddress(t.app, buyer))._id);
    const payerId = await approveSandbox(t.app, placed.paymentId);
    expect((await capture(t.app, buyer, { ...placed, payerId })).statusCode).toBe(200);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceCents: 5500, salePriceCents: 0, totalStock: 5 });
    expect(await details(id)).toMatchObject({ price: 55 });
    expect(await listed(id)).toMatchObject({ price: 55 });
    const spec = await signUpAndLogIn(t.app);
    const cart = (await addLine(spec, id, 1)).json().data.items;
    expect(cart).toMatchObject([{ productId: id, price: 55, sku: 'PRICED-44-RED' }]);

    // The order is cancelled: 43 is back, and so is $50.
    expect(
      (await as(t.app, admin).put(`/api/admin/orders/status/${placed.orderId}`, { orderStatus: 'Cancelled' }))
        .statusCode,
    ).toBe(200);
    expect(await details(id)).toMatchObject({ price: 50 });
    expect(await listed(id)).toMatchObject({ price: 50 });
  });

  it('with every size sold out, the cheapest of them all', async () => {
    const id = await insertProduct(t.db, { title: 'Gone Runner', category: 'Shoes', brand: 'Puma' });
    await saveOk(
      id,
      grid(
        'GONE',
        ['42', '43'],
        ['Red'],
        [
          ['42', 'Red', 0, 60],
          ['43', 'Red', 0, 58],
        ],
      ),
    );
    expect(await details(id)).toMatchObject({ price: 58, totalStock: 0 });
  });
});

describe("the spec's edit form (the whole product object sent back)", () => {
  it('a product without options: totalStock and price set its default variant, from the list or from details', async () => {
    const id = await insertProduct(t.db, {
      title: 'Plain Mug',
      brand: 'Bosch',
      totalStock: 5,
      imageKey: IMAGE,
    });
    const list = (await as(t.app, admin).get('/api/admin/products/get')).json().data as Array<{
      _id: string;
    }>;
    const listed = list.find((p) => p._id === id)!;
    const fromList = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
      ...listed,
      totalStock: 25,
    });
    expect(fromList.statusCode).toBe(200);
    expect(fromList.json().data).toMatchObject({ totalStock: 25 });
    let p = await details(id);
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]).toMatchObject({ stock: 25, price: 10, options: {} });

    const fromDetails = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
      ...p,
      price: 12,
      salePrice: 9,
      totalStock: 3,
    });
    expect(fromDetails.statusCode).toBe(200);
    p = await details(id);
    expect(p.variants[0]).toMatchObject({ stock: 3, price: 12, salePrice: 9 });
    expect([p.price, p.salePrice, p.totalStock]).toEqual([12, 9, 3]);
  });

  it('a product with options: 409 when price or totalStock differ, 200 (variants untouched) when unchanged', async () => {
    const id = await insertProduct(t.db, { title: 'Optioned Hoodie', brand: 'Bosch', imageKey: IMAGE });
    await saveOk(
      id,
      grid(
        'HOOD',
        ['S', 'M'],
        ['Grey'],
        [
          ['S', 'Grey', 4, 60],
          ['M', 'Grey', 6, 65],
        ],
      ),
    );
    const loaded = await details(id);
    const before = await snapshot(id);

    const stock = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, { ...loaded, totalStock: 11 });
    expect(stock.statusCode).toBe(409);
    expect(stock.json().message).toBe(
      "This product has sizes or colours: set the stock of each variant on its page in the admin. Its total stock is the sum of its variants' (10).",
    );
    const price = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, { ...loaded, price: 70 });
    expect(price.statusCode).toBe(409);
    expect(price.json().message).toBe(
      "This product has sizes or colours: set each variant's price on its page in the admin.",
    );
    const sale = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, { ...loaded, salePrice: 50 });
    expect(sale.statusCode).toBe(409);
    expect(await snapshot(id)).toEqual(before);

    const list = (await as(t.app, admin).get('/api/admin/products/get')).json().data as Array<{
      _id: string;
    }>;
    const listed = list.find((p) => p._id === id)!;
    const renamed = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
      ...listed,
      title: 'Optioned Hoodie (renamed)',
    });
    expect(renamed.statusCode).toBe(200);
    const after = await details(id);
    expect(after).toMatchObject({ title: 'Optioned Hoodie (renamed)', price: 60, totalStock: 10 });
    expect(after.variants).toEqual(loaded.variants);
    const fromDetails = await as(t.app, admin).put(`/api/admin/products/edit/${id}`, {
      ...after,
      description: 'Soft and warm.',
    });
    expect(fromDetails.statusCode).toBe(200);
    expect((await details(id)).variants).toEqual(loaded.variants);
  });
});

describe('GET /api/admin/products/low-stock', () => {
  it('lists variants with at most 5 units, fewest first, with their options and SKU', async () => {
    const id = await insertProduct(t.db, { title: 'Low Stock Jacket', brand: 'Nivea' });
    await saveOk(
      id,
      grid(
        'LOW',
        ['S', 'M', 'L'],
        ['Navy'],
        [
          ['S', 'Navy', 2],
          ['M', 'Navy', 50],
          ['L', 'Navy', 0],
        ],
      ),
    );
    const res = await as(t.app, admin).get('/api/admin/products/low-stock');
    expect(res.statusCode).toBe(200);
    const mine = (res.json().data as Array<{ productId: string }>).filter((v) => v.productId === id);
    expect(mine).toMatchObject([
      { title: 'Low Stock Jacket', sku: 'LOW-L-NAVY', options: { Size: 'L', Colour: 'Navy' }, stock: 0 },
      { title: 'Low Stock Jacket', sku: 'LOW-S-NAVY', options: { Size: 'S', Colour: 'Navy' }, stock: 2 },
    ]);
    const stocks = (res.json().data as Array<{ stock: number }>).map((v) => v.stock);
    expect(stocks).toEqual([...stocks].sort((x, y) => x - y));
    expect(stocks.every((n) => n <= 5)).toBe(true);
    expect(
      (await as(t.app, await signUpAndLogIn(t.app)).get('/api/admin/products/low-stock')).statusCode,
    ).toBe(403);
  });
});

describe('an order of two variants of one product', () => {
  const noMail: Mailer = { send: async () => 'not sent' };
  const deps = () => ({
    db: t.db,
    images: t.images,
    payments: createSandboxProvider('http://shop.test'),
    mailer: noMail,
    publicUrl: 'http://shop.test',
    storefrontUrl: 'http://shop.test',
    log: pino({ level: 'silent' }),
    catalog: NO_CATALOG_CACHE,
  });

  /** A product with sizes 42 (8 units) and 43 (5 units), and a shopper whose cart holds 2 × 42 and 3 × 43. */
  async function cartOfTwoVariants() {
    const id = await insertProduct(t.db, { title: 'Order Shoe', brand: 'Nike', price: 30 });
    await saveOk(id, {
      options: [{ name: 'Size', values: ['42', '43'] }],
      variants: [
        { sku: `ORD-${id.slice(0, 8)}-42`, options: { Size: '42' }, price: 30, stock: 8 },
        { sku: `ORD-${id.slice(0, 8)}-43`, options: { Size: '43' }, price: 35, stock: 5 },
      ],
    });
    const [v42, v43] = (await details(id)).variants;
    const s = await signUpAndLogIn(t.app);
    expect((await addLine(s, id, 2, v42!._id)).statusCode).toBe(200);
    expect((await addLine(s, id, 3, v43!._id)).statusCode).toBe(200);
    const placed = await placeOrder(t.app, s, (await addAddress(t.app, s))._id);
    return { id, v42: v42!, v43: v43!, s, placed };
  }
  const stocks = async (x: { id: string; v42: { _id: string }; v43: { _id: string } }) => [
    await variantStock(x.v42._id),
    await variantStock(x.v43._id),
    await totalStockOf(x.id),
  ];

  it('takes stock per variant on capture; cancelling gives each variant its units back once (cancel twice, the admin’s Cancelled, the jobs)', async () => {
    const x = await cartOfTwoVariants();
    const payerId = await approveSandbox(t.app, x.placed.paymentId);
    const paid = await capture(t.app, x.s, { ...x.placed, payerId });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({ totalPrice: 165, orderStatus: 'Processing' });
    const lines = paid.json().data.cartItems as Array<{
      variantId: string;
      sku: string;
      options: object;
      quantity: number;
    }>;
    expect(lines.map((l) => [l.variantId, l.sku, l.options, l.quantity]).sort()).toEqual(
      [
        [x.v42._id, x.v42.sku, [{ name: 'Size', value: '42' }], 2],
        [x.v43._id, x.v43.sku, [{ name: 'Size', value: '43' }], 3],
      ].sort(),
    );
    expect(await stocks(x)).toEqual([6, 2, 8]);

    const cancel = () => as(t.app, x.s).post(`/api/shop/order/cancel/${x.placed.orderId}`, {});
    expect((await cancel()).statusCode).toBe(200);
    expect(await stocks(x)).toEqual([8, 5, 13]);
    expect((await cancel()).statusCode).toBe(409);
    const adminCancel = await as(t.app, admin).put(`/api/admin/orders/status/${x.placed.orderId}`, {
      orderStatus: 'Cancelled',
    });
    // Setting the status an order already has is a no-op (admin-orders): answered, nothing given back again.
    expect(adminCancel.statusCode).toBe(200);
    expect(await stocks(x)).toEqual([8, 5, 13]);
    await reconcilePayments(deps(), { pendingTtlMs: 60 * 60_000, graceMs: 0 });
    await retryPendingRefunds(deps(), { graceMs: 0 });
    expect(await stocks(x)).toEqual([8, 5, 13]);
  });

  it('an order left capturing, cancelled by the admin and then voided by the provider: stock back once', async () => {
    const x = await cartOfTwoVariants();
    // What a capture in flight holds: stock reserved, the order marked capturing.
    expect(await reserveStock(t.db, x.placed.orderId)).toHaveProperty('move');
    expect(await stocks(x)).toEqual([6, 2, 8]);
    const cancelled = await as(t.app, admin).put(`/api/admin/orders/status/${x.placed.orderId}`, {
      orderStatus: 'Cancelled',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(await stocks(x)).toEqual([8, 5, 13]);
    await t.db
      .update(sandboxPayments)
      .set({ status: 'cancelled' })
      .where(eq(sandboxPayments.id, x.placed.paymentId));
    await t.db.update(orders).set({ checkedAt: null }).where(eq(orders.id, x.placed.orderId));
    await reconcilePayments(deps(), { pendingTtlMs: 60 * 60_000, graceMs: 0 });
    await reconcilePayments(deps(), { pendingTtlMs: 60 * 60_000, graceMs: 0 });
    expect(await stocks(x)).toEqual([8, 5, 13]);
  });

  it('a capture after one variant sold out meanwhile is refused naming the product, and nothing is taken', async () => {
    const x = await cartOfTwoVariants();
    await t.db.update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, x.v43._id));
    expect(await stocks(x)).toEqual([8, 2, 10]);
    const payerId = await approveWithoutReturn(t.db, x.placed.paymentId);
    const refused = await capture(t.app, x.s, { ...x.placed, payerId });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Order Shoe.* is out of stock$/);
    expect(await stocks(x)).toEqual([8, 2, 10]);
  });
});

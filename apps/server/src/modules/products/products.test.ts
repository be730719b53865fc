import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { buyProducts } from '../../test/shop-client.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  // Effective prices: A 30, B 15 (sale), C 20, D 25 (sale), E 5, and out of stock F 1 and Aardvark 100, which would
  // lead the price and name sorts if stock did not come first.
  ids.a = await insertProduct(t.db, { title: 'Alpha Jacket', category: 'Men', brand: 'Zara', price: 30 });
  ids.b = await insertProduct(t.db, {
    title: 'Bravo Dress',
    category: 'Women',
    brand: 'Zara',
    price: 100,
    salePrice: 15,
  });
  ids.c = await insertProduct(t.db, { title: 'Charlie Shoe', category: 'Shoes', brand: 'Nike', price: 20 });
  ids.d = await insertProduct(t.db, {
    title: 'Delta Tee',
    category: 'Men',
    brand: 'Nike',
    price: 40,
    salePrice: 25,
  });
  ids.e = await insertProduct(t.db, {
    title: 'Echo Kettle',
    category: 'Home & Kitchen',
    brand: 'GE',
    price: 5,
  });
  ids.f = await insertProduct(t.db, {
    title: 'Foxtrot Boot',
    category: 'Men',
    brand: 'Nike',
    price: 1,
    totalStock: 0,
  });
  ids.aardvark = await insertProduct(t.db, {
    title: 'Aardvark Cap',
    category: 'Women',
    brand: 'Zara',
    price: 100,
    totalStock: 0,
  });
});
afterAll(async () => {
  await t.app.close();
});

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get${query}` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    data: { _id: string; title: string; price: number; salePrice: number; image: string }[];
    page: number;
    limit: number;
    pagination: { page: number; limit: number; total: number; pages: number };
  };
}
const titles = (body: { data: { title: string }[] }) => body.data.map((p) => p.title.split(' ')[0]);

const PRICE_ASC = ['Echo', 'Bravo', 'Charlie', 'Delta', 'Alpha', 'Foxtrot', 'Aardvark'];

describe('GET /api/shop/products/get', () => {
  it.each([
    ['price-asc', PRICE_ASC],
    ['price-desc', ['Alpha', 'Delta', 'Charlie', 'Bravo', 'Echo', 'Aardvark', 'Foxtrot']],
    ['name-asc', ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Aardvark', 'Foxtrot']],
    ['name-desc', ['Echo', 'Delta', 'Charlie', 'Bravo', 'Alpha', 'Foxtrot', 'Aardvark']],
  ])(
    'sorts %s (price = sale price when above 0), out-of-stock products last in the same order',
    async (sortBy, expected) => {
      expect(titles(await list(`?sortBy=${sortBy}`))).toEqual(expected);
    },
  );

  it('sorts by price ascending by default, and for an unknown sortBy', async () => {
    expect(titles(await list(''))).toEqual(PRICE_ASC);
    expect(titles(await list('?sortBy=drop%20table'))).toEqual(PRICE_ASC);
  });

  it.each([
    ['comma-joined', '?category=Men,Women'],
    ['repeated', '?category=Men&category=Women'],
    ['mixed with unknown values', '?category=Men,Nope&category=Women&category=%27%20OR%201%3D1'],
  ])('filters by category given %s, out-of-stock products last', async (_label, query) => {
    expect(titles(await list(query))).toEqual(['Bravo', 'Delta', 'Alpha', 'Foxtrot', 'Aardvark']);
  });

  it.each([
    ['price-desc', ['Alpha', 'Delta', 'Foxtrot']],
    ['name-asc', ['Alpha', 'Delta', 'Foxtrot']],
  ])('keeps out-of-stock products last in one category, sorted %s', async (sortBy, expected) => {
    expect(titles(await list(`?category=Men&sortBy=${sortBy}`))).toEqual(expected);
  });

  it('combines category and brand filters (AND between groups, OR inside one)', async () => {
    expect(titles(await list('?category=Men,Shoes&brand=Nike'))).toEqual(['Charlie', 'Delta', 'Foxtrot']);
  });

  it('ignores a filter made only of unknown values', async () => {
    expect((await list('?category=Nope&brand=Acme')).pagination.total).toBe(7);
  });

  it('answers prices in dollars and absolute image URLs', async () => {
    const bravo = (await list('?category=Women')).data[0]!;
    expect(bravo).toMatchObject({
      price: 100,
      salePrice: 15,
      image: 'http://shop.test/uploads/products/test-800.webp',
    });
  });

  it('paginates with totals, and clamps page=0 and limit=100000', async () => {
    const first = await list('?limit=2');
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 7, pages: 4 });
    const third = await list('?limit=2&page=3');
    expect(titles(third)).toEqual(['Alpha', 'Foxtrot']);
    expect(third.page).toBe(3);
    const zero = await list('?page=0&limit=100000');
    expect(zero.page).toBe(1);
    expect(zero.limit).toBe(100);
    expect(zero.data).toHaveLength(7);
    expect((await list('?page=99')).data).toEqual([]);
    expect((await list('?limit=abc')).limit).toBe(24);
  });

  it.each(['price-asc', 'price-desc', 'name-asc', 'name-desc'])(
    'pages through %s without repeating or skipping products',
    async (sortBy) => {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++)
        seen.push(...(await list(`?sortBy=${sortBy}&limit=2&page=${page}`)).data.map((p) => p._id));
      expect(new Set(seen).size).toBe(7);
    },
  );

  it('moves a product whose last unit is sold to the end of the listing', async () => {
    const shopper = await signUpAndLogIn(t.app);
    await buyProducts(t.app, shopper, [{ productId: ids.c!, quantity: 10 }]);
    expect(titles(await list(''))).toEqual([
      'Echo',
      'Bravo',
      'Delta',
      'Alpha',
      'Foxtrot',
      'Charlie',
      'Aardvark',
    ]);
    expect(titles(await list('?sortBy=name-desc'))).toEqual([
      'Echo',
      'Delta',
      'Bravo',
      'Alpha',
      'Foxtrot',
      'Charlie',
      'Aardvark',
    ]);
  });
});

describe('GET /api/shop/products/get/:id', () => {
  it('answers the product', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${ids.d}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: ids.d,
      title: 'Delta Tee',
      price: 40,
      salePrice: 25,
      totalStock: 10,
      averageRating: 0,
      reviewsCount: 0,
    });
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"])(
    'answers 404 for %s',
    async (id) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/shop/products/get/${encodeURIComponent(id)}`,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: 'Product not found' });
    },
  );
});

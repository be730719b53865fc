import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';

let t: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  ids.iphone = await insertProduct(t.db, {
    title: 'Apple iPhone 16 Pro 256GB',
    brand: 'Apple',
    category: 'Electronics',
    description: 'The fastest iPhone yet.',
  });
  ids.case = await insertProduct(t.db, {
    title: 'Galaxy Clear Case',
    brand: 'Samsung',
    category: 'Electronics',
    description: 'A slim case that also fits an iPhone 16 Pro.',
  });
  ids.ultraboost = await insertProduct(t.db, {
    title: 'Adidas Ultraboost 5 Running Shoe',
    brand: 'Adidas',
    category: 'Shoes',
    description: 'Springy running shoe.',
  });
  ids.samba = await insertProduct(t.db, {
    title: 'Adidas Samba OG Shoe',
    brand: 'Adidas',
    category: 'Shoes',
    description: 'A classic on the terraces.',
  });
  ids.mixer = await insertProduct(t.db, {
    title: 'KitchenAid Artisan 5-Qt Stand Mixer',
    brand: 'KitchenAid',
    category: 'Home & Kitchen',
    description: 'Mixes dough for the whole kitchen.',
  });
  ids.kettle = await insertProduct(t.db, {
    title: 'Bosch Kitchen Kettle',
    brand: 'Bosch',
    category: 'Home & Kitchen',
    description: 'Boils water in the kitchen.',
  });
  for (let i = 0; i < 30; i++) {
    await insertProduct(t.db, {
      title: `Nike Training Sock ${i}`,
      brand: 'Nike',
      category: 'Sports & Outdoors',
      description: 'Cushioned training sock.',
    });
  }
});
afterAll(async () => {
  await t.app.close();
});

async function search(query: string, extra = '') {
  return t.app.inject({ method: 'GET', url: `/api/shop/search/${encodeURIComponent(query)}${extra}` });
}
const titles = async (query: string) =>
  ((await search(query)).json().data as Array<{ _id: string; title: string }>).map((p) => p._id);

describe('search', () => {
  it.each([
    ['iphone', 'iphone'],
    ['iphnoe', 'iphone'],
    ['adiddas', 'ultraboost'],
    ['kitchen aid', 'mixer'],
    ['KITCHENAID mixer', 'mixer'],
  ])('"%s" finds the intended product first', async (query, key) => {
    const found = await titles(query);
    if (key === 'ultraboost') expect(found.slice(0, 2).sort()).toEqual([ids.ultraboost, ids.samba].sort());
    else expect(found[0]).toBe(ids[key]);
  });

  it('ranks a title match above a description match', async () => {
    const found = await titles('iphone 16 pro');
    expect(found.indexOf(ids.iphone!)).toBeLessThan(found.indexOf(ids.case!));
    expect(found).toContain(ids.case);
  });

  it('pages through the matches', async () => {
    const first = (await search('training sock', '?limit=10')).json();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 30, pages: 3 });
    const third = (await search('training sock', '?limit=10&page=3')).json();
    expect(third.data).toHaveLength(10);
    const seen = new Set([...first.data, ...third.data].map((p: { _id: string }) => p._id));
    expect(seen.size).toBe(20);
  });

  it.each(['%', '_', "'", "')) OR 1=1--", '(', '(a+)+$', '\\', ':*', '!!', 'a & | b'])(
    'answers %j safely',
    async (query) => {
      const res = await search(query);
      expect([200, 400]).toContain(res.statusCode);
      if (res.statusCode === 200) expect(res.json().data.length).toBeLessThan(36);
    },
  );

  it.each([
    ['an empty query', '   '],
    ['a 101-character query', 'a'.repeat(101)],
    ['a 10,000-character query', 'x'.repeat(10_000)],
  ])('refuses %s with 400', async (_label, query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
  });

  it('finds nothing for a word that matches nothing', async () => {
    const res = await search('zzqxj');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

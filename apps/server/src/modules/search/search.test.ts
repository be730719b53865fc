import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@emporium/contract';
import { selectRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';
import { searchProducts } from './service.ts';
import { typoDistance } from './vocabulary.ts';

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
  ids.tv = await insertProduct(t.db, {
    title: 'Samsung 65" Neo QLED 4K Smart TV',
    brand: 'Samsung',
    category: 'Electronics',
    description: 'Bright, sharp picture.',
  });
  ids.microwave = await insertProduct(t.db, {
    title: 'Samsung 1.1 cu. ft. Countertop Microwave',
    brand: 'Samsung',
    category: 'Home & Kitchen',
    description: 'Heats quickly.',
  });
  ids.headphones = await insertProduct(t.db, {
    title: 'Sony WH-1000XM5 Noise Cancelling Headphones',
    brand: 'Sony',
    category: 'Electronics',
    description: 'Quiet, comfortable sound.',
  });
  ids.blazer = await insertProduct(t.db, {
    title: 'Zara Slim Fit Textured Blazer',
    brand: 'Zara',
    category: 'Men',
    description: 'A modern fit for every day.',
  });
  ids.canvas = await insertProduct(t.db, {
    title: 'Gucci GG Canvas Jacquard Jacket',
    brand: 'Gucci',
    category: 'Clothing',
    description: 'Soft, durable fabric.',
  });
  ids.mascara = await insertProduct(t.db, {
    title: "L'Oréal Paris Voluminous Lash Paradise Mascara",
    brand: "L'Oréal",
    category: 'Beauty & Health',
    description: 'Dermatologist tested.',
  });
  ids.fleece = await insertProduct(t.db, {
    title: 'Under Armour Storm Armour Fleece Jacket',
    brand: 'Under Armour',
    category: 'Clothing',
    description: 'Warm and light.',
  });
  ids.nivea = await insertProduct(t.db, {
    title: 'Nivea Creme Moisturizing Cream Tin',
    brand: 'Nivea',
    category: 'Beauty & Health',
    description: 'Rich cream for the whole family.',
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

  it('answers every match to a call without page and limit, as spec §7’s client makes it (not just the first 24)', async () => {
    const all = (await search('training sock')).json();
    expect(all.data).toHaveLength(30);
    expect(new Set(all.data.map((p: { _id: string }) => p._id)).size).toBe(30);
    expect(all.pagination).toEqual({ page: 1, limit: LIMITS.unpagedList.max, total: 30, pages: 1 });
    // Paged as asked: the first page still has 24 by default, and page 2 the remaining 6.
    const first = (await search('training sock', '?page=1')).json();
    expect(first.data).toHaveLength(LIMITS.pageSize.default);
    expect(first.pagination).toEqual({ page: 1, limit: 24, total: 30, pages: 2 });
    const second = (await search('training sock', '?page=2&limit=24')).json();
    expect(second.data.map((p: { _id: string }) => p._id)).toEqual(
      all.data.slice(24).map((p: { _id: string }) => p._id),
    );
  });

  it('pages through the matches', async () => {
    const first = (await search('training sock', '?limit=10')).json();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 30, pages: 3 });
    const third = (await search('training sock', '?limit=10&page=3')).json();
    expect(third.data).toHaveLength(10);
    const seen = new Set([...first.data, ...third.data].map((p: { _id: string }) => p._id));
    expect(seen.size).toBe(20);
  });

  it.each([
    '%',
    '_',
    "'",
    "')) OR 1=1--",
    '(',
    '(a+)+$',
    '(.*a){20}',
    '\\',
    ':*',
    '!!',
    'a & | b',
    "'jacket':A | 'x'",
    'nike\u0000',
    '\u0000',
    'blazer\u0000 or 1=1',
    '"\\u0000"',
  ])('answers %j safely', async (query) => {
    const res = await search(query);
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(res.json().data.length).toBeLessThan(36);
  });

  it.each(['%ED%A0%80blazer', '%F0%9F', '%C0%AF', 'blazer%00%00', '%E2%80%AEblazer'])(
    'answers the raw path /search/%s (broken UTF-8, NUL, bidi) safely',
    async (raw) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/shop/search/${raw}` });
      expect([200, 400]).toContain(res.statusCode);
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

  it.each([
    ['an insertion', 'blazzer', 'blazer'],
    ['a deletion', 'blazr', 'blazer'],
    ['a substitution', 'blazet', 'blazer'],
    ['an adjacent transposition', 'balzer', 'blazer'],
    ['an adjacent transposition', 'ihpone', 'iphone'],
    ['an adjacent transposition', 'ktetle', 'kettle'],
    ['an adjacent transposition', 'cavnas', 'canvas'],
    ['two typos in a word of 9 letters', 'mivroawve', 'microwave'],
    ['two typos in a word of 10 letters', 'haedphnoes', 'headphones'],
    ['a typo in a misspelt brand', 'samsnug tv', 'tv'],
  ])('corrects %s ("%s") and says so', async (_kind, query, key) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data[0]._id).toBe(ids[key]);
    expect(body.correctedQuery).toBeTruthy();
    expect(body.correctedQuery).not.toBe(query);
  });

  it('reports the corrected words', async () => {
    expect((await search('balzer')).json().correctedQuery).toBe('blazer');
    expect((await search('zara balzer')).json().correctedQuery).toBe('zara blazer');
    expect((await search('blazer')).json().correctedQuery).toBeUndefined();
  });

  it.each([
    ['a typo in a 4-letter word', 'nkie'],
    ['a typo in a 3-letter word', 'pma'],
    ['two typos in a 7-letter word', 'bazlrer'],
    ['a typo on top of a short brand', 'zaar'],
  ])('does not correct beyond the typo rules: %s ("%s")', async (_label, query) => {
    const res = await search(query);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });

  it.each(['trampoline', 'piano', 'dog leash', 'guitar strings', 'garden hose', 'zzqxj mixer', 'sofa'])(
    'answers "%s", which the shop does not sell, with nothing',
    async (query) => {
      const res = await search(query);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
      expect(res.json().pagination.total).toBe(0);
    },
  );

  it('finds a brand without its look-alikes ("nike" is not Nivea)', async () => {
    const found = (await search('nike', '?limit=100')).json().data as Array<{ brand: string }>;
    expect(found.length).toBe(30);
    expect(found.every((p) => p.brand === 'Nike')).toBe(true);
  });

  it.each([
    ['headph', 'headphones'],
    ['sony headph', 'headphones'],
    ['micro', 'microwave'],
    ['kitchena', 'mixer'],
    ['samsung countert', 'microwave'],
  ])('completes the last word while typing: "%s"', async (query, key) => {
    const found = await titles(query);
    expect(found[0]).toBe(ids[key]);
  });

  it('matches only the products that contain a completion of the last word', async () => {
    const found = await titles('headph');
    expect(found).toEqual([ids.headphones]);
  });

  it.each([
    ['tv', 'tv'],
    ['television', 'tv'],
    ['tvs', 'tv'],
    ['loreal', 'mascara'],
    ["l'oreal mascara", 'mascara'],
    ['underarmour', 'fleece'],
    ['blazers', 'blazer'],
    ['mixers', 'mixer'],
    ['wh-1000xm5', 'headphones'],
    ['kitchen-aid mixer', 'mixer'],
  ])('understands "%s" (synonyms, plurals, compounds)', async (query, key) => {
    const found = await titles(query);
    expect(found[0]).toBe(ids[key]);
  });

  it('keeps the vocabulary with the catalog: new, edited and deleted products', async () => {
    const id = await insertProduct(t.db, {
      title: 'Yamaha Xylophone Deluxe',
      brand: 'Sony',
      category: 'Kids',
      description: 'A toy.',
    });
    expect(await titles('xylophnoe')).toEqual([id]);
    await t.db.update(products).set({ title: 'Yamaha Glockenspiel Deluxe' }).where(eq(products.id, id));
    expect(await titles('xylophone')).toEqual([]);
    expect(await titles('glockenspeil')).toEqual([id]);
    await t.db.delete(products).where(eq(products.id, id));
    expect(await titles('glockenspiel')).toEqual([]);
    expect(await titles('yamaha')).toEqual([]);
  });

  it('ranks a title match above a brand match and a description match', async () => {
    const found = await titles('kitchen');
    expect(found[0]).toBe(ids.kettle);
    expect(found.indexOf(ids.kettle!)).toBeLessThan(found.indexOf(ids.microwave!));
  });
});

describe('a word new in the catalog', () => {
  it('is found at once, even when it was searched for (and matched nothing) before', async () => {
    const search = (text: string) => searchProducts(t.db, t.images, text, 1, 24);
    for (let i = 0; i < 2; i++) expect((await search('quokkaplush')).total).toBe(0);
    const id = await insertProduct(t.db, { title: 'Quokkaplush Travel Pillow', category: 'Home & Kitchen' });
    expect((await search('quokkaplush')).items.map((p) => p._id)).toEqual([id]);
  });
});

describe('search indexes', () => {
  it('keep no pending list, so a search never scans a backlog of unsorted recent writes (migration 0010)', async () => {
    const indexes = await selectRows<{ relname: string; reloptions: string[] | null }>(
      t.db,
      sql`select relname, reloptions from pg_class
          where relname in ('products_search_document_idx', 'products_name_document_idx')
            and relnamespace = current_schema()::regnamespace
          order by relname`,
    );
    expect(indexes).toEqual([
      { relname: 'products_name_document_idx', reloptions: ['fastupdate=false'] },
      { relname: 'products_search_document_idx', reloptions: ['fastupdate=false'] },
    ]);
    // Writes go straight into the index: a product added now is found by its new word at once.
    await insertProduct(t.db, { title: 'Zanzibar Spice Grinder', category: 'Home & Kitchen' });
    const found = await t.app.inject({ method: 'GET', url: '/api/shop/search/zanzibar' });
    expect(found.json().data.map((p: { title: string }) => p.title)).toEqual(['Zanzibar Spice Grinder']);
  });
});

describe('typoDistance', () => {
  it.each([
    ['blazer', 'blazer', 0],
    ['balzer', 'blazer', 1],
    ['blazzer', 'blazer', 1],
    ['blazr', 'blazer', 1],
    ['blazet', 'blazer', 1],
    ['mivroawve', 'microwave', 2],
    ['abc', 'xyz', 3],
  ])('%s → %s is %i', (a, b, d) => {
    expect(typoDistance(a, b, 2)).toBe(Math.min(d, 3));
  });
});

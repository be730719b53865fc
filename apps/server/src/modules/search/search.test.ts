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

  it.each([
    ['iphone 15', 'iphone', ['15']],
    ['iphone zzqxj', 'iphone', ['zzqxj']],
  ])(
    '"%s" finds the iPhone first, for "%s", saying what was left out (issue 40)',
    async (query, matched, left) => {
      const body = (await search(query)).json();
      expect(body.data[0]._id).toBe(ids.iphone);
      expect(body.matchedQuery).toBe(matched);
      expect(body.unmatchedWords).toEqual(left);
    },
  );

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
    ['a typo in a 3-letter word', 'pma'],
    ['two typos in a 7-letter word', 'bazlrer'],
    ['two typos in a 4-letter word', 'nkei'],
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

describe('short words, option words and "Did you mean" (issue 28)', () => {
  let s: TestApp;
  const id: Record<string, string> = {};
  const find = (query: string) =>
    s.app.inject({ method: 'GET', url: `/api/shop/search/${encodeURIComponent(query)}?limit=100` });
  const found = async (query: string) => {
    const res = await find(query);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      data: Array<{ _id: string; title: string; brand: string }>;
      pagination: { total: number };
      correctedQuery?: string;
      suggestion?: string;
      matchedQuery?: string;
      unmatchedWords?: string[];
      popular?: Array<{ _id: string; totalStock: number }>;
    };
  };
  const brandsOf = async (query: string) => [...new Set((await found(query)).data.map((p) => p.brand))];

  beforeAll(async () => {
    s = await buildTestApp();
    const add = async (key: string, p: Parameters<typeof insertProduct>[1]) => {
      id[key] = await insertProduct(s.db, p);
    };
    await add('pegasus', { title: 'Nike Air Zoom Pegasus Running Shoes', brand: 'Nike', category: 'Shoes' });
    await add('revolution', { title: 'Nike Revolution 7 Shoes', brand: 'Nike', category: 'Shoes' });
    await add('niketee', { title: 'Nike Dri-FIT Training Tee', brand: 'Nike', category: 'Clothing' });
    await add('ace', { title: 'Gucci Ace Leather Sneaker', brand: 'Gucci', category: 'Shoes' });
    await add('marmont', { title: 'Gucci GG Marmont Shoulder Bag', brand: 'Gucci', category: 'Women' });
    await add('bar', { title: 'Dove Beauty Bar', brand: 'Dove', category: 'Beauty & Health' });
    await add('wash', { title: 'Dove Deep Moisture Body Wash', brand: 'Dove', category: 'Beauty & Health' });
    await add('suede', { title: 'Puma Suede Classic', brand: 'Puma', category: 'Shoes' });
    // A title word one typo from "dobe", beside the brand Dove: the brand is what "dobe" means.
    await add('robe', { title: 'Zara Satin Robe', brand: 'Zara', category: 'Women' });
    // A word of four letters the catalog has: it is found as typed, never read as the brand one typo away.
    await add('pima', { title: 'Zara Pima Cotton Polo', brand: 'Zara', category: 'Men' });
    // "sock" in three titles (a frequent name word); "bolt" in one (a rare one); "tour" in three.
    await add('sock1', { title: 'Wilson Crew Sock', brand: 'Wilson', category: 'Sports & Outdoors' });
    await add('sock2', { title: 'Adidas Trefoil Sock', brand: 'Adidas', category: 'Sports & Outdoors' });
    await add('sock3', {
      title: 'Under Armour Ankle Sock',
      brand: 'Under Armour',
      category: 'Sports & Outdoors',
    });
    await add('bolt', {
      title: 'Spalding Bolt Basketball Hoop',
      brand: 'Spalding',
      category: 'Sports & Outdoors',
    });
    for (const n of [1, 2, 3])
      await add(`tour${n}`, {
        title: `Wilson Tour Racket Bag ${n}`,
        brand: 'Wilson',
        category: 'Sports & Outdoors',
      });
    // "soft" in many descriptions and no title: a description word, which a short typo never reaches.
    for (const n of [1, 2, 3, 4])
      await add(`fleece${n}`, {
        title: `Reebok Identity Fleece Hoodie ${n}`,
        brand: 'Reebok',
        category: 'Clothing',
        description: 'Soft brushed fleece, soft cuffs.',
      });
    // Option words (issue 28): kept by the admin service; set directly here.
    await s.db.execute(
      sql`update products set option_text = 'Size S M L Colour Red Blue',
            option_facets = '{size:s,size:m,size:l,colour:red,colour:blue,v:s|red,v:m|blue,v:l|red}'
          where id = ${id.fleece1}`,
    );
    await s.db.execute(
      sql`update products set option_text = 'Size S M Colour Green' where id = ${id.fleece2}`,
    );
    await s.db.execute(
      sql`update products set option_text = 'Size 40 41 42 Colour Burgundy' where id = ${id.suede}`,
    );
    await s.db.execute(sql`update products set option_text = 'Size 38 39 40' where id = ${id.ace}`);
  });
  afterAll(async () => {
    await s.app.close();
  });

  it.each([
    ['a swap of two letters', 'niek', 'Nike', 'nike'],
    ['a swap of two letters', 'nkie', 'Nike', 'nike'],
    ['a missing letter', 'guci', 'Gucci', 'gucci'],
    ['a wrong letter', 'dobe', 'Dove', 'dove'],
    ['a swap at the end', 'puam', 'Puma', 'puma'],
    ['a swap of two letters', 'zraa', 'Zara', 'zara'],
  ])(
    'corrects %s in a four-letter brand ("%s" finds %s) and says so',
    async (_kind, query, brand, corrected) => {
      const body = await found(query);
      expect(body.data.length).toBeGreaterThan(0);
      expect(body.data.every((p) => p.brand === brand)).toBe(true);
      expect(body.correctedQuery).toBe(corrected);
    },
  );

  it('"nkie shoes" finds the Nike shoes only', async () => {
    const body = await found('nkie shoes');
    expect(body.data.map((p) => p._id).sort()).toEqual([id.pegasus, id.revolution].sort());
    expect(body.correctedQuery).toBe('nike shoes');
  });

  it('corrects a four-letter word towards a frequent name word ("scok": the three socks only)', async () => {
    const body = await found('scok');
    expect(body.data.map((p) => p._id).sort()).toEqual([id.sock1, id.sock2, id.sock3].sort());
    expect(body.correctedQuery).toBe('sock');
  });

  it('does not flood: a brand is meant before a look-alike title word ("dobe" is Dove, not the robe)', async () => {
    expect(await brandsOf('dobe')).toEqual(['Dove']);
    expect((await found('dobe')).data.map((p) => p._id)).not.toContain(id.robe);
  });

  it.each([
    ['a word found only in descriptions', 'sofa'],
    ['a title word of one product', 'blot'],
    ['two typos', 'nkei'],
    ['an English stop word one typo from a frequent name word', 'your'],
  ])('does not correct a four-letter word towards %s ("%s")', async (_label, query) => {
    const body = await found(query);
    expect(body.data).toEqual([]);
    expect(body.pagination.total).toBe(0);
  });

  it('ranks exact matches above typo matches: a word the catalog has is taken as typed', async () => {
    // "pima" is a title word and one typo from the brand Puma: the Pima polo alone, uncorrected.
    const pima = await found('pima');
    expect(pima.data.map((p) => p._id)).toEqual([id.pima]);
    expect(pima.correctedQuery).toBeUndefined();
    expect(await brandsOf('puma')).toEqual(['Puma']);
    // The same words as typed and with one typo find the same products in the same order; only the typo is marked.
    const exact = await found('nike shoes');
    expect(exact.correctedQuery).toBeUndefined();
    expect((await found('nkie shoes')).data.map((p) => p._id)).toEqual(exact.data.map((p) => p._id));
  });

  it('finds products by their option words ("red hoodie", "size 42")', async () => {
    expect((await found('red hoodie')).data.map((p) => p._id)).toEqual([id.fleece1]);
    expect((await found('hoodie green')).data.map((p) => p._id)).toEqual([id.fleece2]);
    expect((await found('size 42')).data.map((p) => p._id)).toEqual([id.suede]);
    expect((await found('size 40')).data.map((p) => p._id).sort()).toEqual([id.suede, id.ace].sort());
    // A title match still ranks above an option match of the same word.
    const hoodies = await found('hoodie');
    expect(hoodies.data).toHaveLength(4);
  });

  it('keeps option words in the vocabulary: corrected, completed, and gone when the options change', async () => {
    expect((await found('burgundy')).data.map((p) => p._id)).toEqual([id.suede]);
    const typo = await found('brugundy');
    expect(typo.data.map((p) => p._id)).toEqual([id.suede]);
    expect(typo.correctedQuery).toBe('burgundy');
    expect((await found('puma burg')).data.map((p) => p._id)).toEqual([id.suede]);
    // A write outside the admin API renews no cached answer: ask the search itself.
    const ids = async (query: string) =>
      (await searchProducts(s.db, s.images, query, 1, 24)).items.map((p) => p._id);
    await s.db.execute(sql`update products set option_text = 'Size 40 41 42' where id = ${id.suede}`);
    expect(await ids('burgundy')).toEqual([]);
    expect(await ids('brugundy')).toEqual([]);
    expect(await ids('size 42')).toEqual([id.suede]);
    await s.db.execute(
      sql`update products set option_text = 'Size 40 41 42 Colour Burgundy' where id = ${id.suede}`,
    );
    expect(await ids('burgundy')).toEqual([id.suede]);
  });

  it.each([
    ['a typo in a 3-letter word', 'pma', 'puma'],
    ['a typo towards a rare title word', 'blot', 'bolt'],
    ['the same beside a word that is right', 'blot hoop', 'bolt hoop'],
    ['two typos in a 7-letter word', 'snaekre', 'sneaker'],
  ])(
    'offers "Did you mean …" for %s ("%s" → "%s"), and the suggestion finds something',
    async (_l, query, suggestion) => {
      const body = await found(query);
      expect(body.data).toEqual([]);
      expect(body.suggestion).toBe(suggestion);
      expect((await found(suggestion)).pagination.total).toBeGreaterThan(0);
    },
  );

  it.each([
    ['a word with no close catalog word', 'zzqxj'],
    ['a close word found only in descriptions', 'sofa'],
    ['a stop word alone', 'your'],
  ])('offers no suggestion for %s ("%s")', async (_label, query) => {
    const body = await found(query);
    expect(body.data).toEqual([]);
    expect(body.suggestion).toBeUndefined();
  });

  it('leaves out words that find nothing together (issue 40): "dove sock" shows Dove and says "sock" was left out', async () => {
    const body = await found('dove sock');
    expect(body.data.map((p) => p._id).sort()).toEqual([id.bar, id.wash].sort());
    expect(body.matchedQuery).toBe('dove');
    expect(body.unmatchedWords).toEqual(['sock']);
    expect(body.suggestion).toBeUndefined();
    expect(body.popular).toBeUndefined();
  });

  it('leaves out option words first, then words from the end ("wilson red sock": the Wilson sock)', async () => {
    const body = await found('wilson red sock');
    expect(body.data.map((p) => p._id)).toEqual([id.sock1]);
    expect(body.matchedQuery).toBe('wilson sock');
    expect(body.unmatchedWords).toEqual(['red']);
    const fromEnd = await found('sock wilson tour');
    expect(fromEnd.data.map((p) => p._id)).toEqual([id.sock1]);
    expect(fromEnd.unmatchedWords).toEqual(['tour']);
  });

  it('answers only the full matches when the words find something together', async () => {
    const body = await found('red hoodie');
    expect(body.data.map((p) => p._id)).toEqual([id.fleece1]);
    expect(body.matchedQuery).toBeUndefined();
    expect(body.unmatchedWords).toBeUndefined();
  });

  it('offers 4 popular products in stock, the most reviewed first, on an empty first page only', async () => {
    await s.db.execute(sql`update products set reviews_count = 7 where id = ${id.ace}`);
    await s.db.execute(sql`update products set reviews_count = 5 where id = ${id.bar}`);
    await s.db.execute(sql`update products set reviews_count = 9, total_stock = 0 where id = ${id.marmont}`);
    const body = await found('zzqxj wwqq');
    expect(body.data).toEqual([]);
    expect(body.popular).toHaveLength(4);
    expect(body.popular!.slice(0, 2).map((p) => p._id)).toEqual([id.ace, id.bar]);
    expect(body.popular!.every((p) => p.totalStock > 0)).toBe(true);
    const page2 = await s.app.inject({ method: 'GET', url: '/api/shop/search/zzqxj?page=2&limit=10' });
    expect(page2.json().popular).toBeUndefined();
    expect((await found('dove')).popular).toBeUndefined();
  });

  it('finds a product by every category it is filed under, its `category` still the first (issue 40)', async () => {
    await s.db.execute(sql`update products set categories = '{Men,Clothing}' where id = ${id.pima}`);
    const body = await found('clothing');
    const polo = body.data.find((p) => p._id === id.pima) as unknown as {
      category: string;
      categories: string[];
    };
    expect(polo).toMatchObject({ category: 'Men', categories: ['Men', 'Clothing'] });
    expect((await found('men polo')).data.map((p) => p._id)).toEqual([id.pima]);
  });

  it('offers no suggestion when something was found', async () => {
    expect((await found('niek')).suggestion).toBeUndefined();
    expect((await found('dove')).suggestion).toBeUndefined();
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

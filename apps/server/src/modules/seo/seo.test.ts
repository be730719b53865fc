/**
 * Pages a search engine can read (issue 41): in the open storefront a product page's HTML carries its head (title,
 * description, canonical URL, Open Graph) and JSON-LD whose price and availability are what the page shows, at one
 * readable address (id-only links answer 301, a product no longer sold 410); listings point to their canonical
 * listing; robots.txt and the sitemap tell crawlers where to go. The members storefront answers as before: pages as
 * built, no redirect, no sitemap, robots.txt keeping every crawler out.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  defaultVariant,
  effectivePrice,
  productUrlParam,
  WITHDRAWAL_DAYS,
  type ProductDetails,
} from '@emporium/contract';
import { selectRows } from '../../db/client.ts';
import { products, shippingMethods } from '../../db/schema.ts';
import { seedCatalog } from '../../seed/seed.ts';
import { buildTestApp, insertProduct, type TestApp } from '../../test/build-test-app.ts';
import { ROUTE_SCREENS } from '../web-shell/route-screens.ts';
import { withStorefrontMode } from '../web-shell/storefront-mode.ts';
import { createSitemaps } from './sitemap.ts';

const BUILT =
  '<!doctype html><html><head><meta charset="UTF-8" />\n' +
  '<meta\n      name="description"\n      content="Emporium: shop electronics, clothing, home, beauty and sports products."\n    />\n' +
  '<title>Emporium</title><script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';
const OWN_MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  ...Object.fromEntries(
    ROUTE_SCREENS.flatMap(({ screens }) => screens).map((key) => [
      key,
      { file: 'assets/index.js', isDynamicEntry: true },
    ]),
  ),
};
const SHOP = 'http://shop.test';

function ownBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'emporium-web-'));
  writeFileSync(join(dir, 'index.html'), BUILT);
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(OWN_MANIFEST));
  return dir;
}

interface Offer {
  sku?: string;
  price: number;
  priceCurrency: string;
  availability: string;
  shippingDetails: Array<{ shippingRate: { value: number } }>;
  hasMerchantReturnPolicy: object;
}
/** What the tests read of a JSON-LD block (a Product or a BreadcrumbList). */
interface LinkedData {
  name: string;
  description: string;
  brand: object;
  image: string[];
  offers: Offer;
  aggregateRating?: object;
  itemListElement: Array<{ name: string }>;
}

/** The JSON-LD blocks of a page, parsed. */
function jsonLd(html: string): LinkedData[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as LinkedData,
  );
}
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)">/.exec(html)?.[1];
const metaOf = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)">`).exec(html)?.[1];

describe('the open storefront', () => {
  let t: TestApp;
  let webDist: string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    webDist = ownBuild();
    t = await buildTestApp({ WEB_DIST: webDist, STOREFRONT_MODE: 'open', SHOP_COUNTRY: 'DE' });
    await seedCatalog(t.db, t.images);
    await t.db.insert(shippingMethods).values([
      {
        name: 'Standard',
        countries: ['DE', 'FR'],
        priceCents: 499,
        freeAboveCents: 5000,
        minDays: 2,
        maxDays: 4,
      },
      {
        name: 'Express',
        countries: [],
        priceCents: 1500,
        freeAboveCents: null,
        minDays: null,
        maxDays: null,
      },
      { name: 'Retired', countries: [], priceCents: 100, active: false },
    ]);
  }, 240_000);
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("states, for every demo product, each variant's price and availability as the page shows them", async () => {
    const ids = (await t.db.select({ id: products.id }).from(products)).map((r) => r.id);
    expect(ids.length).toBeGreaterThanOrEqual(150);
    let onSale = 0;
    let soldOut = 0;
    for (const id of ids) {
      const details = (await get(`/api/shop/products/get/${id}`)).json().data as ProductDetails;
      const path = `/shop/product/${productUrlParam(details)}`;
      const old = await get(`/shop/product/${id}`);
      expect([old.statusCode, old.headers.location]).toEqual([301, path]);
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      expect(canonicalOf(res.body)).toBe(`${SHOP}${path}`);
      const [product, breadcrumbs] = jsonLd(res.body);
      const offers: Offer[] = [product!.offers].flat();
      // The page shows the default variant's price first (product-page.tsx: initialVariant, pricedAs), and each
      // variant's when it is picked: each has its offer at that price, with its SKU and its stock.
      expect(offers.map((o) => [o.sku, o.price, o.availability])).toEqual(
        details.variants.map((v) => [
          v.sku,
          effectivePrice(v),
          `https://schema.org/${v.stock > 0 ? 'InStock' : 'OutOfStock'}`,
        ]),
      );
      const shown = defaultVariant(details.variants)!;
      expect(offers.map((o) => o.price)).toContain(effectivePrice(shown));
      expect(offers.every((o) => o.priceCurrency === 'USD')).toBe(true);
      expect(product!.name).toBe(details.title);
      expect(product!.brand).toEqual({ '@type': 'Brand', name: details.brand });
      expect(product!.image).toEqual(details.images.map((i) => i.url));
      expect(breadcrumbs!.itemListElement.map((i) => i.name)).toEqual([
        'Home',
        details.category,
        details.title,
      ]);
      onSale += details.variants.some((v) => v.salePrice > 0) ? 1 : 0;
      soldOut += details.variants.some((v) => v.stock === 0) ? 1 : 0;
    }
    // The demo catalog has both, so both branches were compared.
    expect(onSale).toBeGreaterThan(0);
    expect(soldOut).toBeGreaterThan(0);
  }, 240_000);

  it('offers ship by the active methods, free above their threshold, and return within the withdrawal period', async () => {
    const cheap = await insertProduct(t.db, { title: 'Cheap Socks', price: 10 });
    const dear = await insertProduct(t.db, { title: 'Dear Coat', price: 80, salePrice: 60 });
    const offerOf = async (id: string, title: string) =>
      jsonLd((await get(`/shop/product/${productUrlParam({ _id: id, title })}`)).body)[0]!.offers;
    const low = await offerOf(cheap, 'Cheap Socks');
    expect(low.shippingDetails).toEqual([
      {
        '@type': 'OfferShippingDetails',
        shippingLabel: 'Standard',
        shippingRate: { '@type': 'MonetaryAmount', value: 4.99, currency: 'USD' },
        shippingDestination: [
          { '@type': 'DefinedRegion', addressCountry: 'DE' },
          { '@type': 'DefinedRegion', addressCountry: 'FR' },
        ],
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          transitTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 4, unitCode: 'DAY' },
        },
      },
      {
        '@type': 'OfferShippingDetails',
        shippingLabel: 'Express',
        shippingRate: { '@type': 'MonetaryAmount', value: 15, currency: 'USD' },
      },
    ]);
    expect(low.hasMerchantReturnPolicy).toMatchObject({
      applicableCountry: 'DE',
      merchantReturnDays: WITHDRAWAL_DAYS,
      returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    });
    const high = await offerOf(dear, 'Dear Coat');
    // The sale price is the one shown, and it reaches Standard's free threshold ($50).
    expect(high.price).toBe(60);
    expect(high.shippingDetails.map((d) => d.shippingRate.value)).toEqual([0, 15]);
  });

  it('rates a product only when it has reviews', async () => {
    const plain = await insertProduct(t.db, { title: 'Plain Lamp' });
    const rated = await insertProduct(t.db, { title: 'Rated Lamp' });
    await t.db.update(products).set({ reviewsCount: 3, averageRating: 4.3 }).where(eq(products.id, rated));
    const ld = async (id: string, title: string) =>
      jsonLd((await get(`/shop/product/${productUrlParam({ _id: id, title })}`)).body)[0]!;
    expect(await ld(plain, 'Plain Lamp')).not.toHaveProperty('aggregateRating');
    expect((await ld(rated, 'Rated Lamp')).aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 3,
      bestRating: 5,
      worstRating: 1,
    });
  });

  it('escapes what a product says in the head and in its JSON-LD', async () => {
    const title = '</script><script>alert(1)</script> "Quoted" & <b>';
    const id = await insertProduct(t.db, { title, description: '<!-- x --></SCRIPT> \u2028 done' });
    const res = await get(`/shop/product/${productUrlParam({ _id: id, title })}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toMatch(/<\/script>[^<]*<\/SCRIPT>/i);
    expect(res.body).not.toContain('<b>');
    expect(res.body).toContain(
      '<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;Quoted&quot;',
    );
    const [product] = jsonLd(res.body);
    expect(product!.name).toBe(title);
    expect(product!.description).toBe('<!-- x --></SCRIPT> \u2028 done');
  });

  it('answers a product no longer sold with 410 and the app page, an address without an id with 404', async () => {
    const id = await insertProduct(t.db, { title: 'Gone Vase' });
    await t.db.delete(products).where(eq(products.id, id));
    for (const url of [`/shop/product/gone-vase-${id}`, `/shop/product/${id}`]) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 410]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
      expect(canonicalOf(res.body)).toBeUndefined();
    }
    expect((await get('/shop/product/no-id-here')).statusCode).toBe(404);
  });

  it('moves an old slug, an upper-case id or a trailing slash to the one address, keeping the query', async () => {
    const id = await insertProduct(t.db, { title: 'Blue Kettle' });
    const path = `/shop/product/blue-kettle-${id}`;
    for (const url of [`/shop/product/old-name-${id}`, `/shop/product/${id.toUpperCase()}`, `${path}/`]) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers.location]).toEqual([url, 301, path]);
    }
    const withVariant = await get(`/shop/product/${id}?variant=abc`);
    expect(withVariant.headers.location).toBe(`${path}?variant=abc`);
  });

  it.each([
    ['/shop/listing', `${SHOP}/shop/listing`, 'All products · Emporium'],
    ['/shop/listing?sortBy=price-desc', `${SHOP}/shop/listing`, 'All products · Emporium'],
    ['/shop/listing?category=Men&brand=Nike', `${SHOP}/shop/listing`, 'All products · Emporium'],
    ['/shop/listing?category=Men,Women', `${SHOP}/shop/listing`, 'All products · Emporium'],
    ['/shop/listing?category=Men', `${SHOP}/shop/listing?category=Men`, 'Men · Emporium'],
    [
      '/shop/listing?category=Home%20%26%20Kitchen',
      `${SHOP}/shop/listing?category=Home%20%26%20Kitchen`,
      'Home &amp; Kitchen · Emporium',
    ],
    ['/shop/listing?category=%22%3E%3Cscript%3E', `${SHOP}/shop/listing`, 'All products · Emporium'],
    ['/shop/home', `${SHOP}/shop/home`, 'Emporium'],
    ['/', `${SHOP}/shop/home`, 'Emporium'],
  ])('gives %s the canonical URL %s and its title', async (url, canonical, title) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(canonicalOf(res.body)).toBe(canonical);
    expect(metaOf(res.body, 'og:url')).toBe(canonical);
    expect(res.body).toContain(`<title>${title}</title>`);
    expect(res.body.match(/<title>/g)).toHaveLength(1);
    expect(res.body.match(/<meta name="description"/g)).toHaveLength(1);
    expect(res.body).not.toContain('<script>');
  });

  it('keeps search results out of the index and leaves other pages as built, with the mode named', async () => {
    expect((await get('/shop/search?q=shoes')).body).toContain('<meta name="robots" content="noindex">');
    const openBuilt = withStorefrontMode(BUILT, 'open');
    expect(openBuilt).not.toBe(BUILT);
    expect((await get('/auth/login')).body).toBe(openBuilt);
    expect((await get('/shop/account')).body).toBe(openBuilt);
  });

  it('names the sitemap in robots.txt and keeps crawlers out of the admin, account, checkout and API', async () => {
    const res = await get('/robots.txt');
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toBe(
      'User-agent: *\nDisallow: /admin\nDisallow: /shop/account\nDisallow: /shop/checkout\nDisallow: /api\n' +
        `\nSitemap: ${SHOP}/sitemap.xml\n`,
    );
  });

  it('lists every product once at its readable address with its lastmod, gzip or plain', async () => {
    const index = await get('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^application\/xml/);
    expect(index.headers['content-encoding']).toBe('gzip');
    const indexXml = gunzipSync(index.rawPayload).toString();
    expect([...indexXml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])).toEqual([
      `${SHOP}/sitemap-pages.xml`,
      `${SHOP}/sitemap-products-1.xml`,
    ]);
    expect((await get('/sitemap.xml')).body).toBe(indexXml);
    const pages = (await get('/sitemap-pages.xml')).body;
    expect(pages).toContain(`<loc>${SHOP}/shop/listing?category=Home%20%26%20Kitchen</loc>`);
    const chunk = (await get('/sitemap-products-1.xml')).body;
    const rows = await selectRows<{ id: string; title: string; updated_at: string }>(
      t.db,
      sql`select id, title, updated_at from products order by id`,
    );
    const entries = [...chunk.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/g)];
    expect(entries.map((m) => [m[1], m[2]])).toEqual(
      rows.map((r) => [
        `${SHOP}/shop/product/${productUrlParam({ _id: r.id, title: r.title }).replace(/&/g, '&amp;')}`,
        new Date(r.updated_at).toISOString(),
      ]),
    );
    for (const url of ['/sitemap-products-2.xml', '/sitemap-products-0.xml', '/sitemap-products-x.xml']) {
      expect([url, (await get(url)).statusCode]).toEqual([url, 404]);
    }
  });

  it('splits the products into chunks of at most the limit, each id in one chunk, renewed at most hourly', async () => {
    let clock = 0;
    const sitemaps = createSitemaps({ db: t.db, base: SHOP, maxUrls: 40, batch: 7, now: () => clock });
    const total = (await t.db.select({ id: products.id }).from(products)).length;
    const indexXml = gunzipSync(await sitemaps.index()).toString();
    const chunkCount = Math.ceil(total / 40);
    expect(indexXml.match(/sitemap-products-\d+\.xml/g)).toHaveLength(chunkCount);
    const seen: string[] = [];
    for (let n = 1; n <= chunkCount; n++) {
      const locs =
        gunzipSync((await sitemaps.products(n))!)
          .toString()
          .match(/<loc>[^<]+<\/loc>/g) ?? [];
      expect(locs.length).toBeLessThanOrEqual(40);
      seen.push(...locs);
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    expect(await sitemaps.products(chunkCount + 1)).toBeUndefined();

    const added = await insertProduct(t.db, { title: 'Brand New Thing' });
    const everything = async () => {
      const xml = gunzipSync(await sitemaps.index()).toString();
      const n = xml.match(/sitemap-products-\d+\.xml/g)!.length;
      const parts = await Promise.all(
        Array.from({ length: n }, async (_, i) => gunzipSync((await sitemaps.products(i + 1))!).toString()),
      );
      return parts.join('');
    };
    clock = 59 * 60 * 1000;
    expect(await everything()).not.toContain(added);
    clock = 60 * 60 * 1000;
    expect(await everything()).toContain(`brand-new-thing-${added}`);
  });
});

describe('the members storefront (the spec, unchanged)', () => {
  let t: TestApp;
  let webDist: string;
  let id: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });
  beforeAll(async () => {
    webDist = ownBuild();
    t = await buildTestApp({ WEB_DIST: webDist });
    id = await insertProduct(t.db, { title: 'Members Only Bag', imageKey: 'products/bag-800.webp' });
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('serves the id-only product page without a redirect or any head tag of the open storefront', async () => {
    const res = await get(`/shop/product/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Emporium</title>');
    expect(res.body).not.toMatch(/canonical|og:|ld\+json/);
    for (const url of ['/shop/listing?sortBy=price-desc', '/shop/home', '/shop/product/no-such-thing']) {
      const page = await get(url);
      expect([url, page.statusCode, /canonical|og:|ld\+json/.test(page.body)]).toEqual([url, 200, false]);
    }
    // A deleted product's page is the app's page as before (it says so itself): 200, not 410.
    await t.db.delete(products).where(eq(products.id, id));
    expect((await get(`/shop/product/${id}`)).statusCode).toBe(200);
  });

  it('has no sitemap and keeps every crawler out in robots.txt', async () => {
    for (const url of ['/sitemap.xml', '/sitemap-pages.xml', '/sitemap-products-1.xml']) {
      const res = await get(url);
      expect([url, res.statusCode, res.json().success]).toEqual([url, 404, false]);
    }
    expect((await get('/robots.txt')).body).toBe('User-agent: *\nDisallow: /\n');
  });
});

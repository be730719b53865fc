import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { count, eq, sql } from 'drizzle-orm';
import { BRANDS, CATEGORIES, type ProductDetails } from '@emporium/contract';
import {
  featureImages,
  orderItems,
  orders,
  products,
  productVariants,
  reviews,
  sandboxPayments,
  users,
} from '../db/schema.ts';
import { dashboardFigures } from '../modules/dashboard/service.ts';
import { standingPurchase } from '../modules/reviews/service.ts';
import { buildTestApp, insertProduct, type TestApp } from '../test/build-test-app.ts';
import { DEMO_SHOPPERS, seedDemoActivity } from './activity.ts';
import { BANNERS, bannerSvg, productSvg, renderWidths } from './art.ts';
import { KINDS } from './catalog-data.ts';
import { KIND_ICONS } from './icons.ts';
import { demoProducts, fillCatalog, fillOrders, seedCatalog, seedDemoAccounts } from './seed.ts';
import { facetEntries } from '../modules/products/facets.ts';
import { selectRows } from '../db/client.ts';
import { demoVariantPlans, spread } from './variants.ts';

describe('demo catalog', () => {
  const rows = demoProducts();

  it('has at least 150 products covering every category and brand', () => {
    expect(rows.length).toBeGreaterThanOrEqual(150);
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.brand))).toEqual(new Set(BRANDS));
  });

  it("files products under the spec's nine categories, where a shop would", () => {
    expect([...CATEGORIES]).toEqual([
      'Electronics',
      'Clothing',
      'Home & Kitchen',
      'Beauty & Health',
      'Sports & Outdoors',
      'Kids',
      'Men',
      'Women',
      'Shoes',
    ]);
    const categoryOf = (kind: string) => new Set(rows.filter((p) => p.kind === kind).map((p) => p.category));
    expect(categoryOf('drill')).toEqual(new Set(['Home & Kitchen']));
    expect(categoryOf('laser-measure')).toEqual(new Set(['Home & Kitchen']));
    expect(categoryOf('deodorant')).toEqual(new Set(['Beauty & Health']));
    for (const kind of ['fridge', 'washer', 'dishwasher', 'range', 'microwave'])
      expect(categoryOf(kind)).toEqual(new Set(['Home & Kitchen']));
    for (const kind of ['phone', 'laptop', 'tv', 'camera', 'headphones', 'game-console'])
      expect(categoryOf(kind)).toEqual(new Set(['Electronics']));
  });

  it('describes each product for what it is, not with category phrases', () => {
    expect(new Set(rows.map((p) => p.description)).size).toBe(rows.length);
    for (const p of rows) {
      expect(
        p.description.split(/[.!?](\s|$)/).filter((x) => x.trim().length > 1).length,
      ).toBeGreaterThanOrEqual(2);
      expect(p.description).not.toMatch(/modern fit for every day|great on any countertop|training hard/i);
    }
  });

  it('gives every product kind its own icon, and every kind is sold', () => {
    for (const p of rows)
      expect(KIND_ICONS[p.kind]).toMatch(/^<(path|rect|circle|ellipse|g|line|polyline)\b/);
    for (const kind of KINDS) {
      expect(KIND_ICONS[kind]?.length, kind).toBeGreaterThan(20);
      expect(rows.some((p) => p.kind === kind)).toBe(true);
    }
    const icons = Object.values(KIND_ICONS);
    expect(icons.length).toBe(KINDS.length);
    expect(new Set(icons).size).toBe(icons.length);
    // The drawing of the kind is in the picture, not a category pictogram.
    const drill = rows.find((p) => p.kind === 'drill')!;
    expect(productSvg(drill)).toContain(KIND_ICONS.drill);
  });

  it('has some products on sale, always below the price, and a few sold out', () => {
    const onSale = rows.filter((p) => p.salePriceCents > 0);
    expect(onSale.length).toBeGreaterThan(rows.length / 5);
    expect(onSale.every((p) => p.salePriceCents < p.priceCents)).toBe(true);
    const soldOut = rows.filter((p) => p.totalStock === 0).length;
    expect(soldOut).toBeGreaterThan(2);
    expect(soldOut).toBeLessThan(rows.length / 4);
    expect(new Set(rows.map((p) => p.title)).size).toBe(rows.length);
  });

  it('sells shoes in sizes and clothes in sizes and colours, stock spread to the product’s figure, SKUs distinct', () => {
    const plans = demoVariantPlans(rows);
    const planOf = (title: string) => plans[rows.findIndex((p) => p.title === title)];
    expect(planOf('Nike Air Zoom Pegasus 41 Running Shoe')!.variants.map((v) => v.sku)).toEqual(
      ['40', '41', '42', '43', '44', '45'].map((size) => `NIKE-PEG-${size}`),
    );
    expect(planOf("Nike Revolution 7 Kids' Shoe")!.options).toEqual([
      { name: 'Size', values: ['28', '29', '30', '31', '32', '33'] },
    ]);
    const hoodie = planOf('Reebok Classics Vector Crew Sweatshirt')!;
    expect(hoodie.options.map((o) => o.name)).toEqual(['Size', 'Colour']);
    expect(hoodie.options[0]!.values).toEqual(['XS', 'S', 'M', 'L', 'XL']);
    expect(hoodie.variants).toHaveLength(5 * hoodie.colours.length);
    // A luxury piece comes in sizes only; things that are not worn in sizes have no options.
    expect(planOf('Gucci GG Canvas Jacquard Jacket')!.options.map((o) => o.name)).toEqual(['Size']);
    expect(planOf('Apple iPhone 16 Pro 256GB')).toBeUndefined();
    expect(planOf('Gucci Horsebit 1955 Shoulder Bag')).toBeUndefined();

    for (const [i, p] of rows.entries()) {
      const plan = plans[i];
      if (p.kind === 'sneaker' || ['t-shirt', 'sweater', 'jacket', 'trousers', 'dress'].includes(p.kind))
        expect(plan, p.title).toBeDefined();
      if (!plan) continue;
      expect(
        plan.variants.reduce((n, v) => n + v.stock, 0),
        p.title,
      ).toBe(p.totalStock);
      expect(plan.variants.every((v) => v.stock >= 0 && Number.isInteger(v.stock))).toBe(true);
      if (p.totalStock >= 30)
        expect(plan.variants.filter((v) => v.stock > 0).length).toBeGreaterThan(plan.variants.length / 2);
      for (const v of plan.variants) expect(v.sku).toMatch(/^[A-Z0-9]+-[A-Z0-9]+-[A-Z0-9-]+$/);
      for (const v of plan.variants) expect(v.colour?.name).toBe(v.options.Colour);
    }
    const skus = plans.flatMap((plan) => plan?.variants.map((v) => v.sku.toLowerCase()) ?? []);
    expect(new Set(skus).size).toBe(skus.length);
    const coloured = plans.filter((plan) => plan && plan.colours.length > 1);
    expect(coloured.length).toBeGreaterThan(20);
  });

  it('spreads stock in proportion, to the unit', () => {
    expect(spread(10, [1, 2, 2, 1])).toEqual([2, 3, 3, 2]);
    expect(spread(3, [1, 2, 3, 3, 2, 1])).toEqual([0, 1, 1, 1, 0, 0]);
    expect(spread(0, [1, 1])).toEqual([0, 0]);
    expect(spread(7, [3, 2, 1]).reduce((a, b) => a + b, 0)).toBe(7);
  });

  it('draws a colour variant in its colour, on a light backdrop, named under the title', () => {
    const tee = rows.find((p) => p.kind === 't-shirt')!;
    const red = productSvg(tee, { name: 'Red', hex: '#c0392b' });
    expect(red).toContain(`<g fill="#c0392b" stroke="none">${KIND_ICONS['t-shirt']}</g>`);
    expect(red).toContain('>Red</text>');
    expect(productSvg(tee)).not.toContain('#c0392b');
  });

  it('renders product art to square WebP images', async () => {
    const [[w, data] = [0, Buffer.alloc(0)]] = await renderWidths(productSvg(rows[0]!), [400]);
    const meta = await sharp(data).metadata();
    expect([w, meta.format, meta.width, meta.height]).toEqual([400, 'webp', 400, 400]);
  });

  it('renders hero banners at the upload widths, 16:9, so a phone can load the 400 px one', async () => {
    const rendered = await renderWidths(bannerSvg(BANNERS[0]!), [400, 800, 1600]);
    const sizes = await Promise.all(
      rendered.map(async ([w, data]) => {
        const meta = await sharp(data).metadata();
        return [w, meta.format, meta.width, meta.height];
      }),
    );
    expect(sizes).toEqual([
      [400, 'webp', 400, 225],
      [800, 'webp', 800, 450],
      [1600, 'webp', 1600, 900],
    ]);
  });
});

describe('fillCatalog and fillOrders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('grows the catalog to the target with valid rows, and is a no-op once there', async () => {
    await insertProduct(t.db, { title: 'Base one', price: 50, salePrice: 0, category: 'Shoes' });
    await insertProduct(t.db, { title: 'Base two', price: 12.5, salePrice: 10, category: 'Men' });
    expect(await fillCatalog(t.db, 1000, { reviews: true })).toBe(998);
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(products);
    expect(Number(n)).toBe(1000);
    expect(await fillCatalog(t.db, 1000)).toBe(0);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/shop/products/get?limit=100&sortBy=price-desc',
    });
    expect(res.json().pagination.total).toBe(1000);
    // Issue 28: each generated product sells Size × Colour, four variants whose stock adds up to its total.
    const sums = await t.db
      .select({
        id: products.id,
        title: products.title,
        category: products.category,
        total: products.totalStock,
        variants: sql<number>`(select count(*)::int from product_variants v where v.product_id = "products"."id")`,
        stock: sql<number>`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = "products"."id")`,
        images: sql<number>`(select count(*)::int from product_images i where i.product_id = "products"."id" and i.image_key = "products"."image_key" and i.position = 0)`,
        facets: products.optionFacets,
        optionText: products.optionText,
        rating: products.averageRating,
        reviews: products.reviewsCount,
        counted: sql<number>`(select count(*)::int from reviews r where r.product_id = "products"."id")`,
        average: sql<number>`(select coalesce(avg(r.rating), 0)::float8 from reviews r where r.product_id = "products"."id")`,
      })
      .from(products);
    const generated = sums.filter((p) => p.facets.length > 0);
    expect(generated).toHaveLength(998);
    const variants = await t.db
      .select({ productId: productVariants.productId, values: productVariants.optionValues })
      .from(productVariants);
    const valuesOf = new Map<string, string[][]>();
    for (const v of variants) valuesOf.set(v.productId, [...(valuesOf.get(v.productId) ?? []), v.values]);
    for (const p of generated) {
      expect(Number(p.variants)).toBe(4);
      expect(Number(p.images)).toBe(1);
      expect(p.title).toMatch(/^Base (one|two) .+, Style \d{3}$/);
      // The facets are exactly those facetEntries makes of the variants (the admin's write path).
      const [size, colour] = [0, 1].map((k) => [...new Set(valuesOf.get(p.id)!.map((v) => v[k]!))]);
      expect(size!.every((s) => (p.category === 'Shoes' ? /^\d\d$/ : /^[A-Z]+$/).test(s))).toBe(true);
      expect([...p.facets].sort()).toEqual(
        facetEntries(valuesOf.get(p.id)!.map(([s, c]) => ({ size: s, colour: c }))).sort(),
      );
      expect(p.optionText).toBe(`Size ${size!.join(' ')} Colour ${colour!.join(' ')}`);
    }
    for (const p of sums) {
      expect(Number(p.stock)).toBe(p.total);
      expect(p.reviews).toBe(Number(p.counted));
      expect(p.rating).toBeCloseTo(Number(p.average), 5);
    }
    expect(generated.filter((p) => p.reviews > 0).length).toBeGreaterThan(200);
    const bySize = await t.app.inject({ method: 'GET', url: '/api/shop/products/get?size=m&limit=1' });
    const m = bySize.json().facets.size.find((f: { value: string }) => f.value === 'm');
    expect(bySize.json().pagination.total).toBe(m.count);
    expect(m.count).toBe(generated.filter((p) => p.facets.includes('size:m')).length);

    // The vocabulary is what the triggers would have left: the same as counting every product's text again.
    const [diff] = await selectRows<{ wrong: number; rows: number }>(
      t.db,
      sql`with fresh as (
            select w.term, w.phrase, count(*)::int as n from products p,
              lateral search_phrases(p.title || ' ' || p.brand || ' ' || p.category || ' ' || p.description || ' ' ||
                                     p.option_text) w
            group by 1, 2)
          select count(*) filter (where f.n is distinct from v.doc_count)::int as wrong, count(*)::int as rows
          from fresh f full join search_vocabulary v using (term, phrase)`,
    );
    expect(diff).toEqual({ wrong: 0, rows: expect.any(Number) });
    expect(diff!.rows).toBeGreaterThan(20);
    const search = await t.app.inject({ method: 'GET', url: '/api/shop/search/style?page=1&limit=5' });
    expect(search.json().pagination.total).toBeGreaterThan(0);
  });

  it('adds a year of orders whose totals, statuses and numbers hold together', async () => {
    expect(await fillOrders(t.db, 600)).toBe(600);
    const all = await t.db
      .select({
        id: orders.id,
        number: orders.number,
        date: orders.orderDate,
        status: orders.orderStatus,
        payment: orders.paymentStatus,
        total: orders.totalCents,
        refunded: orders.refundedCents,
        reserved: orders.refundReservedCents,
        paidAt: orders.paidAt,
        lines: sql<number>`(select coalesce(sum(i.unit_price_cents * i.quantity), 0)::int from order_items i where i.order_id = "orders"."id")`,
        refunds: sql<number>`(select coalesce(sum(r.amount_cents), 0)::int from refunds r where r.order_id = "orders"."id" and r.status = 'completed')`,
      })
      .from(orders)
      .orderBy(orders.number);
    expect(all).toHaveLength(600);
    const yearAgo = Date.now() - 366 * 86_400_000;
    for (const [k, o] of all.entries()) {
      expect(o.total).toBe(Number(o.lines));
      expect(o.refunded).toBe(Number(o.refunds));
      expect(o.reserved).toBe(o.refunded);
      expect(o.date.getTime()).toBeGreaterThan(yearAgo);
      if (k > 0) expect(o.date.getTime()).toBeGreaterThanOrEqual(all[k - 1]!.date.getTime());
      const paid = ['completed', 'partially_refunded', 'refunded'].includes(o.payment);
      expect(o.paidAt !== null).toBe(paid);
      if (o.payment === 'refunded') expect([o.status, o.refunded]).toEqual(['Cancelled', o.total]);
      if (o.payment === 'pending') expect(o.status).toBe('Pending');
      if (o.status === 'Cancelled') expect(['cancelled', 'refunded']).toContain(o.payment);
    }
    const statuses = new Set(all.map((o) => o.status));
    for (const s of ['Delivered', 'Cancelled']) expect(statuses.has(s as never)).toBe(true);
    expect(new Set(all.map((o) => o.date.toISOString().slice(0, 7))).size).toBeGreaterThanOrEqual(10);
    // Each order holds one line per variant, and every line names a variant of its product.
    const [bad] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from order_items i
          where not exists (select 1 from product_variants v where v.id = i.variant_id and v.product_id = i.product_id)`,
    );
    expect(bad!.n).toBe(0);
  });
});

describe('demo activity', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoAccounts(t.db, t.hasher);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("seeds paid orders over the last 30 days and buyers' reviews with exact ratings, once", async () => {
    const now = Date.now();
    const seeded = await seedCatalog(t.db, t.images);
    expect(seeded.products).toBe(demoProducts().length);
    expect(seeded.orders).toBeGreaterThanOrEqual(10);
    expect(seeded.reviews).toBeGreaterThan(5);
    // Hero banners are stored at every upload width; the key names the largest (the web app's srcset).
    const banners = await t.db.select({ key: featureImages.imageKey }).from(featureImages);
    expect(banners.length).toBe(seeded.features);
    for (const { key } of banners) {
      expect(key).toMatch(/^features\/[0-9a-f-]{36}-1600\.webp$/);
      expect(await t.images.exists(key.replace('-1600.webp', '-400.webp'))).toBe(true);
    }

    const shoppers = await t.db.select({ id: users.id, email: users.email }).from(users);
    const demoIds = new Set(
      shoppers.filter((u) => DEMO_SHOPPERS.some((s) => s.email === u.email)).map((u) => u.id),
    );
    const allOrders = await t.db.select().from(orders);
    expect(allOrders.length).toBe(seeded.orders);
    const days = new Set<string>();
    for (const o of allOrders) {
      expect(demoIds.has(o.userId!)).toBe(true);
      expect(o.paymentStatus).toBe('completed');
      expect(['Delivered', 'Shipped', 'Processing']).toContain(o.orderStatus);
      expect(o.stockHeld).toBe(true);
      expect(o.paidAt).not.toBeNull();
      expect(o.paidAt!.getTime()).toBeLessThanOrEqual(now);
      expect(o.paidAt!.getTime()).toBeGreaterThan(now - 30 * 86_400_000);
      days.add(o.paidAt!.toISOString().slice(0, 10));
      const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.orderId, o.id));
      expect([payment?.id, payment?.status, payment?.amountCents]).toEqual([
        o.paymentId,
        'captured',
        o.totalCents,
      ]);
    }
    expect(days.size).toBeGreaterThanOrEqual(10);
    expect(new Set(allOrders.map((o) => o.userId)).size).toBe(2);

    // Totals in cents from the products' prices; stock taken.
    const items = await t.db.select().from(orderItems);
    const catalog = await t.db.select().from(products);
    const byId = new Map(catalog.map((p) => [p.id, p]));
    const original = new Map(demoProducts().map((p) => [p.title, p.totalStock]));
    const sold = new Map<string, number>();
    for (const o of allOrders) {
      const lines = items.filter((i) => i.orderId === o.id);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0)).toBe(o.totalCents);
      for (const l of lines) {
        const p = byId.get(l.productId)!;
        expect(l.unitPriceCents).toBe(p.salePriceCents > 0 ? p.salePriceCents : p.priceCents);
        sold.set(p.id, (sold.get(p.id) ?? 0) + l.quantity);
      }
    }
    for (const p of catalog) expect(p.totalStock).toBe(original.get(p.title)! - (sold.get(p.id) ?? 0));
    expect(catalog.filter((p) => p.totalStock === 0).length).toBeGreaterThan(2);

    // Reviews only by buyers of a delivered order, verified, 3–5 stars; averages equal a recount.
    const allReviews = await t.db.select().from(reviews);
    for (const r of allReviews) {
      const bought = items.some(
        (i) =>
          i.productId === r.productId &&
          allOrders.some((o) => o.id === i.orderId && o.userId === r.userId && o.orderStatus === 'Delivered'),
      );
      expect(bought).toBe(true);
      const [mark] = await selectRows<{ verified: boolean }>(
        t.db,
        sql`select ${standingPurchase(r.userId, r.productId)} as verified`,
      );
      expect(mark!.verified).toBe(true);
      expect(r.rating).toBeGreaterThanOrEqual(3);
      expect(r.rating).toBeLessThanOrEqual(5);
      expect(r.createdAt.getTime()).toBeLessThanOrEqual(now);
    }
    for (const p of catalog) {
      const mine = allReviews.filter((r) => r.productId === p.id);
      expect(p.reviewsCount).toBe(mine.length);
      const average = mine.length ? mine.reduce((s, r) => s + r.rating, 0) / mine.length : 0;
      expect(p.averageRating).toBeCloseTo(average, 5);
    }

    // Some products are left untouched for the "No reviews yet" state: the cheapest and low-stock ones.
    const cheapest = [...catalog].sort(
      (a, b) => (a.salePriceCents || a.priceCents) - (b.salePriceCents || b.priceCents),
    )[0]!;
    expect(cheapest.reviewsCount).toBe(0);
    expect(catalog.some((p) => p.totalStock >= 4 && p.totalStock < 10 && p.reviewsCount === 0)).toBe(true);

    // The admin dashboard's chart has revenue on many days.
    const dashboard = await dashboardFigures(t.db, t.images);
    expect(dashboard.revenueByDay.filter((d) => d.revenue > 0).length).toBeGreaterThanOrEqual(10);
    expect(dashboard.last30Days.paidOrders).toBe(allOrders.length);

    // Idempotent: a second start adds nothing.
    expect(await seedCatalog(t.db, t.images)).toEqual({ products: 0, features: 0, orders: 0, reviews: 0 });
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(orders);
    expect(Number(n)).toBe(allOrders.length);
    expect(await seedDemoActivity(t.db)).toEqual({ orders: 0, reviews: 0 });
  });

  // Reads the catalog the test above seeded.
  it('seeded shoes with sizes, clothes with sizes and colours in colour pictures, and every total as its variants’ sum', async () => {
    const catalog = await t.db.select().from(products);
    const variants = await t.db.select().from(productVariants);
    for (const p of catalog) {
      const mine = variants.filter((v) => v.productId === p.id);
      expect(mine.length, p.title).toBeGreaterThan(0);
      expect(
        mine.reduce((n, v) => n + v.stock, 0),
        p.title,
      ).toBe(p.totalStock);
      expect(
        mine.every((v) => (v.salePriceCents || v.priceCents) >= (p.salePriceCents || p.priceCents)),
      ).toBe(true);
    }

    const shoe = catalog.find((p) => p.title === 'Nike Air Zoom Pegasus 41 Running Shoe')!;
    const details = (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${shoe.id}` })).json()
      .data as ProductDetails;
    expect(details.options).toEqual([{ name: 'Size', values: ['40', '41', '42', '43', '44', '45'] }]);
    expect(details.variants.map((v) => v.sku)).toEqual(
      ['40', '41', '42', '43', '44', '45'].map((s) => `NIKE-PEG-${s}`),
    );
    expect(details.variants.every((v) => v.price === details.price)).toBe(true);

    // A garment in colours: each colour's variants show that colour's picture, the gallery has one photo per colour.
    const tee = catalog.find((p) => p.title === 'H&M Regular Fit Crew-Neck T-Shirt 3-Pack')!;
    const teeDetails = (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${tee.id}` })).json()
      .data as ProductDetails;
    const colours = teeDetails.options.find((o) => o.name === 'Colour')!.values;
    expect(colours.length).toBeGreaterThan(1);
    const pictureOf = new Map<string, Set<string | null>>();
    for (const v of teeDetails.variants) {
      pictureOf.set(v.options.Colour!, (pictureOf.get(v.options.Colour!) ?? new Set()).add(v.image));
    }
    expect([...pictureOf.keys()]).toEqual(colours);
    const pictures = colours.map((c) => [...pictureOf.get(c)!]);
    for (const p of pictures) expect(p).toHaveLength(1);
    expect(new Set(pictures.flat()).size).toBe(colours.length);
    expect(teeDetails.image).toBe(pictures[0]![0]);
    expect(teeDetails.images.map((i) => i.url)).toEqual(pictures.flat());
    expect(teeDetails.images[1]!.alt).toBe(`${tee.title} in ${colours[1]}`);
    for (const url of pictures.flat()) {
      const key = url!.slice(url!.indexOf('/uploads/') + '/uploads/'.length);
      expect(await t.images.exists(key)).toBe(true);
      expect(await t.images.exists(key.replace('-800.webp', '-400.webp'))).toBe(true);
    }

    // The listing's facets offer the shoe sizes (the kids' shoes are under Shoes too, issue 40) and the colours,
    // counted over the demo catalog.
    const shoes = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?category=Shoes&size=42' })
    ).json();
    expect(shoes.data.map((p: { _id: string }) => p._id)).toContain(shoe.id);
    expect(shoes.facets.size.map((f: { value: string }) => f.value)).toEqual([
      '28',
      '29',
      '30',
      '31',
      '32',
      '33',
      '40',
      '41',
      '42',
      '43',
      '44',
      '45',
    ]);
    const all = (await t.app.inject({ method: 'GET', url: '/api/shop/products/get?limit=1' })).json();
    expect(all.facets.colour.map((f: { value: string }) => f.value)).toEqual(
      expect.arrayContaining(['black', 'navy', 'red']),
    );

    // The demo orders' lines name the variant sold, as it was sold.
    const lines = await t.db.select().from(orderItems);
    for (const l of lines) {
      const v = variants.find((x) => x.id === l.variantId);
      expect(v?.productId, l.title).toBe(l.productId);
      expect(l.sku).toBe(v!.sku);
      expect(l.options.map((o) => o.value)).toEqual(v!.optionValues);
    }
    expect(lines.some((l) => l.options.length > 0)).toBe(true);
  });
});

describe('demo activity seeded just after midnight', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await seedDemoAccounts(t.db, t.hasher);
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('puts every order on one of the 30 calendar days the dashboard counts, none after now', async () => {
    await t.db
      .insert(products)
      .values(demoProducts().map(({ kind: _kind, ...p }) => ({ ...p, imageKey: 'products/x-800.webp' })));
    const now = new Date('2026-11-24T00:02:00Z');
    const seeded = await seedDemoActivity(t.db, now);
    expect(seeded.orders).toBeGreaterThanOrEqual(10);
    const paid = await t.db.select({ paidAt: orders.paidAt }).from(orders);
    for (const { paidAt } of paid) expect(paidAt!.getTime()).toBeLessThanOrEqual(now.getTime());
    const dashboard = await dashboardFigures(t.db, t.images, now);
    expect(dashboard.last30Days.paidOrders).toBe(seeded.orders);
    expect(dashboard.revenueByDay.filter((d) => d.revenue > 0).length).toBe(seeded.orders);
  });
});

describe('demo activity without demo accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('adds no orders or reviews to a catalog seeded without the demo shoppers', async () => {
    await t.db
      .insert(products)
      .values(demoProducts().map(({ kind: _kind, ...p }) => ({ ...p, imageKey: 'products/x-800.webp' })));
    expect(await seedDemoActivity(t.db)).toEqual({ orders: 0, reviews: 0 });
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(orders);
    expect(Number(n)).toBe(0);
  });
});

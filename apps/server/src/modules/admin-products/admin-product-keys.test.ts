/**
 * `admin_product_keys` (issue 29, migration 0025) stays equal to the keys read off `products` through every kind of
 * catalog write, concurrent sales included, and the admin product table's stock sorts and filters read from it give
 * the same rows, in the same order, as the same ORDER BY over `products`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Product } from '@emporium/contract';
import { selectRows } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, buyProducts, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app, { userName: 'Kim Keys' });
  await promoteToAdmin(t.db, admin.userId);
});
afterAll(async () => {
  await t?.app.close();
});

/** The copy and the same keys computed from products, both in product id order. */
async function copyAndRecount() {
  const [copy, recount] = await Promise.all([
    selectRows(
      t.db,
      sql`select product_id::text as id, category, title, price_cents, total_stock, created_at::text as created
          from admin_product_keys order by 1`,
    ),
    selectRows(
      t.db,
      sql`select id::text, category, title,
                 case when sale_price_cents > 0 then sale_price_cents else price_cents end as price_cents,
                 total_stock, created_at::text as created
          from products order by 1`,
    ),
  ]);
  return { copy, recount };
}

async function expectInStep() {
  const { copy, recount } = await copyAndRecount();
  expect(copy).toEqual(recount);
}

describe('admin_product_keys', () => {
  it('equals the products after inserts (one and a batch), edits of every key, a no-op edit and deletes', async () => {
    await expectInStep();
    const one = await insertProduct(t.db, { title: 'Keys One', category: 'Men', price: 30, totalStock: 4 });
    const batch = await t.db
      .insert(products)
      .values(
        [1, 2, 3].map((i) => ({
          title: `Keys Batch ${i}`,
          description: 'Generated',
          imageKey: 'products/x-800.webp',
          category: 'Kids',
          brand: 'Zara',
          priceCents: 1000 * i,
          totalStock: i,
        })),
      )
      .returning({ id: products.id });
    await expectInStep();

    await t.db
      .update(products)
      .set({ title: 'Keys One Renamed', category: 'Women' })
      .where(eq(products.id, one));
    await t.db.update(products).set({ salePriceCents: 999 }).where(eq(products.id, batch[0]!.id));
    await t.db
      .update(products)
      .set({ priceCents: 5000, salePriceCents: 0 })
      .where(eq(products.id, batch[1]!.id));
    await t.db.update(products).set({ totalStock: 0 }).where(eq(products.id, batch[2]!.id));
    await t.db
      .update(products)
      .set({ createdAt: new Date('2031-01-01T00:00:00Z') })
      .where(eq(products.id, one));
    await t.db.update(products).set({ description: 'Only the description' }).where(eq(products.id, one));
    await expectInStep();

    await t.db.delete(products).where(
      inArray(
        products.id,
        batch.map((b) => b.id),
      ),
    );
    await expectInStep();
    const [{ n } = { n: -1 }] = await selectRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from admin_product_keys where product_id = ${batch[0]!.id}`,
    );
    expect(n).toBe(0);
  });

  it('follows concurrent sales of the same products (races: on PostgreSQL each sale is its own connection)', async () => {
    const a = await insertProduct(t.db, { title: 'Keys Race A', totalStock: 40 });
    const b = await insertProduct(t.db, { title: 'Keys Race B', totalStock: 40 });
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => signUpAndLogIn(t.app)));
    await Promise.all(
      shoppers.map((s, i) =>
        buyProducts(t.app, s, [
          { productId: a, quantity: 1 + (i % 3) },
          { productId: b, quantity: 2 },
        ]),
      ),
    );
    await expectInStep();
    const [row] = await selectRows<{ total_stock: number }>(
      t.db,
      sql`select total_stock from admin_product_keys where product_id = ${a}`,
    );
    expect(row?.total_stock).toBe(40 - (1 + 2 + 3) * 2);
  });
});

describe('GET /api/admin/products/get by stock, read from admin_product_keys', () => {
  const orderOf: Record<string, string> = {
    'stock-asc': 'total_stock asc, id asc',
    'stock-desc': 'total_stock desc, id desc',
    'newest-desc': 'created_at desc, id desc',
    'title-asc': 'title asc, id asc',
    'price-desc': 'case when sale_price_cents > 0 then sale_price_cents else price_cents end desc, id desc',
  };
  const whereOf: Record<string, string> = {
    '': 'true',
    out: 'total_stock = 0',
    low: 'total_stock between 1 and 5',
  };

  beforeAll(async () => {
    // Stock levels on both sides of each filter, ties included, in two categories.
    for (const [i, stock] of [0, 0, 1, 3, 5, 5, 6, 40].entries()) {
      await insertProduct(t.db, {
        title: `Stock Sort ${i}`,
        category: i % 2 === 0 ? 'Shoes' : 'Electronics',
        price: 10 + i,
        totalStock: stock,
      });
    }
  });

  it.each(
    Object.keys(orderOf).flatMap((sortBy) =>
      Object.keys(whereOf).flatMap((stock) => ['', 'Shoes'].map((category) => ({ sortBy, stock, category }))),
    ),
  )('%o: the same rows and order as over products, on every page', async ({ sortBy, stock, category }) => {
    const expected = (
      await selectRows<{ id: string }>(
        t.db,
        sql.raw(
          `select id::text from products where ${whereOf[stock]}${category ? ` and category = '${category}'` : ''}
           order by ${orderOf[sortBy]}`,
        ),
      )
    ).map((r) => r.id);
    // At least five pages each, however large the test catalog is.
    const limit = Math.max(3, Math.ceil(expected.length / 5));
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / limit) + 1; page++) {
      const res = await as(t.app, admin).get(
        `/api/admin/products/get?sortBy=${sortBy}&stock=${stock}&category=${encodeURIComponent(category)}&page=${page}&limit=${limit}`,
      );
      expect(res.statusCode).toBe(200);
      const body = res.json<{ data: Product[]; pagination: { total: number } }>();
      if (stock) expect(body.pagination.total).toBe(expected.length);
      seen.push(...body.data.map((p) => p._id));
    }
    expect(seen).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
  });
});

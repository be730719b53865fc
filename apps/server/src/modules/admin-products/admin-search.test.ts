/**
 * Admin lists that scale (issue 11, item 6): product search, filters and sorts; order search by either end of the id
 * or by customer, status and date filters; the customer on admin orders only; CSV exports with RFC 4180 quoting and
 * the OWASP CSV Injection defence; access to every new endpoint.
 */
import { and, asc, desc, eq, ilike, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_COUNT_MAX, ADMIN_PRODUCT_SORTS, type AdminOrder, type Product } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import { orders, products, productVariants } from '../../db/schema.ts';
import { forgetProductCounts } from '../products/service.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { addAddress, ADDRESS, as, buyProducts, type Session } from '../../test/shop-client.ts';
import { csvCell } from './csv.ts';

let t: TestApp;
let admin: Session;
let shopper: Session & { email: string };
let quirky: Session & { email: string };
/** Ids of the products this file inserted, by label. */
const ids: Record<string, string> = {};
let firstOrder: AdminOrder;
let secondOrder: AdminOrder;

const TAG = 'Zqx';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app, { userName: 'Ada Admin' });
  await promoteToAdmin(t.db, admin.userId);
  shopper = await signUpAndLogIn(t.app, { userName: 'Olga Orders', email: 'olga.orders@example.test' });
  quirky = await signUpAndLogIn(t.app, { userName: '-2 Formula', email: 'quirky@example.test' });

  ids.lamp = await insertProduct(t.db, {
    title: `${TAG} Desk Lamp`,
    category: 'Home & Kitchen',
    brand: 'Bosch',
    price: 40,
    salePrice: 30,
    totalStock: 0,
  });
  ids.kettle = await insertProduct(t.db, {
    title: `${TAG} Kettle 100% steel_body`,
    category: 'Home & Kitchen',
    brand: 'KitchenAid',
    price: 25,
    totalStock: 3,
  });
  ids.phone = await insertProduct(t.db, {
    title: `${TAG} phone`,
    category: 'Electronics',
    brand: 'Samsung',
    price: 900,
    totalStock: 5,
  });
  ids.shoe = await insertProduct(t.db, {
    title: `${TAG} Runner`,
    category: 'Shoes',
    brand: 'Nike',
    price: 120,
    salePrice: 20,
    totalStock: 6,
  });
  ids.formula = await insertProduct(t.db, {
    title: '=HYPERLINK("http://evil.test","Click, here")',
    category: 'Shoes',
    brand: 'Puma',
    price: 10,
    totalStock: 40,
  });
  // Distinct creation times, oldest first, so "newest" has one right answer.
  const labels = ['lamp', 'kettle', 'phone', 'shoe', 'formula'];
  for (const [i, label] of labels.entries()) {
    await t.db
      .update(products)
      .set({ createdAt: new Date(Date.UTC(2030, 0, 1 + i)) })
      .where(eq(products.id, ids[label]!));
  }

  const stock = await insertProduct(t.db, { title: 'Order stock', price: 15, totalStock: 100 });
  firstOrder = (await buyProducts(t.app, shopper, [{ productId: stock, quantity: 1 }])) as AdminOrder;
  await addAddress(t.app, quirky, {
    ...ADDRESS,
    address: '@x Lane, "Unit 4"',
    notes: '+1 call first\nthen knock',
    phone: '=1+1',
  });
  secondOrder = (await buyProducts(t.app, quirky, [{ productId: stock, quantity: 2 }])) as AdminOrder;
  await t.db
    .update(orders)
    .set({ orderDate: new Date('2031-03-10T12:00:00Z') })
    .where(eq(orders.id, firstOrder._id));
  await t.db
    .update(orders)
    .set({ orderDate: new Date('2031-03-20T12:00:00Z') })
    .where(eq(orders.id, secondOrder._id));
  await as(t.app, admin).put(`/api/admin/orders/status/${secondOrder._id}`, { orderStatus: 'Shipped' });
});
afterAll(async () => {
  await t?.app.close();
});

async function adminProducts(
  query: string,
  app = t.app,
  who = admin,
): Promise<{ data: Product[]; pagination: { total: number; totalIsLowerBound?: true } }> {
  const res = await as(app, who).get(`/api/admin/products/get?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function adminOrders(query: string): Promise<{ data: AdminOrder[]; pagination: { total: number } }> {
  const res = await as(t.app, admin).get(`/api/admin/orders/get?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/**
 * Inserts products in one statement: `rows` selects (title, description, category, brand, price_cents, total_stock,
 * image_key, created_at). Returns their ids.
 */
async function insertRows(db: Db, rows: SQL): Promise<string[]> {
  const inserted = await selectRows<{ id: string }>(
    db,
    sql`insert into products (title, description, category, brand, price_cents, total_stock, image_key, created_at)
        ${rows} returning id`,
  );
  forgetProductCounts(db);
  return inserted.map((r) => r.id);
}

const titles = (list: Product[]) => list.map((p) => p.title);
const mine = (list: Product[]) => list.filter((p) => Object.values(ids).includes(p._id));

describe('GET /api/admin/products/get filters', () => {
  it('without parameters answers every product newest first, as before', async () => {
    const all = await adminProducts('');
    const rows = await t.db.select({ id: products.id }).from(products);
    expect(all.data).toHaveLength(rows.length);
    expect(all.pagination.total).toBe(rows.length);
    expect(mine(all.data).map((p) => p._id)).toEqual([
      ids.formula,
      ids.shoe,
      ids.phone,
      ids.kettle,
      ids.lamp,
    ]);
  });

  it.each([
    ['a title word, any case', `search=${TAG.toLowerCase()}%20desk`, ['lamp']],
    ['a brand, any case', 'search=kitchenaid', ['kettle']],
    ['a title word shared by four', `search=${TAG}`, ['lamp', 'kettle', 'phone', 'shoe']],
    ['% literally (no wildcard)', `search=${encodeURIComponent('100%')}`, ['kettle']],
    ['_ literally (no wildcard)', 'search=steel_body', ['kettle']],
    ['a category is not searched', 'search=Shoes', []],
  ])('search by %s', async (_label, query, expected) => {
    const list = await adminProducts(query);
    expect(list.data.map((p) => p._id).sort()).toEqual(expected.map((l) => ids[l]).sort());
    expect(list.pagination.total).toBe(expected.length);
  });

  it("finds a product by a variant's exact SKU in any letter case, and not by part of it (issue 28)", async () => {
    await t.db
      .update(productVariants)
      .set({ sku: 'ZQX-LAMP-42' })
      .where(eq(productVariants.productId, ids.lamp!));
    for (const search of ['ZQX-LAMP-42', 'zqx-lamp-42']) {
      expect((await adminProducts(`search=${search}`)).data.map((p) => p._id)).toEqual([ids.lamp]);
    }
    expect((await adminProducts('search=ZQX-LAMP-4')).data).toEqual([]);
  });

  it('a search that would be SQL is only text', async () => {
    const list = await adminProducts(`search=${encodeURIComponent("' or 1=1 --")}`);
    expect(list.data).toEqual([]);
    expect((await t.db.select({ id: products.id }).from(products)).length).toBeGreaterThan(5);
  });

  it('filters by category, and ignores an unknown one', async () => {
    const shoes = await adminProducts(`search=${TAG}&category=Shoes`);
    expect(titles(shoes.data)).toEqual([`${TAG} Runner`]);
    const unknown = await adminProducts(`search=${TAG}&category=Garden`);
    expect(unknown.data).toHaveLength(4);
  });

  it('filters by stock: out = 0, low = 1 to 5', async () => {
    const out = await adminProducts('stock=out');
    expect(out.data.length).toBeGreaterThan(0);
    expect(out.data.every((p) => p.totalStock === 0)).toBe(true);
    expect(out.data.map((p) => p._id)).toContain(ids.lamp);
    const low = await adminProducts(`stock=low&search=${TAG}`);
    expect(low.data.map((p) => p._id).sort()).toEqual([ids.kettle, ids.phone].sort());
    const allLow = await adminProducts('stock=low');
    expect(allLow.data.every((p) => p.totalStock >= 1 && p.totalStock <= 5)).toBe(true);
  });

  it.each([
    ['title-asc', ['lamp', 'kettle', 'shoe', 'phone']],
    ['title-desc', ['phone', 'shoe', 'kettle', 'lamp']],
    // Effective price: the shoe is on sale at 20, the kettle 25, the lamp on sale at 30, the phone 900.
    ['price-asc', ['shoe', 'kettle', 'lamp', 'phone']],
    ['price-desc', ['phone', 'lamp', 'kettle', 'shoe']],
    ['stock-asc', ['lamp', 'kettle', 'phone', 'shoe']],
    ['stock-desc', ['shoe', 'phone', 'kettle', 'lamp']],
    ['newest-desc', ['shoe', 'phone', 'kettle', 'lamp']],
    ['newest-asc', ['lamp', 'kettle', 'phone', 'shoe']],
    ['nonsense', ['shoe', 'phone', 'kettle', 'lamp']],
  ])('sorts by %s', async (sortBy, expected) => {
    const list = await adminProducts(`search=${TAG}&sortBy=${sortBy}`);
    expect(list.data.map((p) => p._id)).toEqual(expected.map((l) => ids[l]));
  });

  it('pages the filtered list and keeps data a list', async () => {
    const page = await adminProducts(`search=${TAG}&sortBy=title-asc&page=2&limit=3`);
    expect(page.data.map((p) => p._id)).toEqual([ids.phone]);
    expect(page.pagination).toEqual({ page: 2, limit: 3, total: 4, pages: 2 });
  });

  it('counts a search or stock filter up to ADMIN_COUNT_MAX, then says "at least", and pages either way', async () => {
    const inserted = await insertRows(
      t.db,
      sql`select 'Plenty ' || lpad(i::text, 4, '0'), 'plenty', 'Kids', 'Zara', 100, 2, 'products/test-800.webp',
            now() from generate_series(0, ${ADMIN_COUNT_MAX}::int) i`,
    );
    try {
      const capped = await adminProducts('search=plenty&sortBy=title-desc&page=2&limit=10');
      expect(capped.pagination).toEqual({
        page: 2,
        limit: 10,
        total: ADMIN_COUNT_MAX,
        pages: ADMIN_COUNT_MAX / 10,
        totalIsLowerBound: true,
      });
      expect(titles(capped.data)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Plenty ${String(ADMIN_COUNT_MAX - 10 - i).padStart(4, '0')}`),
      );
      const lowStock = await adminProducts('stock=low&page=1&limit=5');
      expect(lowStock.pagination).toMatchObject({ total: ADMIN_COUNT_MAX, totalIsLowerBound: true });

      // One fewer: exactly ADMIN_COUNT_MAX match, counted exactly and read through the search index.
      await t.db.delete(products).where(eq(products.title, 'Plenty 0000'));
      const exact = await adminProducts('search=plenty&sortBy=title-asc&page=3&limit=10');
      expect(exact.pagination).toEqual({
        page: 3,
        limit: 10,
        total: ADMIN_COUNT_MAX,
        pages: ADMIN_COUNT_MAX / 10,
      });
      expect(titles(exact.data)).toEqual(
        Array.from({ length: 10 }, (_, i) => `Plenty ${String(21 + i).padStart(4, '0')}`),
      );
    } finally {
      await t.db.delete(products).where(inArray(products.id, inserted));
    }
  });

  it('a search past ADMIN_COUNT_MAX answers the pages of a full sort in every order, found by walking or not', async () => {
    // 1,100 matches and 6,000 others that come first in the ascending sorts (older, "Aaa…" titles, cheaper, sold
    // out) and last in the descending ones: a descending page is found by walking the sort's index, an ascending
    // one passes more rows than its walk may read (5,000) and is read from every match. Prices and stock repeat
    // among the matches, so the id tie-break decides too. On a database of its own, dropped after: inserting and
    // deleting 7,100 products (each with its variant, photo and some 30 index entries) is most of the test's work.
    const big = await buildTestApp();
    try {
      const bigAdmin = await signUpAndLogIn(big.app);
      await promoteToAdmin(big.db, bigAdmin.userId);
      await insertRows(
        big.db,
        sql`select case when m then 'Walker ' || i % 300 else 'Aaa filler ' || i end, 'walk',
            case when m and i % 2 = 1 then 'Men' else 'Kids' end, 'Zara',
            case when m then 5000 + i % 100 else 100 end, case when m then 1 + i % 50 else 0 end,
            'products/test-800.webp',
            timestamptz '2020-01-01 00:00:00+00' + (case when m then 1 else 0 end) * interval '1 year'
              + i * interval '1 second'
          from (select i, true as m from generate_series(0, 1099) i
                union all select i, false from generate_series(0, 5999) i) rows`,
      );
      const keys: Record<string, Column> = {
        newest: products.createdAt,
        title: products.title,
        price: products.priceCents,
        stock: products.totalStock,
      };
      for (const sortBy of ADMIN_PRODUCT_SORTS) {
        const [field, direction] = sortBy.split('-') as [string, 'asc' | 'desc'];
        const by = direction === 'asc' ? asc : desc;
        for (const category of [undefined, 'Men']) {
          const all = await big.db
            .select({ id: products.id })
            .from(products)
            .where(
              and(ilike(products.title, '%walker%'), category ? eq(products.category, category) : undefined),
            )
            .orderBy(by(keys[field]!), by(products.id));
          for (const page of [1, 2, 7, 40]) {
            const query = `search=walker&sortBy=${sortBy}&page=${page}&limit=24${category ? `&category=${category}` : ''}`;
            const answer = await adminProducts(query, big.app, bigAdmin);
            expect(
              answer.data.map((p) => p._id),
              query,
            ).toEqual(all.slice((page - 1) * 24, page * 24).map((r) => r.id));
          }
        }
      }
    } finally {
      await big.app.close();
    }
  });

  it('refuses a search longer than 100 characters', async () => {
    const res = await as(t.app, admin).get(`/api/admin/products/get?search=${'a'.repeat(101)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('search');
  });
});

describe('GET /api/admin/orders/get filters', () => {
  it('without parameters answers every order newest first, each with its customer', async () => {
    const all = await adminOrders('');
    const rows = await t.db.select({ id: orders.id }).from(orders);
    expect(all.data).toHaveLength(rows.length);
    expect(all.data.map((o) => o._id)).toEqual([secondOrder._id, firstOrder._id]);
    expect(all.data[1]!.customer).toEqual({
      userName: 'Olga Orders',
      email: 'olga.orders@example.test',
      emailVerified: false,
    });
    expect(all.data[0]!.customer).toEqual({
      userName: '-2 Formula',
      email: 'quirky@example.test',
      emailVerified: false,
    });
  });

  it.each([
    ['the first 8 characters (admin list)', () => firstOrder._id.slice(0, 8)],
    ['the first 8 characters with the dots the list shows', () => `${firstOrder._id.slice(0, 8)}...`],
    ['the last 6 characters (shopper)', () => firstOrder._id.slice(-6)],
    ['# and the last 6 characters, upper case', () => `#${firstOrder._id.slice(-6).toUpperCase()}`],
    ['the whole id', () => firstOrder._id],
    ['the customer e-mail', () => 'olga.orders@example.test'],
    ['part of the customer e-mail, any case', () => 'OLGA.ORDERS@'],
    ['part of the customer name', () => 'olga ord'],
  ])('search by %s', async (_label, search) => {
    const list = await adminOrders(`search=${encodeURIComponent(search())}`);
    expect(list.data.map((o) => o._id)).toEqual([firstOrder._id]);
    expect(list.pagination.total).toBe(1);
  });

  it('does not match the middle of an id', async () => {
    const list = await adminOrders(`search=${firstOrder._id.slice(10, 18)}`);
    expect(list.data.map((o) => o._id)).not.toContain(firstOrder._id);
  });

  it('filters by status, and ignores an unknown one', async () => {
    const shipped = await adminOrders('status=Shipped');
    expect(shipped.data.map((o) => o._id)).toEqual([secondOrder._id]);
    expect((await adminOrders('status=Delivered')).data).toEqual([]);
    expect((await adminOrders('status=Lost')).data).toHaveLength(2);
  });

  it.each([
    ['from a date (that day included)', 'from=2031-03-10', ['second', 'first']],
    ['from the day after', 'from=2031-03-11', ['second']],
    ['to a date (that day included)', 'to=2031-03-10', ['first']],
    ['to the day before', 'to=2031-03-09', []],
    ['a range around one', 'from=2031-03-15&to=2031-03-20', ['second']],
    ['ISO date-times', 'from=2031-03-10T11:00:00Z&to=2031-03-10T12:00:00Z', ['first']],
    ['a date-time with an offset', 'from=2031-03-20T13:30:00%2B02:00', ['second']],
  ])('filters by date: %s', async (_label, query, expected) => {
    const list = await adminOrders(query);
    const byLabel: Record<string, string> = { first: firstOrder._id, second: secondOrder._id };
    expect(list.data.map((o) => o._id)).toEqual(expected.map((l) => byLabel[l]));
  });

  it.each(['from=yesterday', 'to=2031-02-30', 'from=2031-3-1'])('refuses %s with 400', async (query) => {
    const res = await as(t.app, admin).get(`/api/admin/orders/get?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/from|to/);
  });

  it('combines the filters', async () => {
    const list = await adminOrders('search=quirky&status=Shipped&from=2031-03-01&to=2031-03-31');
    expect(list.data.map((o) => o._id)).toEqual([secondOrder._id]);
    expect((await adminOrders('search=olga&status=Shipped')).data).toEqual([]);
  });

  it('details and status updates carry the customer; the shopper never sees it', async () => {
    const details = (await as(t.app, admin).get(`/api/admin/orders/details/${firstOrder._id}`)).json().data;
    expect(details.customer).toEqual({
      userName: 'Olga Orders',
      email: 'olga.orders@example.test',
      emailVerified: false,
    });
    const updated = (
      await as(t.app, admin).put(`/api/admin/orders/status/${firstOrder._id}`, { orderStatus: 'Processing' })
    ).json().data;
    expect(updated.customer.email).toBe('olga.orders@example.test');
    const own = (await as(t.app, shopper).get(`/api/shop/order/details/${firstOrder._id}`)).json().data;
    expect(own).not.toHaveProperty('customer');
    const list = (await as(t.app, shopper).get(`/api/shop/order/list/${shopper.userId}`)).json().data;
    expect(list[0]).not.toHaveProperty('customer');
  });
});

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, CRLF records) into rows of cells. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  expect(cell).toBe('');
  expect(row).toEqual([]);
  return rows;
}

describe('CSV escaping', () => {
  it.each([
    ['plain', 'plain'],
    ['=HYPERLINK("http://evil.test","x")', `"'=HYPERLINK(""http://evil.test"",""x"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@x', "'@x"],
    ['\tTab', "'\tTab"],
    ['\rCR', `"'\rCR"`],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['a=b', 'a=b'],
    [12.5, '12.5'],
    [null, ''],
  ])('%j → %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe('GET /api/admin/products/export.csv', () => {
  it('answers text/csv with a header row and every filtered product, escaped', async () => {
    const res = await as(t.app, admin).get('/api/admin/products/export.csv?category=Shoes&sortBy=price-asc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.split('\r\n')[0]).toBe(
      'Product ID,Title,Category,Brand,Price,Sale Price,Total Stock,Average Rating,Reviews,Image,Description',
    );
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.test"",""Click, here"")"`);
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toHaveLength(11);
    const shoes = await t.db.select().from(products).where(eq(products.category, 'Shoes'));
    expect(rows).toHaveLength(shoes.length);
    const formula = rows.find((r) => r[0] === ids.formula)!;
    expect(formula.slice(1, 7)).toEqual([
      `'=HYPERLINK("http://evil.test","Click, here")`,
      'Shoes',
      'Puma',
      '10.00',
      '0.00',
      '40',
    ]);
    // price-asc: the formula product at 10 comes before the shoe on sale at 20.
    expect(rows.map((r) => r[0]).indexOf(ids.formula)).toBeLessThan(rows.map((r) => r[0]).indexOf(ids.shoe));
  });

  it('applies the search and stock filters, and an empty result is the header alone', async () => {
    const out = parseCsv(
      (await as(t.app, admin).get(`/api/admin/products/export.csv?search=${TAG}&stock=out`)).body,
    );
    expect(out.slice(1).map((r) => r[0])).toEqual([ids.lamp]);
    const none = await as(t.app, admin).get('/api/admin/products/export.csv?search=nothing-matches-this');
    expect(none.body).toBe(
      'Product ID,Title,Category,Brand,Price,Sale Price,Total Stock,Average Rating,Reviews,Image,Description\r\n',
    );
  });

  it('exports more rows than one batch', async () => {
    const inserted = await insertRows(
      t.db,
      sql`select 'Bulk ' || i, 'bulk', 'Kids', 'Zara', 100, 1, 'products/test-800.webp', now()
          from generate_series(0, 1004) i`,
    );
    const rows = parseCsv((await as(t.app, admin).get('/api/admin/products/export.csv?search=Bulk')).body);
    expect(rows).toHaveLength(1 + 1005);
    expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(1005);
    await t.db.delete(products).where(inArray(products.id, inserted));
  });
});

describe('GET /api/admin/orders/export.csv', () => {
  it('answers text/csv with the customer, filtered, with formula cells neutralised', async () => {
    const res = await as(t.app, admin).get('/api/admin/orders/export.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([
      'Order ID',
      'Number',
      'Order Date',
      'Customer Name',
      'Customer Email',
      'Order Status',
      'Payment Status',
      'Payment Method',
      'Subtotal',
      'Discount',
      'Shipping',
      'Tax',
      'Order Amount',
      'Refunded Amount',
      'Items',
      'Address',
      'City',
      'State',
      'Pincode',
      'Phone',
      'Notes',
    ]);
    expect(rows.map((r) => r[0])).toEqual([secondOrder._id, firstOrder._id]);
    expect(rows[0]).toEqual([
      secondOrder._id,
      String(secondOrder.orderNumber),
      '2031-03-20T12:00:00.000Z',
      "'-2 Formula",
      'quirky@example.test',
      'Shipped',
      'completed',
      'paypal',
      '30.00',
      '0.00',
      '0.00',
      '0.00',
      '30.00',
      '0.00',
      'Order stock × 2',
      `'@x Lane, "Unit 4"`,
      ADDRESS.city,
      ADDRESS.state,
      ADDRESS.pincode,
      "'=1+1",
      "'+1 call first\nthen knock",
    ]);
    expect(res.body).toContain(`"'@x Lane, ""Unit 4"""`);
    expect(res.body).toContain(`,'-2 Formula,`);

    const filtered = parseCsv(
      (await as(t.app, admin).get(`/api/admin/orders/export.csv?search=${firstOrder._id.slice(-6)}`)).body,
    );
    expect(filtered.slice(1).map((r) => r[0])).toEqual([firstOrder._id]);
    const shipped = parseCsv(
      (await as(t.app, admin).get('/api/admin/orders/export.csv?status=Shipped')).body,
    );
    expect(shipped.slice(1).map((r) => r[0])).toEqual([secondOrder._id]);
    const dated = parseCsv((await as(t.app, admin).get('/api/admin/orders/export.csv?to=2031-03-15')).body);
    expect(dated.slice(1).map((r) => r[0])).toEqual([firstOrder._id]);
    expect((await as(t.app, admin).get('/api/admin/orders/export.csv?from=nope')).statusCode).toBe(400);
  });
});

describe('access to the new endpoints', () => {
  it.each([
    '/api/admin/products/get?search=lamp&category=Shoes&stock=low&sortBy=price-asc',
    '/api/admin/orders/get?search=abc&status=Pending&from=2031-01-01&to=2031-12-31',
    '/api/admin/products/export.csv',
    '/api/admin/products/export.csv?search=lamp',
    '/api/admin/orders/export.csv',
    '/api/admin/orders/export.csv?status=Shipped',
  ])('GET %s: 401 visitor, 403 shopper, 200 admin', async (url) => {
    const visitor = await t.app.inject({ method: 'GET', url });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().success).toBe(false);
    const asShopper = await as(t.app, shopper).get(url);
    expect(asShopper.statusCode).toBe(403);
    expect(asShopper.body).not.toContain('Order ID');
    expect((await as(t.app, admin).get(url)).statusCode).toBe(200);
  });
});

import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/** A multipart body with the given files (field name, file name, bytes). */
function multipart(files: Array<{ field?: string; name: string; data: Buffer; type?: string }>) {
  const boundary = '----emporiumtest';
  const parts = files.map((f) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'my_file'}"; filename="${f.name}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(s: Session | null, files: Parameters<typeof multipart>[0]) {
  const body = multipart(files);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload: body.payload,
    headers: { ...body.headers, ...(s ? { authorization: `Bearer ${s.token}` } : {}) },
  });
}

const uploadsDir = () => join(t.config.dataDir, 'uploads', 'products');
const stored = () => {
  try {
    return readdirSync(uploadsDir()).length;
  } catch {
    return 0;
  }
};

/**
 * A PNG whose header claims `width` × `height` pixels (a decompression bomb as a decoder sees it), made by patching
 * the IHDR of a small PNG and fixing its CRC.
 */
async function hugePng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret Camera Co', Artist: 'Jane Doe' } })
    .toBuffer();
}

async function uploadedUrl(): Promise<string> {
  const res = await upload(admin, [{ name: 'photo.jpg', data: await jpegWithExif(), type: 'image/jpeg' }]);
  expect(res.statusCode).toBe(200);
  return res.json().url;
}

const product = (image: string, extra: object = {}) => ({
  image,
  title: 'Admin Lamp',
  description: 'A lamp added by the admin.',
  category: 'Home & Kitchen',
  brand: 'Bosch',
  price: 40,
  salePrice: 30,
  totalStock: 7,
  ...extra,
});

describe('admin access', () => {
  const id = '00000000-0000-4000-8000-000000000000';
  const routes: Array<[string, string, object?]> = [
    ['GET', '/api/admin/products/get'],
    ['POST', '/api/admin/products/add', {}],
    ['PUT', `/api/admin/products/edit/${id}`, {}],
    ['DELETE', `/api/admin/products/delete/${id}`],
    ['POST', '/api/admin/products/upload-image', {}],
    ['GET', '/api/admin/orders/get'],
    ['GET', `/api/admin/orders/details/${id}`],
    ['PUT', `/api/admin/orders/status/${id}`, { orderStatus: 'Shipped' }],
    ['DELETE', `/api/admin/orders/delete/${id}`],
    ['GET', '/api/admin/dashboard'],
    ['POST', '/api/common/feature/set', { image: 'x' }],
    ['DELETE', `/api/common/feature/delete/${id}`],
  ];
  it.each(routes)('%s %s: 401 visitor, 403 shopper, admin gets through', async (method, url, payload) => {
    const visitor = await t.app.inject({ method: method as 'GET', url, payload });
    expect(visitor.statusCode).toBe(401);
    const asShopper = await t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { authorization: `Bearer ${shopper.token}` },
    });
    expect(asShopper.statusCode).toBe(403);
    const asAdmin = await t.app.inject({
      method: method as 'GET',
      url,
      payload,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect([200, 400, 404, 406, 415]).toContain(asAdmin.statusCode);
  });
});

describe('image upload', () => {
  it('re-encodes an accepted JPEG to WebP without EXIF, under a random name', async () => {
    const url = await uploadedUrl();
    expect(url).toMatch(/^http:\/\/shop\.test\/uploads\/products\/[0-9a-f-]{36}-1600\.webp$/);
    const file = join(t.config.dataDir, 'uploads', new URL(url).pathname.replace('/uploads/', ''));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(640);
  });

  it.each([
    [
      'an SVG',
      async () => [{ name: 'a.svg', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
    ],
    [
      'HTML renamed .jpg',
      async () => [{ name: 'a.jpg', data: Buffer.from('<html><script>alert(1)</script>') }],
    ],
    [
      'a PNG/HTML polyglot',
      async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer();
        return [
          {
            name: 'a.png',
            data: Buffer.concat([png, Buffer.from('<html><script>alert(1)</script></html>')]),
          },
        ];
      },
    ],
    [
      'a 6 MB file',
      async () => [
        { name: 'big.jpg', data: Buffer.concat([await jpegWithExif(), Buffer.alloc(6 * 1024 * 1024)]) },
      ],
    ],
    [
      'two files',
      async () => [
        { name: 'a.jpg', data: await jpegWithExif() },
        { name: 'b.jpg', data: await jpegWithExif() },
      ],
    ],
    ['a 17000 × 17000 PNG', async () => [{ name: 'bomb.png', data: await hugePng(17_000, 17_000) }]],
    ['a truncated JPEG', async () => [{ name: 'cut.jpg', data: (await jpegWithExif()).subarray(0, 600) }]],
    [
      'a ../../etc/passwd file name',
      async () => [{ name: '../../etc/passwd', data: Buffer.from('root:x:0:0:root:/root:/bin/bash\n') }],
    ],
    ['a file in another field', async () => [{ field: 'file', name: 'a.jpg', data: await jpegWithExif() }]],
  ])(
    'refuses %s with 4xx and stores nothing',
    async (_label, files) => {
      const before = stored();
      const res = await upload(admin, await files());
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().success).toBe(false);
      expect(stored()).toBe(before);
    },
    30_000,
  );
});

describe('admin products', () => {
  it('adds, lists, edits and deletes a product; the shop sees it, counts included', async () => {
    const shopTotal = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/shop/products/get?category=Home%20%26%20Kitchen' })
      ).json().pagination.total as number;
    const before = await shopTotal();
    const image = await uploadedUrl();
    const add = await as(t.app, admin).post('/api/admin/products/add', product(image));
    expect(add.statusCode).toBe(201);
    expect(await shopTotal()).toBe(before + 1);
    const created = add.json().data;
    expect(created).toMatchObject({ title: 'Admin Lamp', price: 40, salePrice: 30, totalStock: 7, image });
    const list = (await as(t.app, admin).get('/api/admin/products/get')).json();
    expect(list.data[0]._id).toBe(created._id);
    const edit = await as(t.app, admin).put(
      `/api/admin/products/edit/${created._id}`,
      product(image, { price: 45 }),
    );
    expect(edit.json().data.price).toBe(45);
    const shop = await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${created._id}` });
    expect(shop.json().data.price).toBe(45);
    expect((await as(t.app, admin).delete(`/api/admin/products/delete/${created._id}`)).statusCode).toBe(200);
    expect(await shopTotal()).toBe(before);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shop/products/get/${created._id}` })).statusCode,
    ).toBe(404);
  });

  it('files a product under more categories (issue 40): `category` stays the first, an edit without them keeps them', async () => {
    const image = await uploadedUrl();
    const add = await as(t.app, admin).post(
      '/api/admin/products/add',
      product(image, { category: 'Men', categories: ['Clothing', 'Men'] }),
    );
    expect(add.statusCode).toBe(201);
    expect(add.json().data).toMatchObject({ category: 'Men', categories: ['Men', 'Clothing'] });
    const id = add.json().data._id;
    const edit = await as(t.app, admin).put(
      `/api/admin/products/edit/${id}`,
      product(image, { category: 'Women', price: 41 }),
    );
    expect(edit.json().data).toMatchObject({ category: 'Women', categories: ['Women', 'Clothing'] });
    const clothing = (
      await t.app.inject({ method: 'GET', url: '/api/shop/products/get?category=Clothing&limit=100' })
    ).json();
    expect(clothing.data.find((p: { _id: string }) => p._id === id)).toMatchObject({ category: 'Women' });
    const tooMany = await as(t.app, admin).put(
      `/api/admin/products/edit/${id}`,
      product(image, { category: 'Women', categories: ['Men', 'Kids', 'Clothing'] }),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      success: false,
      message: 'A product can be in at most 3 categories',
    });
  });

  it.each([
    ['a negative price', { price: -1 }, 'Price must be above 0'],
    ['salePrice above price', { salePrice: 50 }, 'Sale price must be 0 or below the price'],
    ['stock -1', { totalStock: -1 }, 'Stock must be at least 0'],
    ['stock 2.5', { totalStock: 2.5 }, 'Stock must be a whole number'],
    ['an unknown category', { category: 'Garden' }, 'Category is not one of the allowed values'],
    ['an unknown brand', { brand: 'Acme' }, 'Brand is not one of the allowed values'],
    ['a 10,000-character title', { title: 'x'.repeat(10_000) }, 'Title must be at most 200 characters'],
    ['a missing description', { description: '' }, 'Description is required'],
    ['an image from elsewhere', { image: 'https://evil.test/a.webp' }, 'image'],
  ])('refuses %s with 400 naming the field', async (_label, extra, field) => {
    const image = await uploadedUrl();
    const before = (await t.db.select().from(products)).length;
    const res = await as(t.app, admin).post('/api/admin/products/add', product(image, extra));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(field);
    expect((await t.db.select().from(products)).length).toBe(before);
  });
});

describe("spec §7's own client (issue: it must work unchanged)", () => {
  it('saves the product object it loaded back: _id, averageRating, reviewsCount and a string price are accepted, never applied', async () => {
    const added = (
      await as(t.app, admin).post('/api/admin/products/add', product(await uploadedUrl()))
    ).json().data;
    await t.db
      .update(products)
      .set({ averageRating: 4.5, reviewsCount: 2 })
      .where(eq(products.id, added._id));
    const loaded = (await as(t.app, admin).get(`/api/shop/products/get/${added._id}`)).json().data;
    const res = await as(t.app, admin).put(`/api/admin/products/edit/${added._id}`, {
      ...loaded,
      _id: '00000000-0000-4000-8000-000000000000',
      averageRating: 1,
      reviewsCount: 999,
      price: '44.99',
      salePrice: '',
      totalStock: '12',
      createdAt: '2020-01-01',
      updatedAt: '2020-01-01',
      __v: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      _id: added._id,
      price: 44.99,
      salePrice: 0,
      totalStock: 12,
      averageRating: 4.5,
      reviewsCount: 2,
    });
    const refused = await as(t.app, admin).put(`/api/admin/products/edit/${added._id}`, {
      ...product(added.image),
      role: 'admin',
    });
    expect(refused.statusCode).toBe(400);
  });

  it('a save from a form loaded before a sale is refused (409) instead of putting the sold stock back', async () => {
    const added = (
      await as(t.app, admin).post('/api/admin/products/add', product(await uploadedUrl(), { totalStock: 3 }))
    ).json().data;
    const loaded = (await as(t.app, admin).get(`/api/shop/products/get/${added._id}`)).json().data;
    await buyProducts(t.app, shopper, [{ productId: added._id, quantity: 3 }]);
    const stale = await as(t.app, admin).put(`/api/admin/products/edit/${added._id}`, {
      ...loaded,
      price: 45,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/changed since you opened it \(0 now in stock\)/);
    const [row] = await t.db.select().from(products).where(eq(products.id, added._id));
    expect(row).toMatchObject({ totalStock: 0, priceCents: 4000 });
    const fresh = (await as(t.app, admin).get(`/api/shop/products/get/${added._id}`)).json().data;
    const saved = await as(t.app, admin).put(`/api/admin/products/edit/${added._id}`, {
      ...fresh,
      price: 45,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ price: 45, totalStock: 0 });
  });

  it('admin lists without page/limit answer every item, with the total', async () => {
    for (let i = 0; i < 30; i++) await insertProduct(t.db, { title: `Unpaged ${i}` });
    const all = (await as(t.app, admin).get('/api/admin/products/get')).json();
    expect(all.data.length).toBe(all.pagination.total);
    expect(all.data.length).toBeGreaterThan(30);
    const page = (await as(t.app, admin).get('/api/admin/products/get?page=1')).json();
    expect(page.data).toHaveLength(24);
    const orders = (await as(t.app, admin).get('/api/admin/orders/get')).json();
    expect(orders.data.length).toBe(orders.pagination.total);
  });
});

describe('admin orders', () => {
  it('changes status, restores stock once on cancel-twice, keeps orders after a product is deleted, deletes', async () => {
    const p = await insertProduct(t.db, { title: 'Order Lamp', totalStock: 10 });
    const order = await buyProducts(t.app, shopper, [{ productId: p, quantity: 3 }]);
    const stock = async () => (await t.db.select().from(products).where(eq(products.id, p)))[0]!.totalStock;
    expect(await stock()).toBe(7);

    const bad = await as(t.app, admin).put(`/api/admin/orders/status/${order._id}`, { orderStatus: 'Lost' });
    expect(bad.statusCode).toBe(400);
    const other = await buyProducts(t.app, shopper, [{ productId: p, quantity: 1 }]);
    const shipped = await as(t.app, admin).put(`/api/admin/orders/status/${other._id}`, {
      orderStatus: 'Shipped',
    });
    expect(shipped.json().data.orderStatus).toBe('Shipped');
    const mine = (await as(t.app, shopper).get(`/api/shop/order/details/${other._id}`)).json().data;
    expect(mine.orderStatus).toBe('Shipped');
    // A shipped order is not cancelled (DESIGN.md §4): 409, and its stock stays taken.
    const late = await as(t.app, admin).put(`/api/admin/orders/status/${other._id}`, {
      orderStatus: 'Cancelled',
    });
    expect(late.statusCode).toBe(409);
    expect(await stock()).toBe(6);

    for (let i = 0; i < 2; i++) {
      const res = await as(t.app, admin).put(`/api/admin/orders/status/${order._id}`, {
        orderStatus: 'Cancelled',
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await stock()).toBe(9);

    await t.db.delete(products).where(eq(products.id, p));
    const details = (await as(t.app, admin).get(`/api/admin/orders/details/${order._id}`)).json().data;
    expect(details.cartItems[0]).toMatchObject({ title: 'Order Lamp', quantity: 3 });

    const listed = (await as(t.app, admin).get('/api/admin/orders/get')).json();
    expect(listed.data.map((o: { _id: string }) => o._id)).toContain(order._id);
    expect((await as(t.app, admin).delete(`/api/admin/orders/delete/${order._id}`)).statusCode).toBe(200);
    expect(
      (await as(t.app, admin).get('/api/admin/orders/get')).json().data.map((o: { _id: string }) => o._id),
    ).not.toContain(order._id);
  });
});

describe('feature images', () => {
  it('sets and deletes a feature image; the public list follows', async () => {
    const image = await uploadedUrl();
    const set = await as(t.app, admin).post('/api/common/feature/set', { image });
    expect(set.statusCode).toBe(201);
    const id = set.json().data._id;
    const list = async () =>
      (
        (await t.app.inject({ method: 'GET', url: '/api/common/feature/get' })).json().data as Array<{
          _id: string;
        }>
      ).map((f) => f._id);
    expect(await list()).toContain(id);
    expect(
      (await as(t.app, admin).post('/api/common/feature/set', { image: 'https://evil.test/x.webp' }))
        .statusCode,
    ).toBe(400);
    expect((await as(t.app, admin).delete(`/api/common/feature/delete/${id}`)).statusCode).toBe(200);
    expect(await list()).not.toContain(id);
  });
});

describe('dashboard', () => {
  it('equals a recount from the orders placed', async () => {
    const d0 = (await as(t.app, admin).get('/api/admin/dashboard')).json().data;
    const buyer = await signUpAndLogIn(t.app);
    const a = await insertProduct(t.db, { price: 20, totalStock: 50 });
    const b = await insertProduct(t.db, { price: 5, salePrice: 4, totalStock: 3 });
    const o1 = await buyProducts(t.app, buyer, [{ productId: a, quantity: 2 }]);
    await buyProducts(t.app, buyer, [{ productId: b, quantity: 1 }]);
    const o3 = await buyProducts(t.app, buyer, [{ productId: a, quantity: 1 }]);
    await as(t.app, admin).put(`/api/admin/orders/status/${o3._id}`, { orderStatus: 'Cancelled' });
    await as(t.app, admin).put(`/api/admin/orders/status/${o1._id}`, { orderStatus: 'Delivered' });
    const d = (await as(t.app, admin).get('/api/admin/dashboard')).json().data;

    expect(d.today.paidOrders - d0.today.paidOrders).toBe(2);
    expect(d.today.revenue - d0.today.revenue).toBeCloseTo(44, 2);
    expect(d.last30Days.paidOrders - d0.last30Days.paidOrders).toBe(2);
    expect(d.ordersByStatus.Cancelled - d0.ordersByStatus.Cancelled).toBe(1);
    expect(d.ordersByStatus.Delivered - d0.ordersByStatus.Delivered).toBe(1);
    expect(d.revenueByDay).toHaveLength(30);
    expect(d.revenueByDay.at(-1).revenue).toBeCloseTo(d.today.revenue, 2);
    expect(d.averageOrderValue).toBeCloseTo(d.last30Days.revenue / d.last30Days.paidOrders, 1);
    expect(d.lowStock.map((p: { _id: string }) => p._id)).toContain(b);
    expect(d.latestOrders[0]._id).toBe(o3._id);
  });
});

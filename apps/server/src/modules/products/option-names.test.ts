/**
 * `optionNames` (issue 40, item 1): the list, details and search answers name a product's options, in order, so a
 * card can ask for a size before adding; a product without options has no such field (the spec's shape); a product
 * body that sends it back is accepted and the field is never applied.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@emporium/contract';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let shoe: string;
let lamp: string;

const LAMP = {
  title: 'Optionless Lamp',
  description: 'A lamp without options.',
  category: 'Home & Kitchen',
  brand: 'Bosch',
  price: 30,
  salePrice: 0,
  totalStock: 4,
};

/** Uploads a small PNG as the admin's form does; resolves with its URL. */
async function upload(): Promise<string> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fa3' } })
    .png()
    .toBuffer();
  const boundary = '----emporiumoptions';
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/upload-image',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="my_file"; filename="lamp.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${admin.token}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

const get = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
const find = (list: Product[], id: string) => list.find((p) => p._id === id);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  shoe = await insertProduct(t.db, { title: 'Optioned Trainer', category: 'Shoes', brand: 'Puma' });
  lamp = (await as(t.app, admin).post('/api/admin/products/add', { ...LAMP, image: await upload() })).json()
    .data._id;
  const saved = await as(t.app, admin).put(`/api/admin/products/variants/${shoe}`, {
    options: [
      { name: 'Size', values: ['41', '42'] },
      { name: 'Colour', values: ['Black'] },
    ],
    variants: [
      { sku: 'OPT-41', options: { Size: '41', Colour: 'Black' }, price: 60, salePrice: 0, stock: 2 },
      { sku: 'OPT-42', options: { Size: '42', Colour: 'Black' }, price: 60, salePrice: 0, stock: 3 },
    ],
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  await t.app.close();
});

describe('optionNames in the shop answers', () => {
  it('the listing names the options of a product with options and leaves the field out otherwise', async () => {
    const list = (await get('/api/shop/products/get')).data as Product[];
    expect(find(list, shoe)?.optionNames).toEqual(['Size', 'Colour']);
    expect(find(list, lamp)).toBeDefined();
    expect(find(list, lamp)).not.toHaveProperty('optionNames');
  });

  it('the details answer names them too', async () => {
    expect((await get(`/api/shop/products/get/${shoe}`)).data.optionNames).toEqual(['Size', 'Colour']);
    expect((await get(`/api/shop/products/get/${lamp}`)).data).not.toHaveProperty('optionNames');
  });

  it('so does search', async () => {
    const found = (await get('/api/shop/search/Optioned%20Trainer')).data as Product[];
    expect(find(found, shoe)?.optionNames).toEqual(['Size', 'Colour']);
  });

  it('a product edit that sends optionNames back is accepted and does not apply them', async () => {
    const loaded = (await get(`/api/shop/products/get/${lamp}`)).data as Product;
    const res = await as(t.app, admin).put(`/api/admin/products/edit/${lamp}`, {
      image: loaded.image,
      title: loaded.title,
      description: loaded.description,
      category: loaded.category,
      brand: loaded.brand,
      price: loaded.price,
      salePrice: loaded.salePrice,
      totalStock: loaded.totalStock,
      optionNames: ['Size'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(`/api/shop/products/get/${lamp}`)).data).not.toHaveProperty('optionNames');
  });
});

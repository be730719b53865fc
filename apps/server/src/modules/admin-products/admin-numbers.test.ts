/**
 * Number fields of the admin product body (issue 24, finding 11): a JSON number or a plain decimal string, nothing
 * that `z.coerce` would have turned into a number (`true` → 1, `[7]` → 7, `"0x10"` → 16, `null` → 0).
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
import { buildTestApp, promoteToAdmin, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let admin: Session;
let image: string;
let productId: string;

const body = (extra: object = {}) => ({
  image,
  title: 'Number Lamp',
  description: 'A lamp for the number fields.',
  category: 'Home & Kitchen',
  brand: 'Bosch',
  price: 40,
  salePrice: 30,
  totalStock: 7,
  ...extra,
});

const row = async () => (await t.db.select().from(products).where(eq(products.id, productId)))[0];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signUpAndLogIn(t.app);
  await promoteToAdmin(t.db, admin.userId);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();
  const boundary = '----emporiumnumbers';
  const upload = await t.app.inject({
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
  expect(upload.statusCode).toBe(200);
  image = upload.json().url;
  const added = await as(t.app, admin).post('/api/admin/products/add', body());
  expect(added.statusCode).toBe(201);
  productId = added.json().data._id;
});
afterAll(async () => {
  await t.app.close();
});

const BAD_VALUES: Array<[string, unknown]> = [
  ['true', true],
  ['false', false],
  ['[7]', [7]],
  ['"0x10"', '0x10'],
  ['null', null],
  ['{}', {}],
  ['"1e2"', '1e2'],
  ['"12abc"', '12abc'],
  ['"Infinity"', 'Infinity'],
  ['"+5"', '+5'],
  ['"1 000"', '1 000'],
];
const FIELDS = ['price', 'salePrice', 'totalStock', 'version'] as const;
/** How each field is named in the message (lib/validation-message.ts, issue 40 item 9). */
const IN_WORDS: Record<string, string> = {
  price: 'Price',
  salePrice: 'Sale price',
  totalStock: 'Stock',
  version: 'Version',
};
const CASES = FIELDS.flatMap((field) => BAD_VALUES.map(([label, value]) => [field, label, value] as const));

describe('admin product number fields', () => {
  it.each(CASES)(
    'edit with %s = %s: 400 naming the field, product unchanged',
    async (field, _label, value) => {
      const before = await row();
      const res = await as(t.app, admin).put(
        `/api/admin/products/edit/${productId}`,
        body({ [field]: value }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(new RegExp(`^${IN_WORDS[field]} `));
      expect(await row()).toEqual(before);
    },
  );

  it.each(BAD_VALUES)('add with price = %s: 400 naming price, nothing added', async (_label, value) => {
    const count = (await t.db.select().from(products)).length;
    const res = await as(t.app, admin).post('/api/admin/products/add', body({ price: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^Price /);
    expect((await t.db.select().from(products)).length).toBe(count);
  });

  it.each([
    ['price', ''],
    ['totalStock', ''],
    ['totalStock', '  '],
  ])('a blank %s (%j) is refused: only salePrice may be left empty', async (field, value) => {
    const res = await as(t.app, admin).put(`/api/admin/products/edit/${productId}`, body({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(new RegExp(`^${IN_WORDS[field]} `));
  });

  it.each([
    ['the JSON number 19.99', { price: 19.99, salePrice: 0, totalStock: 7 }],
    ['the form strings "19.99", "", "7"', { price: '19.99', salePrice: '', totalStock: '7' }],
    ['padded strings " 19.99 ", "0", " 7"', { price: ' 19.99 ', salePrice: '0', totalStock: ' 7' }],
    ['a string sale price "9.5"', { price: '19.99', salePrice: '9.5', totalStock: 7 }],
  ])('accepts %s', async (_label, numbers) => {
    const res = await as(t.app, admin).put(`/api/admin/products/edit/${productId}`, body(numbers));
    expect(res.statusCode).toBe(200);
    const saved = Number(numbers.salePrice || 0);
    expect(res.json().data).toMatchObject({ price: 19.99, salePrice: saved, totalStock: 7 });
    expect(await row()).toMatchObject({ priceCents: 1999, salePriceCents: Math.round(saved * 100) });
  });

  it('keeps the limits: a string price above the maximum or a fractional string stock is 400', async () => {
    const price = await as(t.app, admin).put(
      `/api/admin/products/edit/${productId}`,
      body({ price: '1000001' }),
    );
    expect(price.statusCode).toBe(400);
    expect(price.json().message).toMatch(/^Price must be at most \d+$/);
    const stock = await as(t.app, admin).put(
      `/api/admin/products/edit/${productId}`,
      body({ totalStock: '2.5' }),
    );
    expect(stock.statusCode).toBe(400);
    expect(stock.json().message).toBe('Stock must be a whole number');
  });
});

/**
 * Issue 28, stock per variant under real concurrency (PostgreSQL only, TEST_DATABASE_URL: PGlite runs one statement
 * at a time). 30 shoppers race to check out and pay for the last 3 units of one size while another size of the same
 * product stays untouched, three rounds; and orders holding the same two variants, captured at once, never deadlock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants } from '../../db/schema.ts';
import {
  buildTestApp,
  insertProduct,
  promoteToAdmin,
  signUpAndLogIn,
  type TestApp,
} from '../../test/build-test-app.ts';
import {
  addAddress,
  approveWithoutReturn,
  as,
  capture,
  placeOrder,
  type Session,
} from '../../test/shop-client.ts';

const SHOPPERS = 30;

describe.runIf(process.env.TEST_DATABASE_URL)('variant stock races (PostgreSQL)', () => {
  let t: TestApp;
  let admin: Session;
  const shoppers: Array<Session & { addressId: string }> = [];

  beforeAll(async () => {
    t = await buildTestApp();
    admin = await signUpAndLogIn(t.app);
    await promoteToAdmin(t.db, admin.userId);
    // One after another: registrations at once would (rightly) meet the password-hashing queue's 503.
    for (let i = 0; i < SHOPPERS; i++) {
      const s = await signUpAndLogIn(t.app);
      shoppers.push({ ...s, addressId: (await addAddress(t.app, s))._id });
    }
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** A product with one option, Size, and these stocks; returns its id and the variant ids in order. */
  async function sizedProduct(title: string, sizes: Array<[string, number]>) {
    const id = await insertProduct(t.db, { title, category: 'Shoes', brand: 'Nike', price: 90 });
    const res = await as(t.app, admin).put(`/api/admin/products/variants/${id}`, {
      options: [{ name: 'Size', values: sizes.map(([size]) => size) }],
      variants: sizes.map(([size, stock]) => ({
        sku: `${id.slice(0, 8)}-${size}`,
        options: { Size: size },
        price: 90,
        salePrice: 0,
        stock,
      })),
    });
    expect(res.statusCode, res.body).toBe(200);
    const variants = res.json().data.variants as Array<{ _id: string }>;
    return { id, variantIds: variants.map((v) => v._id) };
  }

  const stockOf = async (variantId: string) =>
    (
      await t.db
        .select({ s: productVariants.stock })
        .from(productVariants)
        .where(eq(productVariants.id, variantId))
    )[0]!.s;
  const totalOf = async (productId: string) =>
    (await t.db.select({ s: products.totalStock }).from(products).where(eq(products.id, productId)))[0]!.s;
  const cartItems = async (s: Session) =>
    (await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`)).json().data.items as Array<{
      variantId: string;
      quantity: number;
    }>;

  it.each([1, 2, 3])(
    'round %i: 30 shoppers for the last 3 units of size 42: 3 paid, 27 told, size 43 untouched',
    async (round) => {
      const title = `Race Runner ${round}`;
      const {
        id,
        variantIds: [size42, size43],
      } = await sizedProduct(title, [
        ['42', 3],
        ['43', 10],
      ]);
      for (const s of shoppers) {
        const added = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${id}`, {
          quantity: 1,
          variantId: size42,
        });
        expect(added.statusCode, added.body).toBe(200);
      }

      // Every shopper places the order and pays at the same moment. A shopper is told either by the capture or, when
      // the units sold before their order was placed (captures go first in the checkout queue, lib/admission.ts), by
      // the order creation itself.
      const results = await Promise.allSettled(
        shoppers.map(async (s) => {
          const created = await as(t.app, s).post('/api/shop/order/create', {
            userId: s.userId,
            address: { addressId: s.addressId },
          });
          if (created.statusCode !== 201) return created;
          const { orderId, approvalURL } = created.json() as { orderId: string; approvalURL: string };
          const paymentId = new URL(approvalURL).pathname.split('/').pop()!;
          const payerId = await approveWithoutReturn(t.db, paymentId);
          return capture(t.app, s, { orderId, paymentId, payerId });
        }),
      );
      const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
      expect(failures).toEqual([]);
      const answers = results.map((r) => (r.status === 'fulfilled' ? r.value : undefined)!);
      expect(answers.filter((r) => r.statusCode >= 500).map((r) => r.body)).toEqual([]);
      const paid = answers.filter((r) => r.statusCode === 200);
      const refused = answers.filter((r) => r.statusCode === 409);
      expect(paid).toHaveLength(3);
      expect(refused).toHaveLength(SHOPPERS - 3);
      for (const r of refused) expect(r.json().message).toMatch(new RegExp(`^${title}.* is out of stock$`));
      for (const r of paid) {
        expect(r.json().data.cartItems).toMatchObject([{ variantId: size42, quantity: 1 }]);
      }

      expect(await stockOf(size42!)).toBe(0);
      expect(await stockOf(size43!)).toBe(10);
      expect(await totalOf(id)).toBe(10);

      // The paid shoppers' carts are empty; the others keep their line (and lose it before the next round).
      const losers = shoppers.filter((_, i) => answers[i]!.statusCode === 409);
      for (const s of losers) {
        expect(await cartItems(s)).toMatchObject([{ variantId: size42, quantity: 1 }]);
        expect((await as(t.app, s).delete(`/api/shop/cart/delete/${s.userId}/${id}`)).statusCode).toBe(200);
      }
      for (const s of shoppers.filter((_, i) => answers[i]!.statusCode === 200))
        expect(await cartItems(s)).toEqual([]);
    },
  );

  it('orders holding the same two variants in opposite line order, captured at once, never deadlock', async () => {
    const {
      id,
      variantIds: [left, right],
    } = await sizedProduct('Deadlock Boot', [
      ['44', 1000],
      ['45', 1000],
    ]);
    const buyers = shoppers.slice(0, 20);
    const placed = [];
    for (const [i, s] of buyers.entries()) {
      for (const variantId of i % 2 === 0 ? [left, right] : [right, left]) {
        const added = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${id}`, {
          quantity: 1,
          variantId,
        });
        expect(added.statusCode, added.body).toBe(200);
      }
      const order = await placeOrder(t.app, s, s.addressId);
      placed.push({ s, order, payerId: await approveWithoutReturn(t.db, order.paymentId) });
    }
    const results = await Promise.all(
      placed.map(({ s, order, payerId }) => capture(t.app, s, { ...order, payerId })),
    );
    expect(results.map((r) => [r.statusCode, r.statusCode === 200 ? '' : r.body])).toEqual(
      Array(buyers.length).fill([200, '']),
    );
    expect([await stockOf(left!), await stockOf(right!), await totalOf(id)]).toEqual([980, 980, 1960]);
  });
});

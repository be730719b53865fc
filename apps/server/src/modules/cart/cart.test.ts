import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CART_FULL_MESSAGE, LIMITS } from '@emporium/contract';
import { cartItems, carts, products, productVariants } from '../../db/schema.ts';
import { buildTestApp, insertProduct, signUpAndLogIn, type TestApp } from '../../test/build-test-app.ts';
import { as, type Session } from '../../test/shop-client.ts';

let t: TestApp;
let alice: Session;
let bob: Session;
let tee: string;
let mug: string;

beforeAll(async () => {
  t = await buildTestApp();
  alice = await signUpAndLogIn(t.app);
  bob = await signUpAndLogIn(t.app);
  tee = await insertProduct(t.db, { title: 'Tee', price: 20, salePrice: 15, totalStock: 5 });
  mug = await insertProduct(t.db, { title: 'Mug', price: 8, totalStock: 100 });
});
afterAll(async () => {
  await t.app.close();
});

async function cartOf(s: Session) {
  const res = await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`);
  expect(res.statusCode).toBe(200);
  return res.json() as {
    success: boolean;
    message: string;
    data: { _id: string; items: Array<Record<string, unknown>> };
  };
}

describe('cart', () => {
  it('starts empty, then adds, accumulates, updates and deletes lines with current product data', async () => {
    expect((await cartOf(alice)).data.items).toEqual([]);
    const add = await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 2 });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ success: true, message: 'Product added to cart' });
    await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 1 });
    const items = (await cartOf(alice)).data.items;
    expect(items).toEqual([
      {
        productId: tee,
        title: 'Tee',
        image: expect.stringMatching(/^http:\/\/shop\.test\/uploads\//),
        price: 20,
        salePrice: 15,
        quantity: 3,
        totalStock: 5,
        variantId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        sku: expect.stringMatching(/^P-[0-9A-F]{12}$/),
        options: {},
        // Issue 41: created on sale, so the regular price it was reduced from.
        lowestPrice30Days: 20,
      },
    ]);
    const upd = await as(t.app, alice).put(`/api/shop/cart/update-cart/${alice.userId}/${tee}`, {
      quantity: 1,
    });
    expect(upd.json().data.items[0].quantity).toBe(1);
    const del = await as(t.app, alice).delete(`/api/shop/cart/delete/${alice.userId}/${tee}`);
    expect(del.json().data.items).toEqual([]);
  });

  it.each([
    ['-1', { quantity: -1 }],
    ['0', { quantity: 0 }],
    ['1.5', { quantity: 1.5 }],
    ['"5"', { quantity: '5' }],
    ['1e9', { quantity: 1e9 }],
    ['null', { quantity: null }],
    ['missing', {}],
    ['a price', { quantity: 1, price: 0.01 }],
  ])('refuses quantity %s with 400 and changes nothing', async (_label, body) => {
    await as(t.app, bob).post(`/api/shop/cart/add/${bob.userId}/${mug}`, { quantity: 2 });
    for (const res of [
      await as(t.app, bob).post(`/api/shop/cart/add/${bob.userId}/${mug}`, body),
      await as(t.app, bob).put(`/api/shop/cart/update-cart/${bob.userId}/${mug}`, body),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    }
    expect((await cartOf(bob)).data.items).toMatchObject([{ productId: mug, quantity: 2, price: 8 }]);
    await as(t.app, bob).delete(`/api/shop/cart/delete/${bob.userId}/${mug}`);
  });

  it('caps quantities by stock with 409 "Only N left in stock"', async () => {
    const over = await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 6 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ success: false, message: 'Only 5 left in stock' });
    await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 4 });
    const more = await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${tee}`, { quantity: 2 });
    expect(more.statusCode).toBe(409);
    const upd = await as(t.app, alice).put(`/api/shop/cart/update-cart/${alice.userId}/${tee}`, {
      quantity: 9,
    });
    expect(upd.statusCode).toBe(409);
    expect((await cartOf(alice)).data.items[0]!.quantity).toBe(4);
    await as(t.app, alice).delete(`/api/shop/cart/delete/${alice.userId}/${tee}`);
  });

  it('answers 403 for another shopper, 401 for a visitor, 404 for unknown products and lines', async () => {
    expect((await as(t.app, bob).get(`/api/shop/cart/get/${alice.userId}`)).statusCode).toBe(403);
    expect(
      (await as(t.app, bob).post(`/api/shop/cart/add/${alice.userId}/${mug}`, { quantity: 1 })).statusCode,
    ).toBe(403);
    expect((await as(t.app, bob).get('/api/shop/cart/get/not-a-uuid')).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/shop/cart/get/${alice.userId}` })).statusCode,
    ).toBe(401);
    const unknown = await as(t.app, alice).post(
      `/api/shop/cart/add/${alice.userId}/00000000-0000-4000-8000-000000000000`,
      { quantity: 1 },
    );
    expect(unknown.statusCode).toBe(404);
    expect((await as(t.app, alice).delete(`/api/shop/cart/delete/${alice.userId}/${mug}`)).statusCode).toBe(
      404,
    );
    expect((await cartOf(alice)).data.items).toEqual([]);
  });

  it('drops a line whose product was deleted, with a notice', async () => {
    const gone = await insertProduct(t.db, { title: 'Discontinued' });
    await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${gone}`, { quantity: 1 });
    await as(t.app, alice).post(`/api/shop/cart/add/${alice.userId}/${mug}`, { quantity: 1 });
    await t.db.delete(products).where(eq(products.id, gone));
    const first = await cartOf(alice);
    expect(first.message).toBe('Some items are no longer available and were removed from your cart');
    expect(first.data.items.map((i) => i.productId)).toEqual([mug]);
    expect((await cartOf(alice)).message).toBe('Cart fetched successfully');
  });

  it.runIf(process.env.TEST_DATABASE_URL)('never exceeds stock when adds race (PostgreSQL)', async () => {
    const last = await insertProduct(t.db, { title: 'Scarce', totalStock: 3 });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        as(t.app, bob).post(`/api/shop/cart/add/${bob.userId}/${last}`, { quantity: 1 }),
      ),
    );
    const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0));
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(7);
    const line = (await cartOf(bob)).data.items.find((i) => i.productId === last);
    expect(line?.quantity).toBe(3);
  });

  describe(`at most ${LIMITS.cartLines.max} distinct products per cart`, () => {
    /** A fresh shopper whose cart holds `lines` distinct products (written directly: the HTTP path is tested below). */
    async function shopperWithLines(lines: number) {
      const s = await signUpAndLogIn(t.app);
      await as(t.app, s).get(`/api/shop/cart/get/${s.userId}`);
      const [cart] = await t.db.select({ id: carts.id }).from(carts).where(eq(carts.userId, s.userId));
      const ids = await Promise.all(
        Array.from({ length: lines }, (_, i) => insertProduct(t.db, { title: `Line ${i + 1}` })),
      );
      if (ids.length > 0) {
        const variants = await t.db
          .select({ id: productVariants.id, productId: productVariants.productId })
          .from(productVariants)
          .where(inArray(productVariants.productId, ids));
        await t.db
          .insert(cartItems)
          .values(
            variants.map((v) => ({ cartId: cart!.id, productId: v.productId, variantId: v.id, quantity: 1 })),
          );
      }
      return { s, ids };
    }

    it(`refuses the ${LIMITS.cartLines.max + 1}st distinct product with 409 and leaves the cart as it was; more of a line already in it still works`, async () => {
      const { s, ids } = await shopperWithLines(LIMITS.cartLines.max - 1);
      const fiftieth = await insertProduct(t.db, { title: 'Fiftieth' });
      const ok = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${fiftieth}`, { quantity: 1 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.items).toHaveLength(LIMITS.cartLines.max);
      const before = (await cartOf(s)).data.items;

      const extra = await insertProduct(t.db, { title: 'One too many' });
      const refused = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${extra}`, { quantity: 1 });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        success: false,
        message: `Your cart can hold at most ${LIMITS.cartLines.max} different products`,
      });
      expect(refused.json().message).toBe(CART_FULL_MESSAGE);
      expect((await cartOf(s)).data.items).toEqual(before);

      const more = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${ids[0]}`, { quantity: 2 });
      expect(more.statusCode).toBe(200);
      const items = (await cartOf(s)).data.items;
      expect(items).toHaveLength(LIMITS.cartLines.max);
      expect(items.find((i) => i.productId === ids[0])?.quantity).toBe(3);
      expect(items.some((i) => i.productId === extra)).toBe(false);

      // A removed line frees its place.
      await as(t.app, s).delete(`/api/shop/cart/delete/${s.userId}/${fiftieth}`);
      expect(
        (await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${extra}`, { quantity: 1 })).statusCode,
      ).toBe(200);
    });

    it('does not count a line whose product was deleted', async () => {
      const { s, ids } = await shopperWithLines(LIMITS.cartLines.max);
      await t.db.delete(products).where(eq(products.id, ids[0]!));
      const extra = await insertProduct(t.db, { title: 'Takes the freed place' });
      const res = await as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${extra}`, { quantity: 1 });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.items).toHaveLength(LIMITS.cartLines.max);
    });

    it('lets only one of four racing adds take the last place (invariant: never more lines than the cap)', async () => {
      const { s } = await shopperWithLines(LIMITS.cartLines.max - 1);
      const racers = await Promise.all(
        Array.from({ length: 4 }, (_, i) => insertProduct(t.db, { title: `Racer ${i + 1}` })),
      );
      const results = await Promise.allSettled(
        racers.map((id) => as(t.app, s).post(`/api/shop/cart/add/${s.userId}/${id}`, { quantity: 1 })),
      );
      const codes = results.map((r) => (r.status === 'fulfilled' ? r.value.statusCode : 0));
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(3);
      expect((await cartOf(s)).data.items).toHaveLength(LIMITS.cartLines.max);
    });
  });
});

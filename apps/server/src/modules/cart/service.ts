/**
 * Shopping cart (spec §7 Shop cart calls; DESIGN.md §4 "Money, stock and orders"). One cart per user, created on
 * first use. Quantities are positive whole numbers capped by stock and by LIMITS.lineQuantity, and a cart holds at
 * most LIMITS.cartLines distinct products; prices are read from the products at every read, never stored in the cart.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CART_FULL_MESSAGE, LIMITS, toDollars, type Cart } from '@emporium/contract';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import { cartItems, carts, products } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { productColumns } from '../products/service.ts';

/** Message of a cart read that dropped lines whose product no longer exists. */
export const REMOVED_ITEMS_MESSAGE = 'Some items are no longer available and were removed from your cart';

/** The 409 message when a line would exceed the stock (DESIGN.md §4). */
export function stockMessage(stock: number): string {
  return stock > 0 ? `Only ${stock} left in stock` : 'This product is out of stock';
}

/** The user's cart id, creating the cart on first use. */
export async function ensureCart(db: Db, userId: string): Promise<string> {
  await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId });
  const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return row!.id;
}

/** The cart with its items (current product data, dollars) and the message of spec §7. */
export async function readCart(
  db: Db,
  images: ImageStore,
  userId: string,
  message = 'Cart fetched successfully',
): Promise<{ cart: Cart; message: string }> {
  const cartId = await ensureCart(db, userId);
  const rows = await db
    .select({
      productId: cartItems.productId,
      quantity: cartItems.quantity,
      product: productColumns,
    })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.productId));

  const gone = rows.filter((r) => r.product === null).map((r) => r.productId);
  if (gone.length > 0) {
    await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.productId, gone)));
  }
  const items = rows.flatMap(({ product, quantity }) =>
    product
      ? [
          {
            productId: product.id,
            title: product.title,
            image: images.url(product.imageKey),
            price: toDollars(product.priceCents),
            salePrice: toDollars(product.salePriceCents),
            quantity,
            totalStock: product.totalStock,
          },
        ]
      : [],
  );
  return { cart: { _id: cartId, items }, message: gone.length > 0 ? REMOVED_ITEMS_MESSAGE : message };
}

async function productStock(db: Db, productId: string): Promise<number> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const [row] = await db
    .select({ stock: products.totalStock })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound('Product not found');
  return row.stock;
}

/** The cart's lines whose product still exists (a vanished product's line is dropped at the next read). */
function liveLineCount(cartId: string) {
  return sql`(select count(*) from ${cartItems} ci join ${products} p on p.id = ci.product_id
              where ci.cart_id = ${cartId})`;
}

/**
 * Adds `quantity` units to the line (creating it). One upsert whose WHERE clauses refuse a new line when the cart
 * already holds LIMITS.cartLines products, and a resulting quantity above the stock or LIMITS.lineQuantity. 404
 * unknown product; 409 above stock or a full cart, and nothing changes.
 */
export async function addToCart(db: Db, userId: string, productId: string, quantity: number): Promise<void> {
  const stock = await productStock(db, productId);
  const cap = Math.min(stock, LIMITS.lineQuantity.max);
  if (quantity > cap) throw conflict(stockMessage(stock));
  const cartId = await ensureCart(db, userId);
  await transactionWithRetry(db, async (tx) => {
    // Adds to one cart queue on its row, so each counts the lines the previous one committed: two concurrent adds
    // of different products to a cart one line short of the cap cannot both see room (a statement's own snapshot
    // would be taken before the wait). The stock rule needs no lock: the upsert re-reads a conflicting line.
    await tx.select({ id: carts.id }).from(carts).where(eq(carts.id, cartId)).for('update');
    const written = await tx
      .insert(cartItems)
      .select(
        sql`select ${cartId}::uuid, ${productId}::uuid, ${quantity}::integer, now()
            where exists (select 1 from ${cartItems} where cart_id = ${cartId} and product_id = ${productId})
               or ${liveLineCount(cartId)} < ${LIMITS.cartLines.max}`,
      )
      .onConflictDoUpdate({
        target: [cartItems.cartId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
        setWhere: sql`${cartItems.quantity} + excluded.quantity <= least(${LIMITS.lineQuantity.max}, (select total_stock from products where id = ${productId}))`,
      })
      .returning({ quantity: cartItems.quantity });
    if (written.length === 0) {
      const [line] = await tx
        .select({ quantity: cartItems.quantity })
        .from(cartItems)
        .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)));
      if (!line) throw conflict(CART_FULL_MESSAGE);
      const fresh = await productStock(tx, productId);
      throw conflict(
        fresh > LIMITS.lineQuantity.max
          ? `You can add at most ${LIMITS.lineQuantity.max} of this product`
          : stockMessage(fresh),
      );
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  });
}

/** Sets the line's quantity. 404 when the line (or product) does not exist, 409 above stock. */
export async function updateCartLine(
  db: Db,
  userId: string,
  productId: string,
  quantity: number,
): Promise<void> {
  const stock = await productStock(db, productId);
  if (quantity > stock) throw conflict(stockMessage(stock));
  const cartId = await ensureCart(db, userId);
  const updated = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ quantity: cartItems.quantity });
  if (updated.length === 0) throw notFound('Cart item not present');
}

/** Removes the line. 404 when it is not in the cart. */
export async function deleteCartLine(db: Db, userId: string, productId: string): Promise<void> {
  if (!isUuid(productId)) throw notFound('Cart item not present');
  const cartId = await ensureCart(db, userId);
  const deleted = await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  if (deleted.length === 0) throw notFound('Cart item not present');
}

/**
 * Shopping cart (spec §7 Shop cart calls; DESIGN.md §4 "Money, stock and orders"). One cart per user, or per guest
 * session in the open storefront (issue 41), created on first use. A line is one variant of a product (issue 28).
 * Quantities are positive whole numbers capped by the variant's stock and by LIMITS.lineQuantity, and a cart holds at
 * most LIMITS.cartLines lines; prices are read from the variants at every read, never stored in the cart.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { CART_FULL_MESSAGE, LIMITS, toDollars, type Cart } from '@emporium/contract';
import {
  preparedQuery,
  retryOnConflict,
  selectRows,
  transactionWithRetry,
  type Db,
} from '../../db/client.ts';
import { cartItems, carts, products, productVariants } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { endGuestSession } from '../guest-sessions/service.ts';
import { lowestPriceField, variantPriorPriceColumn } from '../price-history/service.ts';
import { productColumns } from '../products/service.ts';
import {
  optionNamesOf,
  optionPairs,
  resolveVariant,
  variantOptions,
  variantPhrase,
} from '../variants/service.ts';

/** Message of a cart read that dropped lines whose product no longer exists. */
export const REMOVED_ITEMS_MESSAGE = 'Some items are no longer available and were removed from your cart';

/**
 * The 409 message when a line would exceed the stock (DESIGN.md §4): "Only N left in stock", and for a variant of a
 * product with options its name ("Only 1 left in size XL, black"; issue 46), so that a shopper whose client knows no
 * sizes learns which one ran out.
 */
export function stockMessage(stock: number, variant = ''): string {
  if (stock <= 0)
    return variant ? `This product is out of stock in ${variant}` : 'This product is out of stock';
  return `Only ${stock} left in ${variant || 'stock'}`;
}

/** `stockMessage` for a variant, its options read only now that an add or update is refused. */
async function variantStockMessage(db: Db, variantId: string, stock: number): Promise<string> {
  return stockMessage(stock, variantPhrase(await variantOptions(db, variantId)));
}

/**
 * Whose cart: an account's (`userId`), or in the open storefront a guest session's (`guestSessionId`, issue 41).
 * Exactly one is set on the row (CHECK carts_one_owner).
 */
export type CartOwner = { userId: string } | { guestSessionId: string };

/**
 * The owner's cart id, creating the cart on first use: one statement (the cart, else the one inserted), and a second
 * read only when another request created it at the same moment.
 */
export async function ensureCart(db: Db, owner: CartOwner): Promise<string> {
  const column = 'userId' in owner ? sql`user_id` : sql`guest_session_id`;
  const id = 'userId' in owner ? owner.userId : owner.guestSessionId;
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`with found as (select id from ${carts} where ${column} = ${id}),
        made as (insert into ${carts} (${column}) select ${id} where not exists (select 1 from found)
                 on conflict (${column}) do nothing returning id)
        select id from found union all select id from made`,
  );
  if (row) return row.id;
  const [made] = await db
    .select({ id: carts.id })
    .from(carts)
    .where('userId' in owner ? eq(carts.userId, id) : eq(carts.guestSessionId, id));
  return made!.id;
}

/** A cart's lines with their products and variants (null when gone), oldest first; built once (preparedQuery). */
const cartRows = preparedQuery((db) =>
  db
    .select({
      variantId: cartItems.variantId,
      quantity: cartItems.quantity,
      product: productColumns,
      variant: {
        sku: productVariants.sku,
        optionValues: productVariants.optionValues,
        priceCents: productVariants.priceCents,
        salePriceCents: productVariants.salePriceCents,
        stock: productVariants.stock,
        imageKey: productVariants.imageKey,
        priorPriceCents: sql<
          number | null
        >`case when ${productVariants.salePriceCents} > 0 then ${variantPriorPriceColumn(sql`product_variants.id`)} end`,
      },
      optionNames: optionNamesOf(cartItems.productId),
    })
    .from(cartItems)
    .leftJoin(products, eq(products.id, cartItems.productId))
    .leftJoin(
      productVariants,
      and(eq(productVariants.id, cartItems.variantId), eq(productVariants.productId, cartItems.productId)),
    )
    .where(eq(cartItems.cartId, sql.placeholder('cartId')))
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId))
    .prepare('cart_rows'),
);

/**
 * The cart with its items (current variant data, dollars) and the message of spec §7. `cartId`: the owner's cart when
 * the caller already has it (ensureCart), saving its lookup.
 */
export async function readCart(
  db: Db,
  images: ImageStore,
  owner: CartOwner,
  message = 'Cart fetched successfully',
  cartId?: string,
): Promise<{ cart: Cart; message: string }> {
  cartId ??= await ensureCart(db, owner);
  const rows = await cartRows(db).execute({ cartId });

  const gone = rows.filter((r) => r.product === null || r.variant === null).map((r) => r.variantId);
  if (gone.length > 0) {
    await db.delete(cartItems).where(and(eq(cartItems.cartId, cartId), inArray(cartItems.variantId, gone)));
  }
  const items = rows.flatMap(({ product, variant, variantId, quantity, optionNames }) =>
    product && variant
      ? [
          {
            productId: product.id,
            title: product.title,
            image: images.url(variant.imageKey ?? product.imageKey),
            price: toDollars(variant.priceCents),
            salePrice: toDollars(variant.salePriceCents),
            quantity,
            totalStock: variant.stock,
            variantId,
            sku: variant.sku,
            options: Object.fromEntries(
              optionPairs(optionNames, variant.optionValues).map((p) => [p.name, p.value]),
            ),
            ...lowestPriceField(variant.salePriceCents, variant.priorPriceCents),
          },
        ]
      : [],
  );
  return { cart: { _id: cartId, items }, message: gone.length > 0 ? REMOVED_ITEMS_MESSAGE : message };
}

/** The stock of a variant now (0 when it was deleted meanwhile). */
async function variantStock(db: Db, variantId: string): Promise<number> {
  const [row] = await db
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(eq(productVariants.id, variantId));
  return row?.stock ?? 0;
}

/**
 * Adds `quantity` units of a variant to its line (creating it); without `variantId`, the variant
 * `variantForSpecClient` picks (in stock at the product's price, the most units; issue 46), so the spec's client
 * adds products as before. One statement, the database function
 * `add_cart_line` (migration 0028): adds to one cart queue on its row, and the rules are in the upsert's WHERE
 * clauses, refusing a new line when the cart already holds LIMITS.cartLines lines, and a resulting quantity above the
 * variant's stock or LIMITS.lineQuantity. 404 unknown product or variant; 409 above stock or a full cart, and nothing
 * changes. Returns the cart's id.
 */
export async function addToCart(
  db: Db,
  owner: CartOwner,
  productId: string,
  quantity: number,
  variantId?: string,
): Promise<string> {
  const variant = await resolveVariant(db, productId, variantId);
  const cap = Math.min(variant.stock, LIMITS.lineQuantity.max);
  if (quantity > cap) throw conflict(await variantStockMessage(db, variant.id, variant.stock));
  const cartId = await ensureCart(db, owner);
  const [added] = await retryOnConflict(() =>
    selectRows<{ quantity: number | null }>(
      db,
      sql`select add_cart_line(${cartId}::uuid, ${productId}::uuid, ${variant.id}::uuid, ${quantity}::integer,
            ${LIMITS.cartLines.max}::integer, ${LIMITS.lineQuantity.max}::integer) as quantity`,
    ),
  );
  if (added?.quantity == null) {
    const [line] = await db
      .select({ quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)));
    if (!line) throw conflict(CART_FULL_MESSAGE);
    const fresh = await variantStock(db, variant.id);
    throw conflict(
      fresh > LIMITS.lineQuantity.max
        ? `You can add at most ${LIMITS.lineQuantity.max} of this product`
        : await variantStockMessage(db, variant.id, fresh),
    );
  }
  return cartId;
}

/**
 * The cart line of a product a call names: the line of `variantId`, else the product's oldest line (the spec's client
 * names products). Undefined when there is none.
 */
async function lineOf(
  db: Db,
  cartId: string,
  productId: string,
  variantId?: string,
): Promise<{ variantId: string } | undefined> {
  if (!isUuid(productId) || (variantId !== undefined && !isUuid(variantId))) return undefined;
  const [line] = await db
    .select({ variantId: cartItems.variantId })
    .from(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    )
    .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId))
    .limit(1);
  return line;
}

/**
 * Sets a line's quantity: the line of `variantId`, else the product's oldest line. 404 when the line does not exist,
 * 409 above the variant's stock.
 */
export async function updateCartLine(
  db: Db,
  owner: CartOwner,
  productId: string,
  quantity: number,
  variantId?: string,
): Promise<void> {
  const cartId = await ensureCart(db, owner);
  const line = await lineOf(db, cartId, productId, variantId);
  if (!line) {
    await resolveVariant(db, productId, variantId);
    throw notFound('Cart item not present');
  }
  const stock = await variantStock(db, line.variantId);
  if (quantity > stock) throw conflict(await variantStockMessage(db, line.variantId, stock));
  const updated = await db
    .update(cartItems)
    .set({ quantity })
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, line.variantId)))
    .returning({ quantity: cartItems.quantity });
  if (updated.length === 0) throw notFound('Cart item not present');
}

/** Removes the line of `variantId`, or without it every line of the product. 404 when none is in the cart. */
export async function deleteCartLine(
  db: Db,
  owner: CartOwner,
  productId: string,
  variantId?: string,
): Promise<void> {
  if (!isUuid(productId) || (variantId !== undefined && !isUuid(variantId)))
    throw notFound('Cart item not present');
  const cartId = await ensureCart(db, owner);
  const deleted = await db
    .delete(cartItems)
    .where(
      and(
        eq(cartItems.cartId, cartId),
        eq(cartItems.productId, productId),
        variantId === undefined ? undefined : eq(cartItems.variantId, variantId),
      ),
    )
    .returning({ productId: cartItems.productId });
  if (deleted.length === 0) throw notFound('Cart item not present');
}

/** What moving a guest's cart into an account's did (issue 41). */
export interface CartMerge {
  /** Guest lines added to the account's cart, in full or in part. */
  merged: number;
  /** Titles of the products of which fewer units than the guest chose were added (stock, line or cart limits). */
  capped: string[];
}

/**
 * Moves the lines of a guest's cart into the account's cart when the guest signs in (issue 41): quantities summed
 * and capped at the variant's stock and LIMITS.lineQuantity, a new line only while the account's cart holds fewer
 * than LIMITS.cartLines lines (the rules of `add_cart_line`, migration 0028, in the upsert's WHERE clause). One
 * transaction locks both carts (in id order, as concurrent adds lock each), so adds racing with the merge queue
 * behind it and see its lines; the guest cart is then emptied and the guest session ended. Lines whose product or
 * variant is gone are dropped without notice, as a cart read drops them.
 */
export async function mergeGuestCart(db: Db, guestSessionId: string, userId: string): Promise<CartMerge> {
  const [guestCart] = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.guestSessionId, guestSessionId));
  if (!guestCart) {
    await endGuestSession(db, guestSessionId);
    return { merged: 0, capped: [] };
  }
  const userCart = await ensureCart(db, { userId });
  return transactionWithRetry(db, async (tx) => {
    await selectRows(
      tx,
      sql`select id from ${carts} where id in (${guestCart.id}::uuid, ${userCart}::uuid) order by id for update`,
    );
    const lines = await tx
      .select({
        productId: cartItems.productId,
        variantId: cartItems.variantId,
        quantity: cartItems.quantity,
        title: products.title,
        variantAlive: productVariants.id,
      })
      .from(cartItems)
      .leftJoin(products, eq(products.id, cartItems.productId))
      .leftJoin(
        productVariants,
        and(eq(productVariants.id, cartItems.variantId), eq(productVariants.productId, cartItems.productId)),
      )
      .where(eq(cartItems.cartId, guestCart.id))
      .orderBy(asc(cartItems.addedAt), asc(cartItems.variantId));
    const held = new Map(
      (
        await tx
          .select({ variantId: cartItems.variantId, quantity: cartItems.quantity })
          .from(cartItems)
          .where(eq(cartItems.cartId, userCart))
      ).map((l) => [l.variantId, l.quantity]),
    );
    const result: CartMerge = { merged: 0, capped: [] };
    for (const line of lines) {
      if (line.title === null || line.variantAlive === null) continue;
      const stock = sql`(select v.stock from ${productVariants} v where v.id = ${line.variantId}::uuid
                         and v.product_id = ${line.productId}::uuid)`;
      const [written] = await selectRows<{ quantity: number }>(
        tx,
        sql`insert into ${cartItems} (cart_id, product_id, variant_id, quantity, added_at)
            select ${userCart}::uuid, ${line.productId}::uuid, ${line.variantId}::uuid,
                   least(${line.quantity}::integer, ${stock}, ${LIMITS.lineQuantity.max}::integer), now()
            where least(${line.quantity}::integer, ${stock}, ${LIMITS.lineQuantity.max}::integer) > 0
              and (exists (select 1 from ${cartItems} ci where ci.cart_id = ${userCart}::uuid
                           and ci.variant_id = ${line.variantId}::uuid)
                   or (select count(*) from ${cartItems} ci join ${productVariants} v on v.id = ci.variant_id
                       where ci.cart_id = ${userCart}::uuid) < ${LIMITS.cartLines.max}::integer)
            on conflict (cart_id, variant_id) do update
              set quantity = least(cart_items.quantity + ${line.quantity}::integer, ${stock},
                                   ${LIMITS.lineQuantity.max}::integer)
              where least(cart_items.quantity + ${line.quantity}::integer, ${stock},
                          ${LIMITS.lineQuantity.max}::integer) > cart_items.quantity
            returning quantity`,
      );
      const before = held.get(line.variantId) ?? 0;
      if (written) {
        result.merged += 1;
        held.set(line.variantId, written.quantity);
      }
      if ((written?.quantity ?? before) < before + line.quantity) result.capped.push(line.title);
    }
    if (result.merged > 0)
      await tx
        .update(carts)
        .set({ updatedAt: sql`now()` })
        .where(eq(carts.id, userCart));
    await tx.delete(cartItems).where(eq(cartItems.cartId, guestCart.id));
    await endGuestSession(tx, guestSessionId);
    return result;
  });
}

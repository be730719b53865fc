/**
 * Product reviews (spec §2, §5, §7; DESIGN.md §4 "Catalog, search, reviews"). Only buyers (a standing paid order
 * containing the product, `standingPurchase`) review, and a review is marked verified while its author is one; one
 * review per user and product; only the author deletes. The product's averageRating and
 * reviewsCount are recomputed from the reviews in the same transaction, with the product row locked, so concurrent
 * writers serialise and the figures always equal a recount.
 */
import { and, desc, eq, exists, sql, type SQL } from 'drizzle-orm';
import type { Review, ReviewAddBody, ReviewEligibility } from '@emporium/contract';
import { selectRows, type Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { orderItems, orders, products, reviews, users } from '../../db/schema.ts';
import { conflict, forbidden, HttpError, isUuid, notFound } from '../../lib/http-error.ts';

export const PURCHASE_REQUIRED = 'You need to purchase this product to review it';
export const ALREADY_REVIEWED = 'You have already reviewed this product';

const columns = {
  id: reviews.id,
  productId: reviews.productId,
  userId: reviews.userId,
  rating: reviews.rating,
  comment: reviews.comment,
  verified: standingPurchase(sql`${reviews.userId}`, sql`${reviews.productId}`),
  createdAt: reviews.createdAt,
  userName: users.userName,
};

function toReview(r: {
  id: string;
  productId: string;
  userId: string;
  rating: number;
  comment: string;
  verified: boolean;
  createdAt: Date;
  userName: string | null;
}): Review {
  return {
    _id: r.id,
    productId: r.productId,
    userId: r.userId,
    user: { _id: r.userId },
    userName: r.userName ?? 'Anonymous',
    rating: r.rating,
    comment: r.comment,
    verified: r.verified,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The product's reviews, newest first; an unknown product has none. */
export async function listReviews(db: Db, productId: string): Promise<Review[]> {
  if (!isUuid(productId)) return [];
  const rows = await db
    .select(columns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReview);
}

async function recount(tx: Db, productId: string): Promise<void> {
  await tx
    .update(products)
    .set({
      averageRating: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${reviews.productId} = ${productId}), 0)`,
      reviewsCount: sql`(select count(*) from ${reviews} where ${reviews.productId} = ${productId})`,
    })
    .where(eq(products.id, productId));
}

/**
 * Whether `userId` holds a standing purchase of `productId` (issue 46): a paid order (payment completed, or partly
 * refunded) that is not cancelled, with a line of the product not refunded in full. What makes a shopper a buyer,
 * to review the product and for the review's "verified purchase" mark: a full refund or a cancellation takes the
 * mark away, and buying again gives it back. SQL over the given columns, so that a review list computes it per row.
 */
export function standingPurchase(userId: SQL | string, productId: SQL | string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${orders} o join ${orderItems} i on i.order_id = o.id
    where o.user_id = ${userId} and i.product_id = ${productId}
      and o.payment_status in ('completed', 'partially_refunded') and o.order_status <> 'Cancelled'
      and i.refunded_quantity < i.quantity)`;
}

/**
 * Whether the user may review the product, and why not: already reviewed (ALREADY_REVIEWED) or not a buyer
 * (PURCHASE_REQUIRED), the messages addReview refuses with. 404 for an unknown product. One query.
 */
export async function reviewEligibility(
  db: Db,
  userId: string,
  productId: string,
): Promise<ReviewEligibility> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const [row] = await db
    .select({
      bought: standingPurchase(userId, productId),
      reviewed: exists(
        db
          .select({ id: reviews.id })
          .from(reviews)
          .where(and(eq(reviews.productId, productId), eq(reviews.userId, userId))),
      ),
    })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound('Product not found');
  if (row.reviewed) return { canReview: false, reason: ALREADY_REVIEWED };
  if (!row.bought) return { canReview: false, reason: PURCHASE_REQUIRED };
  return { canReview: true, reason: null };
}

/** Locks the product row (404 when it does not exist). */
async function lockProduct(tx: Db, productId: string): Promise<void> {
  if (!isUuid(productId)) throw notFound('Product not found');
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  if (!row) throw notFound('Product not found');
}

/**
 * Adds the caller's review. 400 body productId not the path's, 403 not a buyer ("You need to purchase this product
 * to review it"), 404 unknown product, 409 already reviewed. The product's rating changed: `catalog` is told after
 * the commit.
 */
export async function addReview(
  { db, catalog }: { db: Db; catalog: CatalogChanges },
  userId: string,
  productId: string,
  body: Omit<ReviewAddBody, 'userId'>,
): Promise<Review> {
  if (body.productId !== productId) throw new HttpError(400, 'productId does not match the product');
  const id = await db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [buyer] = await selectRows<{ bought: boolean }>(
      tx,
      sql`select ${standingPurchase(userId, productId)} as bought`,
    );
    if (!buyer?.bought) throw forbidden(PURCHASE_REQUIRED);
    const [row] = await tx
      .insert(reviews)
      .values({ productId, userId, rating: body.rating, comment: body.comment })
      .onConflictDoNothing({ target: [reviews.productId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!row) throw conflict(ALREADY_REVIEWED);
    await recount(tx, productId);
    return row.id;
  });
  catalog.changed();
  const [row] = await db
    .select(columns)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.id, id));
  return toReview(row!);
}

/** Deletes the caller's own review; 404 when it does not exist or is someone else's. `catalog` is told after it. */
export async function deleteReview(
  { db, catalog }: { db: Db; catalog: CatalogChanges },
  userId: string,
  reviewId: string,
): Promise<Review> {
  if (!isUuid(reviewId)) throw notFound('Review not found');
  const deleted = await db.transaction(async (tx) => {
    const [found] = await tx
      .select(columns)
      .from(reviews)
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)));
    if (!found) throw notFound('Review not found');
    await lockProduct(tx, found.productId);
    const deleted = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, reviewId), eq(reviews.userId, userId)))
      .returning({ id: reviews.id });
    if (deleted.length === 0) throw notFound('Review not found');
    await recount(tx, found.productId);
    return toReview(found);
  });
  catalog.changed();
  return deleted;
}

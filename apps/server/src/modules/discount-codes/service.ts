/**
 * Discount codes as the admin manages them (issue 27, admin "Discounts"), with their usage figures. Percent codes
 * keep `value` in whole percent, fixed codes in cents (dollars in the API). Applying a code to an order is
 * modules/pricing's and modules/orders' work.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  BRANDS,
  CATEGORIES,
  toCents,
  toDollars,
  type DiscountCode,
  type DiscountCodeBody,
} from '@emporium/contract';
import { sqlState, type Db } from '../../db/client.ts';
import { discountCodes, discountRedemptions, orders } from '../../db/schema.ts';
import { badRequest, conflict, isUuid, notFound } from '../../lib/http-error.ts';

type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** The 404 text for an unknown code. */
export const DISCOUNT_CODE_NOT_FOUND = 'Discount code not found';

/** Payment statuses of an order that was paid (refunded later or not): its discount was given. */
const PAID_STATUSES = ['completed', 'partially_refunded', 'refunded'] as const;

/** The 409 text for a code text taken by another code. */
export function duplicateCodeMessage(code: string): string {
  return `The code ${code} already exists.`;
}

/** The 409 text for deleting a code that orders hold: "This code was used by 3 orders: deactivate it instead." */
export function usedCodeMessage(orderCount: number): string {
  return `This code was used by ${orderCount} ${orderCount === 1 ? 'order' : 'orders'}: deactivate it instead.`;
}

function toDiscountCode(row: DiscountCodeRow, paidOrders: number, discountCents: number): DiscountCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? toDollars(row.value) : row.value,
    minSubtotal: row.minSubtotalCents === null ? null : toDollars(row.minSubtotalCents),
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    categories: row.categories,
    brands: row.brands,
    active: row.active,
    uses: row.uses,
    paidOrders,
    discountGiven: toDollars(discountCents),
  };
}

/** The body as a row; 400 a category or brand the shop does not have (the code could never apply). */
function toRow(body: DiscountCodeBody) {
  const unknownCategory = body.categories.find((c) => !(CATEGORIES as readonly string[]).includes(c));
  if (unknownCategory !== undefined) throw badRequest(`There is no category "${unknownCategory}".`);
  const unknownBrand = body.brands.find((b) => !(BRANDS as readonly string[]).includes(b));
  if (unknownBrand !== undefined) throw badRequest(`There is no brand "${unknownBrand}".`);
  return {
    code: body.code,
    kind: body.kind,
    value: body.kind === 'fixed' ? toCents(body.value) : body.value,
    minSubtotalCents: body.minSubtotal === null ? null : toCents(body.minSubtotal),
    startsAt: body.startsAt === null ? null : new Date(body.startsAt),
    endsAt: body.endsAt === null ? null : new Date(body.endsAt),
    maxUses: body.maxUses,
    maxUsesPerCustomer: body.maxUsesPerCustomer,
    categories: [...new Set(body.categories)],
    brands: [...new Set(body.brands)],
    active: body.active,
  };
}

/**
 * Codes with their figures: `uses` from the column (orders holding the code), `paidOrders` and the discount given
 * from the redemptions not released whose order was paid (completed, partially refunded or refunded).
 */
async function codesWithFigures(db: Db, where?: SQL): Promise<DiscountCode[]> {
  const figures = db
    .select({
      codeId: discountRedemptions.codeId,
      paidOrders: sql<number>`count(*)::int`.as('paid_orders'),
      discountCents: sql<number>`coalesce(sum(${discountRedemptions.discountCents}), 0)::int`.as(
        'discount_cents_given',
      ),
    })
    .from(discountRedemptions)
    .innerJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .where(and(isNull(discountRedemptions.releasedAt), inArray(orders.paymentStatus, [...PAID_STATUSES])))
    .groupBy(discountRedemptions.codeId)
    .as('figures');
  const rows = await db
    .select({ code: discountCodes, paidOrders: figures.paidOrders, discountCents: figures.discountCents })
    .from(discountCodes)
    .leftJoin(figures, eq(figures.codeId, discountCodes.id))
    .where(where)
    .orderBy(desc(discountCodes.active), desc(discountCodes.createdAt), desc(discountCodes.id));
  return rows.map((r) => toDiscountCode(r.code, r.paidOrders ?? 0, r.discountCents ?? 0));
}

async function oneWithFigures(db: Db, id: string): Promise<DiscountCode> {
  const [code] = await codesWithFigures(db, eq(discountCodes.id, id));
  if (!code) throw notFound(DISCOUNT_CODE_NOT_FOUND);
  return code;
}

/** Every code with its figures, the active ones first, newest first. */
export function listDiscountCodes(db: Db): Promise<DiscountCode[]> {
  return codesWithFigures(db);
}

/** Adds a code; 409 duplicateCodeMessage when the (upper-case) text exists; 400 an unknown category or brand. */
export async function addDiscountCode(db: Db, body: DiscountCodeBody): Promise<DiscountCode> {
  const values = toRow(body);
  const [row] = await db
    .insert(discountCodes)
    .values(values)
    .onConflictDoNothing({ target: discountCodes.code })
    .returning({ id: discountCodes.id });
  if (!row) throw conflict(duplicateCodeMessage(values.code));
  return oneWithFigures(db, row.id);
}

/**
 * Replaces a code's fields, its text included; 404 DISCOUNT_CODE_NOT_FOUND; 409 duplicateCodeMessage when another
 * code has the new text, or when more orders already hold it than the new total limit allows. The use count stays.
 */
export async function updateDiscountCode(db: Db, id: string, body: DiscountCodeBody): Promise<DiscountCode> {
  if (!isUuid(id)) throw notFound(DISCOUNT_CODE_NOT_FOUND);
  const values = toRow(body);
  try {
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ uses: discountCodes.uses })
        .from(discountCodes)
        .where(eq(discountCodes.id, id))
        .for('update');
      if (!current) throw notFound(DISCOUNT_CODE_NOT_FOUND);
      if (values.maxUses !== null && values.maxUses < current.uses) {
        throw conflict(
          `${current.uses} orders already hold this code: the total limit cannot be below ${current.uses}.`,
        );
      }
      await tx.update(discountCodes).set(values).where(eq(discountCodes.id, id));
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw conflict(duplicateCodeMessage(values.code));
    throw err;
  }
  return oneWithFigures(db, id);
}

/**
 * Deletes a code no order ever held; 404 DISCOUNT_CODE_NOT_FOUND; 409 usedCodeMessage when orders hold or held it
 * (their figures would go with it). The row is locked first, so an order taking the code meanwhile is counted.
 */
export async function deleteDiscountCode(db: Db, id: string): Promise<DiscountCode> {
  if (!isUuid(id)) throw notFound(DISCOUNT_CODE_NOT_FOUND);
  const code = await oneWithFigures(db, id);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: discountCodes.id })
      .from(discountCodes)
      .where(eq(discountCodes.id, id))
      .for('update');
    if (!locked) throw notFound(DISCOUNT_CODE_NOT_FOUND);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(discountRedemptions)
      .where(eq(discountRedemptions.codeId, id));
    if (n > 0) throw conflict(usedCodeMessage(n));
    await tx.delete(discountCodes).where(eq(discountCodes.id, id));
  });
  return code;
}

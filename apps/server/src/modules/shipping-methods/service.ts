/**
 * Shipping methods as the admin manages them (issue 27, admin "Shipping"): the API speaks dollars, the table keeps
 * cents. Pricing a cart with them is modules/pricing's work.
 */
import { asc, desc, eq } from 'drizzle-orm';
import { toCents, toDollars, type ShippingMethod, type ShippingMethodBody } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { shippingMethods } from '../../db/schema.ts';
import { isUuid, notFound } from '../../lib/http-error.ts';

type ShippingMethodRow = typeof shippingMethods.$inferSelect;

/** The 404 text for an unknown method. */
export const SHIPPING_METHOD_NOT_FOUND = 'Shipping method not found';

function toShippingMethod(row: ShippingMethodRow): ShippingMethod {
  return {
    _id: row.id,
    name: row.name,
    countries: row.countries,
    price: toDollars(row.priceCents),
    freeAbove: row.freeAboveCents === null ? null : toDollars(row.freeAboveCents),
    minDays: row.minDays,
    maxDays: row.maxDays,
    active: row.active,
  };
}

function toRow(body: ShippingMethodBody) {
  return {
    name: body.name,
    countries: [...new Set(body.countries)].sort(),
    priceCents: toCents(body.price),
    freeAboveCents: body.freeAbove === null ? null : toCents(body.freeAbove),
    minDays: body.minDays,
    maxDays: body.maxDays,
    active: body.active,
  };
}

/** Every shipping method: the active ones first, then by price and name. */
export async function listShippingMethods(db: Db): Promise<ShippingMethod[]> {
  const rows = await db
    .select()
    .from(shippingMethods)
    .orderBy(
      desc(shippingMethods.active),
      asc(shippingMethods.priceCents),
      asc(shippingMethods.name),
      asc(shippingMethods.id),
    );
  return rows.map(toShippingMethod);
}

/** Adds a shipping method (countries de-duplicated and sorted). */
export async function addShippingMethod(db: Db, body: ShippingMethodBody): Promise<ShippingMethod> {
  const [row] = await db.insert(shippingMethods).values(toRow(body)).returning();
  return toShippingMethod(row!);
}

/** Replaces every field of a shipping method; 404 SHIPPING_METHOD_NOT_FOUND when there is none with that id. */
export async function updateShippingMethod(
  db: Db,
  id: string,
  body: ShippingMethodBody,
): Promise<ShippingMethod> {
  if (!isUuid(id)) throw notFound(SHIPPING_METHOD_NOT_FOUND);
  const [row] = await db
    .update(shippingMethods)
    .set(toRow(body))
    .where(eq(shippingMethods.id, id))
    .returning();
  if (!row) throw notFound(SHIPPING_METHOD_NOT_FOUND);
  return toShippingMethod(row);
}

/**
 * Deletes a shipping method; 404 SHIPPING_METHOD_NOT_FOUND when there is none with that id. Orders keep the name and
 * price they were charged (their snapshot).
 */
export async function deleteShippingMethod(db: Db, id: string): Promise<ShippingMethod> {
  if (!isUuid(id)) throw notFound(SHIPPING_METHOD_NOT_FOUND);
  const [row] = await db.delete(shippingMethods).where(eq(shippingMethods.id, id)).returning();
  if (!row) throw notFound(SHIPPING_METHOD_NOT_FOUND);
  return toShippingMethod(row);
}

/**
 * Saved delivery addresses (spec §2 Account › Address, §5, §7, §9): at most MAX_ADDRESSES per user. The limit holds
 * under concurrency: adds for one user serialise on that user's row (`SELECT … FOR UPDATE`) before counting.
 */
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { MAX_ADDRESSES, type Address, type AddressFields } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { addresses, orders, users } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';

type AddressRow = typeof addresses.$inferSelect;

/** The spec's 409 text for a 4th address (spec §5). */
export const ADDRESS_LIMIT_MESSAGE = `You can only add ${MAX_ADDRESSES} addresses`;

function toAddress(row: AddressRow, shopCountry: string): Address {
  return {
    _id: row.id,
    userId: row.userId,
    address: row.address,
    city: row.city,
    state: row.state,
    pincode: row.pincode,
    phone: row.phone,
    notes: row.notes,
    country: row.country ?? shopCountry,
    ...(row.name ? { name: row.name } : {}),
  };
}

/**
 * The user's addresses, oldest first, each with when it was last ordered to (`lastUsedAt`, issue 27) and whether it
 * is the preferred one (`preferred`, issue 40: `preferredIndex`).
 */
export async function listAddresses(db: Db, userId: string, shopCountry: string): Promise<Address[]> {
  const rows = await db
    .select({
      address: addresses,
      lastUsedAt: sql<string | null>`(select max(${orders.orderDate}) from ${orders}
        where ${orders.userId} = ${userId} and ${orders.addressId} = "addresses"."id")`,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
  const list = rows.map((r) => ({
    ...toAddress(r.address, shopCountry),
    lastUsedAt: r.lastUsedAt === null ? null : new Date(r.lastUsedAt).toISOString(),
  }));
  const preferred = preferredIndex(list);
  return list.map((a, i) => ({ ...a, preferred: i === preferred }));
}

/**
 * The preferred address of a list oldest first (issue 40): the one an order was last placed to (`lastUsedAt`, any
 * order, so a checkout whose payment was cancelled keeps its choice), else the newest, as Shopify's checkout does.
 * -1 for an empty list.
 */
function preferredIndex(list: ReadonlyArray<{ lastUsedAt: string | null }>): number {
  let best = list.length - 1;
  for (const [i, a] of list.entries()) {
    if (a.lastUsedAt && (!list[best]!.lastUsedAt || a.lastUsedAt > list[best]!.lastUsedAt!)) best = i;
  }
  return best;
}

/**
 * The address the user would ship to (issue 40, `preferredIndex`): the checkout preselects it and the cart's
 * shipping estimate prices to it. Undefined when they have none.
 */
export async function preferredAddress(
  db: Db,
  userId: string,
  shopCountry: string,
): Promise<Address | undefined> {
  return (await listAddresses(db, userId, shopCountry)).find((a) => a.preferred);
}

/**
 * Adds an address (without a country: the shop's, `SHOP_COUNTRY`); 409 ADDRESS_LIMIT_MESSAGE when the user already
 * has MAX_ADDRESSES.
 */
export async function addAddress(
  db: Db,
  userId: string,
  fields: AddressFields,
  shopCountry: string,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select ${users.id} from ${users} where ${users.id} = ${userId} for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (n >= MAX_ADDRESSES) throw conflict(ADDRESS_LIMIT_MESSAGE);
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...fields, name: fields.name || null, country: fields.country ?? shopCountry })
      .returning();
    return toAddress(row!, shopCountry);
  });
}

/**
 * Replaces the six fields of one of the user's addresses, and its country and name when given (the spec's client
 * sends neither: they stay; a blank name removes it); 404 when it is not theirs.
 */
export async function updateAddress(
  db: Db,
  userId: string,
  addressId: string,
  fields: AddressFields,
  shopCountry: string,
): Promise<Address> {
  if (!isUuid(addressId)) throw notFound('Address not found');
  const [row] = await db
    .update(addresses)
    .set({
      ...fields,
      name: fields.name === undefined ? undefined : fields.name || null,
      updatedAt: new Date(),
    })
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw notFound('Address not found');
  return toAddress(row, shopCountry);
}

/** Deletes one of the user's addresses; 404 when it is not theirs. Placed orders keep their own copy. */
export async function deleteAddress(
  db: Db,
  userId: string,
  addressId: string,
  shopCountry: string,
): Promise<Address> {
  if (!isUuid(addressId)) throw notFound('Address not found');
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw notFound('Address not found');
  return toAddress(row, shopCountry);
}

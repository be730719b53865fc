/**
 * Shop settings an admin edits on the Settings page (issue 40, item 14): the return address and instructions, the
 * `returns` row of `shop_settings` (a JSON object). Read by the withdrawal confirmation, its e-mail and the order
 * details (docs/decisions/017).
 */
import { eq } from 'drizzle-orm';
import { ReturnSettings, type ShopSettings } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { shopSettings } from '../../db/schema.ts';

/** The `shop_settings` key of the return address and instructions. */
export const RETURNS_KEY = 'returns';

/** The shop's return address and instructions, or null until an admin sets them (or when the row is unreadable). */
export async function getReturnSettings(db: Db): Promise<ReturnSettings | null> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, RETURNS_KEY));
  const parsed = ReturnSettings.safeParse(row?.value);
  return parsed.success ? parsed.data : null;
}

/** Every setting of the Settings page. */
export async function getShopSettings(db: Db): Promise<ShopSettings> {
  return { returns: await getReturnSettings(db) };
}

/** Stores the return address and instructions (insert or replace of the `returns` row); answers the settings. */
export async function setReturnSettings(db: Db, returns: ReturnSettings): Promise<ShopSettings> {
  await db
    .insert(shopSettings)
    .values({ key: RETURNS_KEY, value: returns })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: returns } });
  return { returns };
}

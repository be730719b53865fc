/**
 * The demo's checkout configuration (issue 27), seeded with the demo catalog into an empty shop: two shipping methods
 * for every country (Standard $4.99, free from $50, 3–5 days; Express $14.99, 1–2 days), a sample tax rate (German
 * VAT, 19 %, on addresses in Germany; prices exclude tax) and the code WELCOME10 (10 % off from $30). US demo orders
 * above $50 therefore cost what the spec's shop charges. Nothing is added when any of it exists.
 */
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { discountCodes, shippingMethods, taxRates } from '../db/schema.ts';

export async function seedPricing(db: Db): Promise<boolean> {
  const counts = await Promise.all(
    [shippingMethods, taxRates, discountCodes].map((table) => db.select({ n: count() }).from(table)),
  );
  if (counts.some(([row]) => Number(row?.n ?? 0) > 0)) return false;
  await db.insert(shippingMethods).values([
    { name: 'Standard', priceCents: 499, freeAboveCents: 5000, minDays: 3, maxDays: 5 },
    { name: 'Express', priceCents: 1499, minDays: 1, maxDays: 2 },
  ]);
  await db.insert(taxRates).values({ country: 'DE', name: 'VAT', rateBp: 1900 });
  await db.insert(discountCodes).values({
    code: 'WELCOME10',
    kind: 'percent',
    value: 10,
    minSubtotalCents: 3000,
  });
  return true;
}

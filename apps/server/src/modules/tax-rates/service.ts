/**
 * Tax rates and the shop's tax setting as the admin manages them (issue 27, admin "Taxes"): rates in percent in the
 * API, basis points in the table (20 % = 2000); one rate per country and region (region compared ignoring case).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { TaxRate, TaxRateBody, TaxSettings } from '@emporium/contract';
import { sqlState, type Db } from '../../db/client.ts';
import { shopSettings, taxRates } from '../../db/schema.ts';
import { conflict, isUuid, notFound } from '../../lib/http-error.ts';

type TaxRateRow = typeof taxRates.$inferSelect;

/** The 404 text for an unknown rate. */
export const TAX_RATE_NOT_FOUND = 'Tax rate not found';
/** The `shop_settings` key of the tax setting (a JSON boolean; absent: false). */
export const PRICES_INCLUDE_TAX_KEY = 'prices_include_tax';

/** The 409 text when the place already has a rate: "There is already a rate for DE." / "… for US / CA." */
export function duplicateRateMessage(country: string, region: string): string {
  return `There is already a rate for ${country}${region ? ` / ${region}` : ''}.`;
}

function toTaxRate(row: TaxRateRow): TaxRate {
  return { _id: row.id, country: row.country, region: row.region, name: row.name, rate: row.rateBp / 100 };
}

function toRow(body: TaxRateBody) {
  return { country: body.country, region: body.region, name: body.name, rateBp: Math.round(body.rate * 100) };
}

/** Runs a write, turning the unique (country, lower(region)) violation into the 409. */
async function placeUnique<T>(body: TaxRateBody, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (sqlState(err) === '23505') throw conflict(duplicateRateMessage(body.country, body.region));
    throw err;
  }
}

/** Every rate, by country, then region (the whole country first). */
export async function listTaxRates(db: Db): Promise<TaxRate[]> {
  const rows = await db
    .select()
    .from(taxRates)
    .orderBy(asc(taxRates.country), asc(sql`lower(${taxRates.region})`), asc(taxRates.id));
  return rows.map(toTaxRate);
}

/** Adds a rate; 409 duplicateRateMessage when the country and region already have one. */
export async function addTaxRate(db: Db, body: TaxRateBody): Promise<TaxRate> {
  const [row] = await placeUnique(body, () => db.insert(taxRates).values(toRow(body)).returning());
  return toTaxRate(row!);
}

/** Replaces a rate's fields; 404 TAX_RATE_NOT_FOUND, 409 duplicateRateMessage when another rate has the place. */
export async function updateTaxRate(db: Db, id: string, body: TaxRateBody): Promise<TaxRate> {
  if (!isUuid(id)) throw notFound(TAX_RATE_NOT_FOUND);
  const [row] = await placeUnique(body, () =>
    db.update(taxRates).set(toRow(body)).where(eq(taxRates.id, id)).returning(),
  );
  if (!row) throw notFound(TAX_RATE_NOT_FOUND);
  return toTaxRate(row);
}

/** Deletes a rate; 404 TAX_RATE_NOT_FOUND. Orders keep the tax they were charged. */
export async function deleteTaxRate(db: Db, id: string): Promise<TaxRate> {
  if (!isUuid(id)) throw notFound(TAX_RATE_NOT_FOUND);
  const [row] = await db.delete(taxRates).where(eq(taxRates.id, id)).returning();
  if (!row) throw notFound(TAX_RATE_NOT_FOUND);
  return toTaxRate(row);
}

/** The shop's tax setting: whether catalog prices include tax (no row: they do not). */
export async function getTaxSettings(db: Db): Promise<TaxSettings> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, PRICES_INCLUDE_TAX_KEY));
  return { pricesIncludeTax: row?.value === true };
}

/** Stores the shop's tax setting (insert or update of the `prices_include_tax` row). */
export async function setTaxSettings(db: Db, settings: TaxSettings): Promise<TaxSettings> {
  await db
    .insert(shopSettings)
    .values({ key: PRICES_INCLUDE_TAX_KEY, value: settings.pricesIncludeTax })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: settings.pricesIncludeTax } });
  return { pricesIncludeTax: settings.pricesIncludeTax };
}

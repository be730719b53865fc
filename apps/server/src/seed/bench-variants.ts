/**
 * Variants for the large generated catalogs the benchmarks use (`npm run seed -- --products 100000`, issue 28):
 * every generated product gets Size (two values: EU sizes for shoes, letter sizes otherwise) × Colour (two of eight)
 * = four variants, its stock split over them, so the listing's Size/Colour facets and the variant joins are measured
 * at scale. Written in bulk: the per-row stock trigger (`product_variants_stock_total`, migration 0017) is switched
 * off for the batch, and the split is made to add up to the product's `total_stock` exactly, which keeps the sum
 * the trigger would have kept.
 */
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productOptions, products, productVariants } from '../db/schema.ts';
import { facetEntries } from '../modules/products/facets.ts';

const SHOE_SIZES = ['39', '40', '41', '42', '43', '44', '45'];
const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const COLOURS = ['Black', 'White', 'Navy', 'Red', 'Olive', 'Beige', 'Grey', 'Burgundy'];

type Generated = {
  id: string;
  category: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
};

/** `n` split into four whole shares that add up to it (the first ones take the remainder). */
function split(n: number): number[] {
  const share = Math.floor(n / 4);
  return [0, 1, 2, 3].map((i) => share + (i < n % 4 ? 1 : 0));
}

/** Gives each generated product its four variants; `random` is the seed's deterministic generator. */
export async function giveBenchVariants(db: Db, rows: Generated[], random: () => number): Promise<void> {
  if (rows.length === 0) return;
  const ids = rows.map((r) => r.id);
  const options: Array<typeof productOptions.$inferInsert> = [];
  const variants: Array<typeof productVariants.$inferInsert> = [];
  const derived: Array<{ id: string; facets: string[]; text: string }> = [];
  for (const r of rows) {
    const sizes = r.category === 'Shoes' ? SHOE_SIZES : LETTER_SIZES;
    const s = Math.floor(random() * (sizes.length - 1));
    const c = Math.floor(random() * COLOURS.length);
    const size = [sizes[s]!, sizes[s + 1]!];
    const colour = [COLOURS[c]!, COLOURS[(c + 1) % COLOURS.length]!];
    options.push({ productId: r.id, position: 0, name: 'Size', values: size });
    options.push({ productId: r.id, position: 1, name: 'Colour', values: colour });
    const stock = split(r.totalStock);
    const code = r.id.replace(/-/g, '').slice(0, 12).toUpperCase();
    let position = 0;
    for (const sv of size) {
      for (const cv of colour) {
        variants.push({
          productId: r.id,
          sku: `B-${code}-${sv}-${cv.slice(0, 3).toUpperCase()}`,
          optionValues: [sv, cv],
          priceCents: r.priceCents,
          salePriceCents: r.salePriceCents,
          stock: stock[position]!,
          position: position++,
        });
      }
    }
    derived.push({
      id: r.id,
      facets: facetEntries(size.flatMap((sv) => colour.map((cv) => ({ size: sv, colour: cv })))),
      text: `Size ${size.join(' ')} Colour ${colour.join(' ')}`,
    });
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`alter table product_variants disable trigger product_variants_stock_total`);
    await tx.delete(productVariants).where(inArray(productVariants.productId, ids));
    await tx.insert(productVariants).values(variants);
    await tx.execute(sql`alter table product_variants enable trigger product_variants_stock_total`);
    await tx.insert(productOptions).values(options);
    await tx.execute(sql`update ${products} p
      set option_facets = string_to_array(d.facets, ','), option_text = d.text
      from unnest(${sql.param(derived.map((d) => d.id))}::uuid[],
                  ${sql.param(derived.map((d) => d.text))}::text[],
                  ${sql.param(derived.map((d) => d.facets.join(',')))}::text[]) as d(id, text, facets)
      where p.id = d.id`);
  });
}

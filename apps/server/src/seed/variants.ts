/**
 * The demo catalog's options and variants (issue 28): shoes come in sizes (EU 40–45, kids' 28–33), clothing in sizes
 * XS–XL and, below the luxury end, in two or three colours whose pictures show the garment in that colour
 * (art.ts). Each product's stock is spread over its variants (middle sizes and the first colour get more) and adds up
 * to the catalog's figure; every variant has the product's price. SKUs read like a shop's: `NIKE-PEG-42`,
 * `ZARA-SAT-BUR-M`. Variants are saved through the admin's service (modules/variants), which keeps the product's
 * derived columns (price, facets, search words) as the admin's grid would, while the database keeps `total_stock`
 * the sum of the variants' stock.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productImages } from '../db/schema.ts';
import { saveVariants } from '../modules/variants/service.ts';
import type { ImageStore } from '../storage/image-store.ts';
import type { ArtColour } from './art.ts';
import type { Kind } from './catalog-data.ts';
import { NO_CATALOG_CACHE } from '../lib/catalog-cache.ts';

/** A colour of the demo's clothes: its name (the option value), its SKU code and the fill of its picture. */
export interface DemoColour extends ArtColour {
  code: string;
}

const COLOURS = {
  black: { name: 'Black', code: 'BLK', hex: '#23252a' },
  white: { name: 'White', code: 'WHT', hex: '#f4f4f2' },
  navy: { name: 'Navy', code: 'NAV', hex: '#1f3557' },
  red: { name: 'Red', code: 'RED', hex: '#c0392b' },
  olive: { name: 'Olive', code: 'OLV', hex: '#6b7a3a' },
  beige: { name: 'Beige', code: 'BEI', hex: '#d8c6a5' },
  grey: { name: 'Grey', code: 'GRY', hex: '#9aa0a6' },
  burgundy: { name: 'Burgundy', code: 'BUR', hex: '#7a2335' },
} satisfies Record<string, DemoColour>;

type ColourId = keyof typeof COLOURS;

/** Colour sets per garment kind; the products of a kind take them in turn. */
const PALETTES: Partial<Record<Kind, ColourId[][]>> = {
  't-shirt': [
    ['black', 'white', 'navy'],
    ['white', 'grey', 'red'],
    ['navy', 'olive', 'white'],
  ],
  sweater: [
    ['grey', 'black', 'burgundy'],
    ['navy', 'grey'],
    ['olive', 'black', 'beige'],
  ],
  jacket: [
    ['black', 'navy', 'olive'],
    ['black', 'red'],
    ['olive', 'beige', 'navy'],
  ],
  trousers: [
    ['black', 'navy', 'beige'],
    ['black', 'grey'],
    ['beige', 'olive', 'navy'],
  ],
  dress: [['black', 'burgundy', 'navy']],
};

const LETTER_SIZES = ['XS', 'S', 'M', 'L', 'XL'];
const SHOE_SIZES = ['40', '41', '42', '43', '44', '45'];
const KIDS_SHOE_SIZES = ['28', '29', '30', '31', '32', '33'];
/** Clothes from this price (cents) up are sold in sizes only: a luxury piece comes in its one colour. */
const ONE_COLOUR_FROM_CENTS = 50_000;

/** What the plan needs of a demo product (seed.ts SeedProduct). */
export interface DemoVariantSource {
  kind: Kind;
  title: string;
  brand: string;
  category: string;
  priceCents: number;
  salePriceCents: number;
  totalStock: number;
}

/** A product's options and variant rows, and the colours whose pictures its variants show (first = its image). */
export interface DemoVariantPlan {
  options: Array<{ name: string; values: string[] }>;
  colours: DemoColour[];
  variants: Array<{ sku: string; options: Record<string, string>; stock: number; colour?: DemoColour }>;
}

/** Words that name no model (`Nike Air Zoom Pegasus` is the Pegasus): skipped when a SKU's model code is made. */
const NOT_A_MODEL = new Set([
  'air',
  'zoom',
  "men's",
  "women's",
  "kids'",
  "boys'",
  "girls'",
  'the',
  'regular',
  'slim',
  'fit',
  'heavy',
  'weight',
  'oversized',
  'retro',
]);

/** `NIKE`, `ADIDAS`; initials for brands of several words (`LV`, `UA`, `TNF`); `HM` for H&M. */
function brandCode(brand: string): string {
  const words = brand.split(/\s+/);
  const letters = (s: string) => s.replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();
  return words.length > 1 ? words.map((w) => letters(w)[0] ?? '').join('') : letters(brand);
}

/**
 * The first three letters of the title's first model word after the brand (`PEG` for the Pegasus): not a word of
 * NOT_A_MODEL, a number (`1996`) or the brand's code again (`Louis Vuitton LV Trainer`).
 */
function modelCode(title: string, brand: string): string {
  const rest = title.startsWith(brand) ? title.slice(brand.length) : title;
  const word = rest
    .split(/\s+/)
    .find(
      (w) => /\p{L}/u.test(w) && !NOT_A_MODEL.has(w.toLowerCase()) && w.toUpperCase() !== brandCode(brand),
    );
  return (word ?? 'ITEM')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .slice(0, 3)
    .toUpperCase();
}

/**
 * The SKU stem of each product (`NIKE-PEG`), distinct over the whole catalog: a stem already taken gets a number
 * (`HM-COT2`). Same order as `products`.
 */
export function skuStems(products: ReadonlyArray<{ title: string; brand: string }>): string[] {
  const taken = new Set<string>();
  return products.map((p) => {
    const stem = `${brandCode(p.brand)}-${modelCode(p.title, p.brand)}`;
    let unique = stem;
    for (let n = 2; taken.has(unique); n++) unique = `${stem}${n}`;
    taken.add(unique);
    return unique;
  });
}

/**
 * Splits `total` units over `weights` in proportion, by largest remainder: whole units that add up to `total`
 * exactly (ties go to the earlier weight).
 */
export function spread(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const units = exact.map(Math.floor);
  let left = total - units.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rest: x - Math.floor(x) }))
    .sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    units[i]! += 1;
    left -= 1;
  }
  return units;
}

/** Middle sizes sell most: weight 1 at both ends, one more per step towards the middle. */
const sizeWeights = (n: number) => Array.from({ length: n }, (_, i) => 1 + Math.min(i, n - 1 - i));

/**
 * The options and variants of a demo product, or undefined for a product sold as it is. `stem` is its SKU stem and
 * `turn` how many products of its kind came before it (which colour set it gets).
 */
export function demoVariantPlan(
  p: DemoVariantSource,
  stem: string,
  turn: number,
): DemoVariantPlan | undefined {
  if (p.kind === 'sneaker') {
    const sizes = p.category === 'Kids' ? KIDS_SHOE_SIZES : SHOE_SIZES;
    const stock = spread(p.totalStock, sizeWeights(sizes.length));
    return {
      options: [{ name: 'Size', values: sizes }],
      colours: [],
      variants: sizes.map((size, i) => ({
        sku: `${stem}-${size}`,
        options: { Size: size },
        stock: stock[i]!,
      })),
    };
  }
  const palettes = PALETTES[p.kind];
  if (!palettes) return undefined;
  const paid = p.salePriceCents > 0 ? p.salePriceCents : p.priceCents;
  const colours =
    paid >= ONE_COLOUR_FROM_CENTS ? [] : palettes[turn % palettes.length]!.map((id) => COLOURS[id]);
  const sizes = LETTER_SIZES;
  if (colours.length === 0) {
    const stock = spread(p.totalStock, sizeWeights(sizes.length));
    return {
      options: [{ name: 'Size', values: sizes }],
      colours,
      variants: sizes.map((size, i) => ({
        sku: `${stem}-${size}`,
        options: { Size: size },
        stock: stock[i]!,
      })),
    };
  }
  // The first colour sells best: weights 3, 2, 1 over the colours, times the size weights.
  const cells = colours.flatMap((colour, c) =>
    sizes.map((size, s) => ({ colour, size, weight: (colours.length - c) * sizeWeights(sizes.length)[s]! })),
  );
  const stock = spread(
    p.totalStock,
    cells.map((cell) => cell.weight),
  );
  return {
    options: [
      { name: 'Size', values: sizes },
      { name: 'Colour', values: colours.map((c) => c.name) },
    ],
    colours,
    variants: cells.map((cell, i) => ({
      sku: `${stem}-${cell.colour.code}-${cell.size}`,
      options: { Size: cell.size, Colour: cell.colour.name },
      stock: stock[i]!,
      colour: cell.colour,
    })),
  };
}

/**
 * The plan of every demo product (undefined for those sold as they are), same order as `products`; SKUs distinct
 * over the catalog.
 */
export function demoVariantPlans(products: readonly DemoVariantSource[]): Array<DemoVariantPlan | undefined> {
  const stems = skuStems(products);
  const turns = new Map<Kind, number>();
  return products.map((p, i) => {
    const turn = turns.get(p.kind) ?? 0;
    turns.set(p.kind, turn + 1);
    return demoVariantPlan(p, stems[i]!, turn);
  });
}

/**
 * Saves each planned product's options and variants (one transaction each, through the admin's service) with the
 * product's prices; a colour variant shows its colour's picture (`colourImages`: colour name → image key, already in
 * the store), and the product's gallery gets each colour's picture in order (its first photo, the product's image,
 * is the first colour's). Products without a plan keep their default variant. Returns how many variants it saved.
 */
export async function seedDemoVariants(
  db: Db,
  images: ImageStore,
  planned: Array<{
    productId: string;
    title: string;
    priceCents: number;
    salePriceCents: number;
    plan: DemoVariantPlan;
    colourImages: Map<string, string>;
  }>,
): Promise<number> {
  const deps = { db, images, publicUrl: '', catalog: NO_CATALOG_CACHE };
  let saved = 0;
  for (const { productId, title, priceCents, salePriceCents, plan, colourImages } of planned) {
    await saveVariants(deps, productId, {
      options: plan.options,
      variants: plan.variants.map((v) => ({
        sku: v.sku,
        options: v.options,
        price: priceCents / 100,
        salePrice: salePriceCents / 100,
        stock: v.stock,
        image: v.colour ? (colourImages.get(v.colour.name) ?? null) : null,
      })),
    });
    saved += plan.variants.length;
    const [first] = plan.colours;
    if (first) {
      await db
        .update(productImages)
        .set({ alt: `${title} in ${first.name}` })
        .where(and(eq(productImages.productId, productId), eq(productImages.position, 0)));
    }
    const gallery = plan.colours.slice(1).flatMap((c, i) => {
      const imageKey = colourImages.get(c.name);
      return imageKey ? [{ productId, position: i + 1, imageKey, alt: `${title} in ${c.name}` }] : [];
    });
    if (gallery.length > 0) await db.insert(productImages).values(gallery);
  }
  return saved;
}

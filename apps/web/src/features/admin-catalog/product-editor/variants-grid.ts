/**
 * The admin's options and variant grid as the form holds it (issue 28): options typed as a name and comma-separated
 * values, one row per variant with its numbers as typed. Pure functions; variants-section.tsx draws them.
 */
import {
  LIMITS,
  regenerateVariants,
  skuPrefixCandidates,
  skuWords,
  type ProductDetails,
  type ProductVariantsInput,
  type VariantGridChange,
} from '@emporium/contract';

/** An option as typed: its name and its values separated by commas ("S, M, L"). */
export interface OptionDraft {
  id: number;
  name: string;
  values: string;
}

/** A variant row as typed. `_id` is kept for an existing variant (carts hold it); `image` a photo's URL or ''. */
export interface VariantRow {
  key: string;
  _id?: string;
  options: Record<string, string>;
  sku: string;
  price: string;
  salePrice: string;
  stock: string;
  image: string;
}

/** An option as it will be sent: trimmed name and values, values without repeats (ignoring case). */
export interface CleanOption {
  name: string;
  values: string[];
}

let nextId = 1;
/** A new option row (name and values empty unless given). */
export const newOption = (name = '', values = ''): OptionDraft => ({ id: nextId++, name, values });

/** "S, M, , m" → ["S", "M"]: trimmed, empty ones dropped, a value repeated (ignoring case) kept once. */
export function parseValues(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((v) => v.trim())
    .filter((v) => v.length > 0 && !seen.has(v.toLowerCase()) && seen.add(v.toLowerCase()));
}

/** The options as they will be sent; a row without a name or values is left out. */
export function cleanOptions(drafts: readonly OptionDraft[]): CleanOption[] {
  return drafts
    .map((d) => ({ name: d.name.trim(), values: parseValues(d.values) }))
    .filter((o) => o.name.length > 0 && o.values.length > 0);
}

/** How many rows the options would make. */
export const combinationCount = (options: readonly CleanOption[]) =>
  options.reduce((n, o) => n * o.values.length, 1);

/** A key for a combination that ignores letter case and option order (the grid's React keys). */
function comboKey(combo: Readonly<Record<string, string>>): string {
  return Object.entries(combo)
    .map(([n, v]) => `${n.toLowerCase()}=${v.toLowerCase()}`)
    .sort()
    .join('\u0000');
}

/** SKU-safe upper-case letters and digits of `text`, words joined by "-". */
const skuPart = (text: string) => skuWords(text).join('-');

/**
 * A suggested SKU: `prefix` (by default the title's first two words, at most 6 letters each: contract
 * `skuPrefixCandidates`) and the combination's values, upper-case, e.g. "Air Zoom Pegasus" in 42 / Red →
 * `AIR-ZOOM-42-RED` (at most LIMITS.sku characters). The page asks the server for a prefix no other product uses.
 */
export function suggestSku(
  title: string,
  combo: Readonly<Record<string, string>>,
  prefix = skuPrefixCandidates(title)[0]!,
): string {
  return [prefix, ...Object.values(combo).map(skuPart)].filter(Boolean).join('-').slice(0, LIMITS.sku.max);
}

/** `sku`, or with `-2`, `-3`, … when `taken` (lower-cased SKUs) holds it already; the one returned is added to it. */
function unusedSku(sku: string, taken: Set<string>): string {
  let candidate = sku;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
    const suffix = `-${n}`;
    candidate = `${sku.slice(0, LIMITS.sku.max - suffix.length)}${suffix}`;
  }
  taken.add(candidate.toLowerCase());
  return candidate;
}

/**
 * The grid for `options` (contract variant-grid.ts): one row per combination, in order, existing rows kept with their
 * `_id`, SKU, prices, photo and stock where their values still are (the default variant becomes the first generated
 * one; rows an option's removal joins are merged, stock added up). A new row gets a suggested SKU (after `skuPrefix`
 * when given, the server's `GET …/sku-prefix`; never one already in the grid), the first row's prices (else the
 * product's), stock 0 and no photo. Returns the rows and what changed.
 */
export function generateRows(
  options: readonly CleanOption[],
  rows: readonly VariantRow[],
  product: Pick<ProductDetails, 'title' | 'price' | 'salePrice'>,
  skuPrefix?: string,
): { rows: VariantRow[]; change: VariantGridChange } {
  const template = rows[0];
  // A suggestion never repeats a SKU of the grid (values that differ only in punctuation, a kept row's SKU).
  const taken = new Set(rows.map((r) => r.sku.trim().toLowerCase()));
  const made = regenerateVariants(options, rows, (combo) => ({
    key: comboKey(combo),
    options: combo,
    sku: unusedSku(suggestSku(product.title, combo, skuPrefix), taken),
    price: template?.price ?? String(product.price),
    salePrice: template?.salePrice ?? String(product.salePrice),
    stock: '0',
    image: '',
  }));
  return { rows: made.rows.map((r) => ({ ...r, key: comboKey(r.options) })), change: made.change };
}

/** The form's state for a product as the server answered it. */
export function draftOf(product: ProductDetails): { options: OptionDraft[]; rows: VariantRow[] } {
  return {
    options: product.options.map((o) => newOption(o.name, o.values.join(', '))),
    rows: product.variants.map((v) => ({
      key: comboKey(v.options),
      _id: v._id,
      options: v.options,
      sku: v.sku,
      price: String(v.price),
      salePrice: String(v.salePrice),
      stock: String(v.stock),
      image: v.image ?? '',
    })),
  };
}

/** A key of the options as they will be sent: the grid is saved only for the options it was made for. */
export const optionsKey = (options: readonly CleanOption[]) => JSON.stringify(options);

/**
 * `PUT /api/admin/products/variants/:id` body: the options and rows as typed (numbers as the form's strings, which
 * the contract's `formNumber` reads; the server answers 400 naming the row for a bad one) and the version loaded.
 */
export function variantsBody(
  options: readonly CleanOption[],
  rows: readonly VariantRow[],
  version: number,
): Record<keyof ProductVariantsInput, unknown> {
  return {
    options,
    variants: rows.map((r) => ({
      ...(r._id ? { _id: r._id } : {}),
      sku: r.sku.trim(),
      options: r.options,
      price: r.price.trim(),
      salePrice: r.salePrice.trim() || '0',
      stock: r.stock.trim(),
      image: r.image || null,
    })),
    version,
  };
}

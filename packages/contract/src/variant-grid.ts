/**
 * Generating a product's variant grid from its options while keeping stock (issue 40, item 12; docs/decisions/018):
 * the admin's form runs it on the rows it holds, and the server keeps every row that carries its `_id` (carts hold
 * variant ids). An option added spreads each existing row to the first combination that has its values (the
 * default variant of a product without options becomes the first generated variant, with its id and stock); an
 * option removed merges the rows that now name the same combination into the first of them, stock added up; a
 * value removed removes its rows. Renaming an option is removing one and adding another. No zod here (the form's
 * bundle), pure functions.
 */

/** A grid row as generation sees it: the variant's id when stored, its option values, its stock as typed. */
export interface VariantGridRow {
  _id?: string;
  options: Record<string, string>;
  stock: string;
}

/** What a generation did, for the notice and the toast that say it (describeGridChange). */
export interface VariantGridChange {
  /** Rows in the new grid. */
  variants: number;
  /** New rows that carry an existing row (with its id, SKU, prices, photo and stock). */
  kept: number;
  /** Units on the kept rows after merging (rows whose stock is not a whole number count 0). */
  keptStock: number;
  /** The one kept row's options when exactly one was kept and it moved (the default variant becoming `S / Black`). */
  movedTo: Record<string, string> | null;
  /** New rows, at stock 0. */
  added: number;
  /** Existing rows folded into another, their stock added to it. */
  merged: number;
  /** Existing rows whose values are gone, and their units. */
  removed: number;
  removedStock: number;
}

/** Every combination of the options' values, the first option slowest (S/Black, S/White, M/Black, …). */
export function variantCombinations(
  options: ReadonlyArray<{ name: string; values: readonly string[] }>,
): Array<Record<string, string>> {
  return options.reduce<Array<Record<string, string>>>(
    (combos, option) => combos.flatMap((c) => option.values.map((value) => ({ ...c, [option.name]: value }))),
    [{}],
  );
}

const lower = (s: string) => s.trim().toLowerCase();
const units = (stock: string) => (/^\d+$/.test(stock.trim()) ? Number(stock.trim()) : 0);

/** Whether `combo` has `row`'s value for every option both name (letter case ignored). */
function agrees(row: Readonly<Record<string, string>>, combo: Readonly<Record<string, string>>): boolean {
  const values = new Map(Object.entries(combo).map(([n, v]) => [lower(n), lower(v)]));
  return Object.entries(row).every(([n, v]) => !values.has(lower(n)) || values.get(lower(n)) === lower(v));
}

/**
 * The grid for `options`: one row per combination, in order. Each existing row goes to the first combination that
 * agrees with it on the options both have; the first row to reach a combination is kept there (its fields, options
 * replaced) and later ones merge into it (their stock added when every stock is a whole number, else the first's
 * kept). A combination no row reached is `create`d. Returns the rows and what changed.
 */
export function regenerateVariants<R extends VariantGridRow>(
  options: ReadonlyArray<{ name: string; values: readonly string[] }>,
  rows: readonly R[],
  create: (combo: Record<string, string>) => R,
): { rows: R[]; change: VariantGridChange } {
  const combos = variantCombinations(options);
  const reached: R[][] = combos.map(() => []);
  let removed = 0;
  let removedStock = 0;
  for (const row of rows) {
    const at = combos.findIndex((c) => agrees(row.options, c));
    if (at < 0) {
      removed += 1;
      removedStock += units(row.stock);
    } else reached[at]!.push(row);
  }
  let kept = 0;
  let keptStock = 0;
  let merged = 0;
  let moved: Record<string, string> | null = null;
  const next: R[] = [];
  for (const [i, combo] of combos.entries()) {
    const group = reached[i]!;
    const first = group[0];
    if (!first) {
      next.push(create(combo));
      continue;
    }
    kept += 1;
    merged += group.length - 1;
    const whole = group.every((r) => /^\d+$/.test(r.stock.trim()));
    const stock = whole ? String(group.reduce((n, r) => n + units(r.stock), 0)) : first.stock;
    keptStock += units(stock);
    const sameCombo =
      Object.keys(first.options).length === Object.keys(combo).length && agrees(first.options, combo);
    if (!sameCombo) moved = combo;
    next.push({ ...first, options: combo, stock });
  }
  return {
    rows: next,
    change: {
      variants: next.length,
      kept,
      keptStock,
      movedTo: kept === 1 ? moved : null,
      added: next.length - kept,
      merged,
      removed,
      removedStock,
    },
  };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What a generation did, in a sentence: "6 variants: the 12 in stock stay on Size S, Colour Black; 5 new at stock
 * 0." (`label` writes a combination, e.g. the shop's variantLabel).
 */
export function describeGridChange(
  change: VariantGridChange,
  label: (combo: Record<string, string>) => string,
): string {
  const parts: string[] = [];
  if (change.movedTo) parts.push(`the ${change.keptStock} in stock stay on ${label(change.movedTo)}`);
  else if (change.kept > 0) {
    parts.push(`${plural(change.kept, 'keeps its', 'keep their')} stock (${change.keptStock} in all)`);
  }
  if (change.added > 0) parts.push(`${change.added} new at stock 0`);
  if (change.merged > 0) {
    parts.push(
      change.merged === 1
        ? '1 variant merged into the one it now matches, stock added up'
        : `${change.merged} variants merged into the ones they now match, stock added up`,
    );
  }
  if (change.removed > 0) {
    parts.push(
      `${plural(change.removed, 'variant', 'variants')} removed` +
        (change.removedStock > 0 ? ` with ${change.removedStock} in stock` : ''),
    );
  }
  return `${plural(change.variants, 'variant', 'variants')}: ${parts.join('; ')}.`;
}

/** SKU-safe upper-case words (letters and digits) of `text`: "Air Zoom, Pegasus" → `["AIR", "ZOOM", "PEGASUS"]`. */
export function skuWords(text: string): string[] {
  return text
    .toUpperCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** The longest SKU prefix a title offers (the variant's values follow it, within LIMITS.sku's 64 characters). */
const SKU_PREFIX_MAX = 32;

/**
 * The SKU prefixes a product's title offers for its variants, shortest first (issue 40): its first two words, then
 * one more word at a time, each word cut to 6 letters, e.g. "Nike Air Max 90" → `NIKE-AIR`, `NIKE-AIR-MAX`,
 * `NIKE-AIR-MAX-90`; at most 32 characters. A title without letters or digits offers `SKU`. The server picks the
 * first one no other product's SKUs start with (variants service, `freeSkuPrefix`).
 */
export function skuPrefixCandidates(title: string): string[] {
  const words = skuWords(title).map((w) => w.slice(0, 6));
  if (words.length === 0) return ['SKU'];
  const out: string[] = [];
  for (let n = Math.min(2, words.length); n <= words.length; n++) {
    const prefix = words.slice(0, n).join('-');
    if (prefix.length > SKU_PREFIX_MAX) break;
    out.push(prefix);
  }
  return out.length > 0 ? out : [words[0]!.slice(0, SKU_PREFIX_MAX)];
}

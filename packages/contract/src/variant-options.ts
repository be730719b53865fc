/**
 * What the shop does with a product's options and variants (issue 28), apart from the schemas in ./variants.ts: no
 * zod here, so that the web app's pages that only read options (the listing's facets, the product page's picker,
 * cart and order lines) do not download the schemas with them (issue 46).
 */

/**
 * The variant a shopper gets when none is named (the spec's client adds products, not variants): the first in
 * stock in the admin's order, else the first.
 */
export function defaultVariant<V extends { stock: number }>(variants: readonly V[]): V | undefined {
  return variants.find((v) => v.stock > 0) ?? variants[0];
}

/** The variant whose option values are `chosen` (every option named), or undefined. */
export function variantFor<V extends { options: Record<string, string> }>(
  variants: readonly V[],
  chosen: Record<string, string>,
): V | undefined {
  return variants.find((v) => Object.entries(v.options).every(([name, value]) => chosen[name] === value));
}

/** "Size 42 / Colour Red" style label of a variant's options; empty for a product without options. */
export function variantLabel(
  options: Record<string, string> | Array<{ name: string; value: string }>,
): string {
  const pairs = Array.isArray(options) ? options.map((o) => [o.name, o.value]) : Object.entries(options);
  return pairs.map(([name, value]) => `${name}: ${value}`).join(', ');
}

/**
 * Listing facets (issue 28): the option names that become filters, with the names admins may give them. A product
 * offers a facet value when one of its variants has it.
 */
export const OPTION_FACETS = {
  size: { label: 'Size', names: ['size'] },
  colour: { label: 'Colour', names: ['colour', 'color'] },
} as const;
export type OptionFacet = keyof typeof OPTION_FACETS;

/** The facet an option name feeds (`Color` → colour), or undefined. */
export function facetOf(optionName: string): OptionFacet | undefined {
  const name = optionName.trim().toLowerCase();
  return (Object.keys(OPTION_FACETS) as OptionFacet[]).find((f) =>
    (OPTION_FACETS[f].names as readonly string[]).includes(name),
  );
}

/**
 * How a facet value (stored and sent lower-case) is shown: sizes upper-case ("XL", "42"), colours with capital
 * initials ("Navy blue" → "Navy Blue").
 */
export function facetLabel(facet: OptionFacet, value: string): string {
  if (facet === 'size') return value.toUpperCase();
  return value.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
}

/** A line's title with its variant's options, as e-mails and exports print it: "Tee (Size: 42, Colour: Red)". */
export function titleWithOptions(title: string, options: Array<{ name: string; value: string }>): string {
  return options.length > 0 ? `${title} (${variantLabel(options)})` : title;
}

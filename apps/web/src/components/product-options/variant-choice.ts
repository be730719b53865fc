/**
 * How a shopper's option choices map to variants (issue 28). Pure functions over the details answer's `options` and
 * `variants` (packages/contract/src/variants.ts), shared by the product page and the details dialog.
 */
import {
  defaultVariant,
  variantFor,
  type Product,
  type ProductDetails,
  type ProductImage,
  type ProductOption,
  type ProductVariant,
} from '@emporium/contract';

/**
 * The product as a details answer (options, variants, gallery); a product read from a list, or before the server
 * sent them, has none, which reads as a product without options.
 */
export function asDetails(product: Product & Partial<ProductDetails>): ProductDetails {
  return {
    ...product,
    options: product.options ?? [],
    variants: product.variants ?? [],
    images: product.images ?? [],
  };
}

/** Whether the product has options a shopper chooses between (a product without has one default variant). */
export function hasOptions(product: Pick<ProductDetails, 'options'>): boolean {
  return product.options.length > 0;
}

/**
 * The variant shown first: the one named (`?variant=` on the product page) when it is the product's, else the
 * default one (the first in stock in the admin's order).
 */
export function initialVariant(
  variants: readonly ProductVariant[],
  id: string | null | undefined,
): ProductVariant | undefined {
  return variants.find((v) => v._id === id) ?? defaultVariant(variants);
}

/** How a value of an option can be picked, given the values chosen for the options before it. */
export type ValueState = 'available' | 'sold-out' | 'unavailable';

/**
 * A value of `options[index]` is available when a variant in stock has it together with the values chosen for the
 * options before it; sold out when such variants exist but none is in stock; unavailable when none exists. Only the
 * earlier options constrain a value (as in most shops), so every in-stock variant stays reachable: picking a size
 * first never locks out the colours that size comes in. An earlier option not chosen yet constrains nothing.
 */
export function valueState(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  chosen: Readonly<Record<string, string>>,
  index: number,
  value: string,
): ValueState {
  const name = options[index]!.name;
  const earlier = options.slice(0, index).map((o) => o.name);
  const matching = variants.filter(
    (v) =>
      v.options[name] === value &&
      earlier.every((n) => chosen[n] === undefined || v.options[n] === chosen[n]),
  );
  if (matching.length === 0) return 'unavailable';
  return matching.some((v) => v.stock > 0) ? 'available' : 'sold-out';
}

/**
 * The variant a pick leads to: the one with every current choice and the new value when it is in stock; else the
 * in-stock variant with the new value that keeps the most earlier choices, then later ones; else the exact one, or
 * the closest that exists.
 */
export function pickVariant(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  chosen: Readonly<Record<string, string>>,
  name: string,
  value: string,
): ProductVariant | undefined {
  const next = { ...chosen, [name]: value };
  const exact = variantFor(variants, next);
  if (exact && exact.stock > 0) return exact;
  const order = options.map((o) => o.name);
  // Earlier options weigh more than later ones: a match on option i scores 2^(n - i).
  const score = (v: ProductVariant) =>
    order.reduce((sum, n, i) => sum + (v.options[n] === next[n] ? 2 ** (order.length - i) : 0), 0);
  const best = (list: ProductVariant[]) =>
    list.reduce<ProductVariant | undefined>(
      (a, b) => (a === undefined || score(b) > score(a) ? b : a),
      undefined,
    );
  const withValue = variants.filter((v) => v.options[name] === value);
  return best(withValue.filter((v) => v.stock > 0)) ?? exact ?? best(withValue);
}

/** The values chosen so far (every option, or only some before the shopper has picked them all), and the variant. */
export interface Choice {
  chosen: Readonly<Record<string, string>>;
  /** The variant the choice names; undefined until every option has a value. */
  variant: ProductVariant | undefined;
}

/** The choice of a variant already picked (the product page's, or the dialog's default): all its values. */
export function choiceOf(variant: ProductVariant | undefined): Choice {
  return { chosen: variant?.options ?? {}, variant };
}

/**
 * The choice after picking `value` for option `name` (issue 40, item 1: the card's "Choose size" opens the dialog with
 * nothing picked). While some option has no value yet, the values picked so far; once every option has one, the
 * variant pickVariant leads to, with all of its values.
 */
export function pickValue(
  options: readonly ProductOption[],
  variants: readonly ProductVariant[],
  chosen: Readonly<Record<string, string>>,
  name: string,
  value: string,
): Choice {
  const next = { ...chosen, [name]: value };
  if (options.some((o) => next[o.name] === undefined)) return { chosen: next, variant: undefined };
  const variant = pickVariant(options, variants, chosen, name, value);
  return variant ? choiceOf(variant) : { chosen: next, variant: undefined };
}

/** The first option without a value in `chosen` (the one to ask for), if any. */
export function missingOption(
  options: readonly ProductOption[],
  chosen: Readonly<Record<string, string>>,
): ProductOption | undefined {
  return options.find((o) => chosen[o.name] === undefined);
}

/** "Choose a size", "Choose an edition": the prompt for an option not chosen yet. */
export function choosePrompt(optionName: string): string {
  const word = optionName.toLowerCase();
  return `Choose ${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

/** The product's price, sale price and stock as the chosen variant has them (the product's own without one). */
export function pricedAs<P extends Product>(product: P, variant: ProductVariant | undefined): P {
  if (!variant) return product;
  // The variant's own 30-day lowest price (issue 41), undefined when it has none.
  return {
    ...product,
    price: variant.price,
    salePrice: variant.salePrice,
    totalStock: variant.stock,
    lowestPrice30Days: variant.lowestPrice30Days,
  };
}

/**
 * The gallery with the variant's photo first (it is shown when the variant is picked): moved to the front when it is
 * one of the gallery's photos, else added in front. Without a variant photo, the gallery as it is.
 */
export function photosFor(
  product: Pick<ProductDetails, 'images' | 'image'>,
  variant: ProductVariant | undefined,
): ProductImage[] {
  const gallery = product.images.length > 0 ? product.images : [{ url: product.image, alt: '' }];
  const url = variant?.image;
  if (!url) return gallery;
  const own = gallery.find((p) => p.url === url) ?? { url, alt: '' };
  return [own, ...gallery.filter((p) => p.url !== url)];
}

/**
 * Readable product addresses (issue 41, open storefront): `/shop/product/<slug>-<id>`, the slug made from the title,
 * the id (a UUID) last so that it can always be read back. The spec's `/shop/product/:id` (id alone) names the same
 * product; in the open storefront the server answers it with a permanent redirect to the readable form.
 */

/** The longest slug kept (characters): enough for a title's first words, short enough for a shared link. */
export const PRODUCT_SLUG_MAX = 60;

const UUID_AT_END = /(?:^|-)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/**
 * The title as a URL slug: lower case, accents dropped, every run of other characters than a–z and 0–9 one hyphen,
 * none at either end, at most PRODUCT_SLUG_MAX characters (cut at a hyphen when there is one); "" when nothing is left.
 */
export function productSlug(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (slug.length <= PRODUCT_SLUG_MAX) return slug;
  const cut = slug.slice(0, PRODUCT_SLUG_MAX + 1);
  const hyphen = cut.lastIndexOf('-');
  return (hyphen > 0 ? cut.slice(0, hyphen) : cut.slice(0, PRODUCT_SLUG_MAX)).replace(/-+$/, '');
}

/** The path segment of a product's readable address: `<slug>-<id>`, or the id alone when the title gives no slug. */
export function productUrlParam(product: { _id: string; title: string }): string {
  const slug = productSlug(product.title);
  return slug ? `${slug}-${product._id}` : product._id;
}

/**
 * The product id a `/shop/product/:param` address names: the UUID that ends a readable `<slug>-<id>` (lower-cased),
 * else the parameter as it is (the spec's id-only form, or something that names no product).
 */
export function productIdFromParam(param: string): string {
  const match = UUID_AT_END.exec(param);
  return match ? match[1]!.toLowerCase() : param;
}

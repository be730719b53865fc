import { z } from 'zod';
import { BRANDS, CATEGORIES, DEFAULT_SORT, SORT_IDS } from './constants.ts';
import { formNumber } from './form-number.ts';
import { LIMITS } from './limits.ts';

/**
 * Product as the API returns it (spec §3). Money in dollars (two decimals); `image` is an absolute URL built at
 * response time from PUBLIC_URL; `salePrice` 0 means not on sale.
 */
export const Product = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  category: z.string(),
  /** Every category the product is filed under, `category` first (issue 40); at most 3. */
  categories: z.array(z.string()).optional(),
  brand: z.string(),
  price: z.number(),
  salePrice: z.number(),
  totalStock: z.number().int(),
  averageRating: z.number(),
  reviewsCount: z.number().int(),
  /** Changes on every write to the product (edit, sale, restock); send it back with an edit to detect a stale form. */
  version: z.number().int(),
  /**
   * Addition (issue 40, item 1): the names of the options a shopper chooses between, in order (e.g. `["Size"]`);
   * absent for a product without options. A card offers "Choose size" instead of a one-tap Add to Cart.
   */
  optionNames: z.array(z.string()).optional(),
  /**
   * Addition (issue 41; Directive 98/6/EC art. 6a): present only while `salePrice` shows, the lowest price (dollars)
   * the shown price was in the 30 days before its reduction started (docs/decisions/019-prior-price.md).
   */
  lowestPrice30Days: z.number().optional(),
});
export type Product = z.infer<typeof Product>;

/** The line price: salePrice when above 0, else price (spec §3, DESIGN.md §4). */
export function effectivePrice(p: { price: number; salePrice: number }): number {
  return p.salePrice > 0 ? p.salePrice : p.price;
}

/** Accepts `a,b`, repeated parameters (`?x=a&x=b`) or both; returns the distinct non-empty values. */
function listParam<T extends string>(allowed: readonly T[]) {
  const known = new Set<string>(allowed);
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v): T[] => {
      const raw = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(','));
      // Unknown filter values are ignored (DESIGN.md §4).
      return [...new Set(raw.map((s) => s.trim()).filter((s): s is T => known.has(s)))].slice(
        0,
        LIMITS.filterValues.max,
      );
    });
}

/**
 * A free-text list parameter (facet values, issue 28): comma-joined or repeated, trimmed, lower-cased, at most
 * LIMITS.filterValues values of at most LIMITS.optionValue characters; empty values dropped.
 */
function facetParam() {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v): string[] => {
      const raw = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(','));
      return [
        ...new Set(
          raw
            .map((s) => s.trim().toLowerCase())
            .filter((s) => s.length > 0 && s.length <= LIMITS.optionValue.max),
        ),
      ].slice(0, LIMITS.filterValues.max);
    });
}

/** A positive integer query parameter; out-of-range or junk values fall back to the default or are clamped. */
export function intParam(def: number, max: number) {
  return z
    .unknown()
    .optional()
    .transform((v) => toPositiveInt(v, def, max));
}

function toPositiveInt(v: unknown, def: number, max: number): number {
  const n = Number(Array.isArray(v) ? v[0] : v);
  if (v === undefined || !Number.isFinite(n) || n < 1) return def;
  return Math.min(Math.floor(n), max);
}

/** `page` and `limit` as sent; `withPaging` resolves them. */
export const PagingParams = { page: z.unknown().optional(), limit: z.unknown().optional() };

/**
 * Resolves `page`/`limit` (DESIGN.md §4): with either one, that page (limit `def` by default, at most `max`); with
 * neither, as spec §7's client calls list endpoints, the whole list from the first item, up to
 * `LIMITS.unpagedList.max` items (the `pagination` total still tells how many there are).
 */
export function withPaging(def: number, max: number) {
  return <T extends { page?: unknown; limit?: unknown }>(q: T) => {
    const paged = q.page !== undefined || q.limit !== undefined;
    return {
      ...q,
      page: paged ? toPositiveInt(q.page, 1, 1_000_000) : 1,
      limit: paged ? toPositiveInt(q.limit, def, max) : LIMITS.unpagedList.max,
    };
  };
}

/**
 * `GET /api/shop/products/get` query (DESIGN.md §4): category and brand filters (comma-joined or repeated; unknown
 * values ignored), `sortBy` (unknown falls back to price-asc), `page` (from 1) and `limit` (default 24, max 100);
 * without both, the whole list (see `withPaging`).
 */
export const ProductListQuery = z
  .object({
    category: listParam(CATEGORIES),
    brand: listParam(BRANDS),
    /** Facets (issue 28): products with a variant of one of these sizes / colours (case ignored). */
    size: facetParam(),
    colour: facetParam(),
    sortBy: z
      .unknown()
      .optional()
      .transform((v) => {
        const s = Array.isArray(v) ? v[0] : v;
        return (SORT_IDS as readonly unknown[]).includes(s) ? (s as (typeof SORT_IDS)[number]) : DEFAULT_SORT;
      }),
    ...PagingParams,
  })
  .transform(withPaging(LIMITS.pageSize.default, LIMITS.pageSize.max));
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  /**
   * Present and true when counting stopped at `total`: at least that many match (the admin product table shows "1,000+").
   * Absent when `total` is exact, so answers that never cap keep their shape.
   */
  totalIsLowerBound: z.literal(true).optional(),
});
export type Pagination = z.infer<typeof Pagination>;

/** A facet value (lower-case, as filters send it back) and how many products matching the other filters offer it. */
export const FacetValueCount = z.object({ value: z.string(), count: z.number().int() });
export type FacetValueCount = z.infer<typeof FacetValueCount>;

/**
 * The listing's Size and Colour facets (issue 28), each counted over the products matching every other filter
 * (the standard "disjunctive" facet count), values in the shop's order (sizes as the admin ordered them, then by name).
 */
export const ListingFacets = z.object({ size: z.array(FacetValueCount), colour: z.array(FacetValueCount) });
export type ListingFacets = z.infer<typeof ListingFacets>;

export const ProductListResponse = z.object({
  success: z.literal(true),
  data: z.array(Product),
  page: z.number().int(),
  limit: z.number().int(),
  pagination: Pagination,
  /** Addition (issue 28). */
  facets: ListingFacets.optional(),
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductResponse = z.object({ success: z.literal(true), data: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

/**
 * Fields a client may send back with a product it loaded (spec §4: the edit form is prefilled from the card, and
 * spec §7's client sends the whole object) that the server owns: accepted, never applied (DESIGN.md §7).
 */
const SERVER_OWNED_PRODUCT_FIELDS = {
  _id: z.unknown().optional(),
  averageRating: z.unknown().optional(),
  reviewsCount: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
  __v: z.unknown().optional(),
  /** Issue 28: a form prefilled from the details answer sends these back; variants and photos have routes of their own. */
  options: z.unknown().optional(),
  variants: z.unknown().optional(),
  images: z.unknown().optional(),
  /** Issue 40: read from the product's options, never written through this body. */
  optionNames: z.unknown().optional(),
  /** Issue 41: computed from the price history, never written. */
  lowestPrice30Days: z.unknown().optional(),
};

/**
 * Admin product body (spec §7 add/edit): image, title, description, category, brand, price and salePrice in
 * dollars, totalStock. Numbers may come as plain decimal strings ("44.99"), as form fields do (`formNumber`; an
 * empty salePrice is 0); `true`, `[7]`, `"0x10"`, `null` and the like are 400. `image` is the URL or key
 * returned by the upload route. `version` (optional) is the product's `version` when the form was loaded: a save
 * over a newer version (a sale or another admin's edit since) is refused with 409 instead of overwriting it. Any
 * other unknown key is refused with 400.
 */
export const ProductInput = z
  .strictObject({
    image: z.string().trim().min(1, 'Image is required').max(LIMITS.imageUrl.max),
    title: z.string().trim().min(LIMITS.productTitle.min, 'Title is required').max(LIMITS.productTitle.max),
    description: z
      .string()
      .trim()
      .min(LIMITS.productDescription.min, 'Description is required')
      .max(LIMITS.productDescription.max),
    category: z.enum(CATEGORIES),
    /** Optional (issue 40): every category, `category` first; without it an edit keeps the product's others. */
    categories: z.array(z.enum(CATEGORIES)).max(3, 'A product can be in at most 3 categories').optional(),
    brand: z.enum(BRANDS),
    price: formNumber(z.number().positive('Price must be above 0').max(LIMITS.price.max)),
    salePrice: formNumber(z.number().min(0).max(LIMITS.price.max), 0),
    totalStock: formNumber(z.number().int('Stock must be a whole number').min(0).max(LIMITS.totalStock.max)),
    version: formNumber(z.number().int().min(1)).optional(),
    ...SERVER_OWNED_PRODUCT_FIELDS,
  })
  .transform((input) => {
    const fields = { ...input };
    for (const key of Object.keys(SERVER_OWNED_PRODUCT_FIELDS)) delete fields[key as keyof typeof fields];
    return fields as Omit<typeof input, keyof typeof SERVER_OWNED_PRODUCT_FIELDS>;
  });
export type ProductInput = z.output<typeof ProductInput>;

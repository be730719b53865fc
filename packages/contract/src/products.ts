import { z } from 'zod';
import { BRANDS, CATEGORIES, DEFAULT_SORT, SORT_IDS } from './constants.ts';
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
  brand: z.string(),
  price: z.number(),
  salePrice: z.number(),
  totalStock: z.number().int(),
  averageRating: z.number(),
  reviewsCount: z.number().int(),
});
export type Product = z.infer<typeof Product>;

/** The line price: salePrice when above 0, else price (spec §3, DESIGN.md §4). */
export function effectivePrice(p: { price: number; salePrice: number }): number {
  return p.salePrice > 0 ? p.salePrice : p.price;
}

/** Accepts `a,b`, repeated parameters (`?x=a&x=b`) or both; returns the distinct non-empty values. */
function listParam<T extends string>(allowed: readonly T[]) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v): T[] => {
      const raw = (Array.isArray(v) ? v : v === undefined ? [] : [v]).flatMap((s) => s.split(','));
      const known = new Set<string>(allowed);
      // Unknown filter values are ignored (DESIGN.md §4).
      return [...new Set(raw.map((s) => s.trim()).filter((s): s is T => known.has(s)))].slice(
        0,
        LIMITS.filterValues.max,
      );
    });
}

/** A positive integer query parameter; out-of-range or junk values fall back to the default or are clamped. */
export function intParam(def: number, max: number) {
  return z
    .unknown()
    .optional()
    .transform((v) => {
      const n = Number(Array.isArray(v) ? v[0] : v);
      if (!Number.isFinite(n) || n < 1) return def;
      return Math.min(Math.floor(n), max);
    });
}

/**
 * `GET /api/shop/products/get` query (DESIGN.md §4): category and brand filters (comma-joined or repeated; unknown
 * values ignored), `sortBy` (unknown falls back to price-asc), `page` (from 1) and `limit` (default 24, max 100).
 */
export const ProductListQuery = z.object({
  category: listParam(CATEGORIES),
  brand: listParam(BRANDS),
  sortBy: z
    .unknown()
    .optional()
    .transform((v) => {
      const s = Array.isArray(v) ? v[0] : v;
      return (SORT_IDS as readonly unknown[]).includes(s) ? (s as (typeof SORT_IDS)[number]) : DEFAULT_SORT;
    }),
  page: intParam(1, 1_000_000),
  limit: intParam(LIMITS.pageSize.default, LIMITS.pageSize.max),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const ProductListResponse = z.object({
  success: z.literal(true),
  data: z.array(Product),
  page: z.number().int(),
  limit: z.number().int(),
  pagination: Pagination,
});
export type ProductListResponse = z.infer<typeof ProductListResponse>;

export const ProductResponse = z.object({ success: z.literal(true), data: Product });
export type ProductResponse = z.infer<typeof ProductResponse>;

/**
 * Admin product body (spec §7 add/edit). Never contains averageRating, reviewsCount or ids. `image` is the URL or
 * key returned by the upload route.
 */
export const ProductInput = z.strictObject({
  image: z.string().trim().min(1, 'Image is required').max(LIMITS.imageUrl.max),
  title: z.string().trim().min(LIMITS.productTitle.min, 'Title is required').max(LIMITS.productTitle.max),
  description: z
    .string()
    .trim()
    .min(LIMITS.productDescription.min, 'Description is required')
    .max(LIMITS.productDescription.max),
  category: z.enum(CATEGORIES),
  brand: z.enum(BRANDS),
  price: z.coerce.number().positive('Price must be above 0').max(LIMITS.price.max),
  salePrice: z.coerce.number().min(0).max(LIMITS.price.max),
  totalStock: z.coerce.number().int('Stock must be a whole number').min(0).max(LIMITS.totalStock.max),
});
export type ProductInput = z.infer<typeof ProductInput>;

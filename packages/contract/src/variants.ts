/**
 * Options, variants, galleries and featured products (issue 28). A product has up to LIMITS.productOptions options
 * (Size, Colour, …) with ordered values; each combination that exists is a variant with its own SKU, prices, stock
 * and optional image. A product without options has one default variant, so every spec call keeps working: its
 * `totalStock` is the sum of its variants' stock and its `price`/`salePrice` are those of its cheapest variant.
 * Money in dollars, as in every answer.
 */
import { z } from 'zod';
import { formNumber } from './form-number.ts';
import { LIMITS } from './limits.ts';
import { Product } from './products.ts';

/** An option and its values in display order, e.g. `{name: "Size", values: ["40", "41"]}`. */
export const ProductOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof ProductOption>;

/**
 * A variant as the shop shows it. `options` maps each option name to this variant's value (`{}` for the default
 * variant of a product without options); `image` is an absolute URL, or null to show the product's gallery.
 */
export const ProductVariant = z.object({
  _id: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  price: z.number(),
  salePrice: z.number(),
  stock: z.number().int(),
  image: z.string().nullable(),
  /** Addition (issue 41): while `salePrice` shows, the lowest price in the 30 days before its reduction (dollars). */
  lowestPrice30Days: z.number().optional(),
});
export type ProductVariant = z.infer<typeof ProductVariant>;

/** A gallery photo: absolute URL and its text alternative (empty: use the product's title). */
export const ProductImage = z.object({ url: z.string(), alt: z.string() });
export type ProductImage = z.infer<typeof ProductImage>;

/**
 * `GET /api/shop/products/get/:id` data: the spec's product plus its options, variants (in the admin's order) and
 * gallery (first photo = `image`).
 */
export const ProductDetails = Product.extend({
  options: z.array(ProductOption),
  variants: z.array(ProductVariant),
  images: z.array(ProductImage),
});
export type ProductDetails = z.infer<typeof ProductDetails>;

export const ProductDetailsResponse = z.object({ success: z.literal(true), data: ProductDetails });
export type ProductDetailsResponse = z.infer<typeof ProductDetailsResponse>;

const optionText = (what: string, limit: { min: number; max: number }) =>
  z
    .string()
    .trim()
    .min(limit.min, `${what} is required`)
    .max(limit.max, `${what} must be at most ${limit.max} characters`);

/** An option as the admin's form sends it; names and values are trimmed, duplicates (ignoring case) refused. */
export const ProductOptionInput = z.strictObject({
  name: optionText('Option name', LIMITS.optionName),
  values: z
    .array(optionText('Option value', LIMITS.optionValue))
    .min(1, 'An option needs at least one value')
    .max(LIMITS.optionValues.max, `An option has at most ${LIMITS.optionValues.max} values`),
});
export type ProductOptionInput = z.infer<typeof ProductOptionInput>;

/**
 * A variant row of the admin's grid. `_id` keeps an existing variant (carts hold it); without it the row is new.
 * `options` names a value of every option. `price`/`salePrice` in dollars (form strings accepted); `image` a URL or
 * key of an upload, or null.
 */
export const ProductVariantInput = z.strictObject({
  _id: z.string().max(64).optional(),
  sku: optionText('SKU', LIMITS.sku),
  options: z.record(z.string(), z.string()),
  price: formNumber(z.number().positive('Price must be above 0').max(LIMITS.price.max)),
  /** Optional: missing or blank is 0 (not on sale). */
  salePrice: formNumber(z.number().min(0).max(LIMITS.price.max), 0)
    .optional()
    .transform((v) => v ?? 0),
  stock: formNumber(z.number().int('Stock must be a whole number').min(0).max(LIMITS.totalStock.max)),
  image: z.string().trim().max(LIMITS.imageUrl.max).nullable().optional(),
});
export type ProductVariantInput = z.output<typeof ProductVariantInput>;

/**
 * `PUT /api/admin/products/variants/:id` body: the whole options and variant grid, replacing the old one in one
 * transaction. `version` as for product edits (409 when the product changed since the form was loaded). With no
 * options, `variants` holds exactly one row (the default variant).
 */
export const ProductVariantsInput = z.strictObject({
  options: z.array(ProductOptionInput).max(LIMITS.productOptions.max, 'A product has at most 3 options'),
  variants: z
    .array(ProductVariantInput)
    .min(1, 'A product needs at least one variant')
    .max(LIMITS.productVariants.max, `A product has at most ${LIMITS.productVariants.max} variants`),
  version: z.number().int().min(1).optional(),
});
export type ProductVariantsInput = z.output<typeof ProductVariantsInput>;

/** `PUT /api/admin/products/images/:id` body: the gallery in order (first = the product's image). */
export const ProductImagesInput = z.strictObject({
  images: z
    .array(
      z.strictObject({
        image: z.string().trim().min(1, 'Image is required').max(LIMITS.imageUrl.max),
        alt: z.string().trim().max(LIMITS.imageAlt.max).default(''),
      }),
    )
    .min(1, 'A product needs at least one photo')
    .max(LIMITS.productImages.max, `A product has at most ${LIMITS.productImages.max} photos`),
});
export type ProductImagesInput = z.output<typeof ProductImagesInput>;

/** `PUT /api/admin/products/featured` body: the featured products' ids in home-page order (empty: none picked). */
export const FeaturedProductsInput = z.strictObject({
  productIds: z
    .array(z.string().max(64))
    .max(LIMITS.featuredProducts.max, `At most ${LIMITS.featuredProducts.max} products can be featured`),
});
export type FeaturedProductsInput = z.infer<typeof FeaturedProductsInput>;

/** `GET /api/shop/products/featured` and `GET /api/admin/products/featured`: the featured products in Home's order. */
export const FeaturedProductsResponse = z.object({ success: z.literal(true), data: z.array(Product) });
export type FeaturedProductsResponse = z.infer<typeof FeaturedProductsResponse>;

/** `PUT /api/admin/products/featured`'s answer: the picks as saved, with a message for the admin's toast. */
export const FeaturedProductsSaved = FeaturedProductsResponse.extend({ message: z.string() });
export type FeaturedProductsSaved = z.infer<typeof FeaturedProductsSaved>;

/** The admin variant routes' answer: the product as the shop shows it, read fresh. */
export const AdminProductDetailsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ProductDetails,
});
export type AdminProductDetailsResponse = z.infer<typeof AdminProductDetailsResponse>;

/**
 * `GET /api/admin/products/variants/:id/sku-prefix`'s answer (issue 40): the prefix of the SKUs the admin's grid
 * suggests for the product's new variants, one no other product's SKU starts with (e.g. `NIKE-AIR-MAX`).
 */
export const SkuPrefixResponse = z.object({
  success: z.literal(true),
  data: z.object({ skuPrefix: z.string() }),
});
export type SkuPrefixResponse = z.infer<typeof SkuPrefixResponse>;

/** A variant running low (issue 28: the admin's low-stock list is per variant): at most LOW_STOCK_MAX units. */
export const LowStockVariant = z.object({
  productId: z.string(),
  variantId: z.string(),
  title: z.string(),
  sku: z.string(),
  options: z.record(z.string(), z.string()),
  stock: z.number().int(),
  image: z.string(),
});
export type LowStockVariant = z.infer<typeof LowStockVariant>;

/** `GET /api/admin/products/low-stock` answer: variants with at most LOW_STOCK_MAX units, fewest first (max 100). */
export const LowStockResponse = z.object({ success: z.literal(true), data: z.array(LowStockVariant) });
export type LowStockResponse = z.infer<typeof LowStockResponse>;

/**
 * Checkout pricing (issue 27): shipping methods, tax rates and the shop's tax setting, discount codes, and the
 * checkout quote. Money in the API is in dollars (two decimals), as everywhere in the spec; the server keeps cents.
 * A shop with none of these configured prices exactly as the spec says: total = sum of the lines.
 */
import { z } from 'zod';
import { COUNTRY_CODES } from './countries.ts';
import { LIMITS } from './limits.ts';

/** A country: an assigned ISO 3166-1 alpha-2 code, trimmed and upper-cased ("us" → "US"). */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => COUNTRY_CODES.includes(c), 'Choose a country from the list.');

/** Dollars with at most two decimals, from 0 up to `max`. */
function dollars(label: string, max: number = LIMITS.orderTotal.max) {
  return z
    .number({ error: `${label} must be a number.` })
    .min(0, `${label} cannot be negative.`)
    .max(max, `${label} must be at most ${max}.`)
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${label} must be in whole cents.`);
}

const Name = (label: string) =>
  z.string().trim().min(1, `Enter the ${label}.`).max(80, `The ${label} must be at most 80 characters.`);

/** A shipping method as the admin and the checkout read it. Money in dollars. */
export const ShippingMethod = z.object({
  _id: z.string(),
  name: z.string(),
  /** ISO codes it serves; empty: every country. */
  countries: z.array(z.string()),
  price: z.number(),
  /** Free when the subtotal after discount is at least this; null: never free. */
  freeAbove: z.number().nullable(),
  minDays: z.number().int().nullable(),
  maxDays: z.number().int().nullable(),
  active: z.boolean(),
});
export type ShippingMethod = z.infer<typeof ShippingMethod>;

/**
 * `POST /api/admin/shipping-methods` and `PUT /api/admin/shipping-methods/:id` body. Days: both or neither, min ≤
 * max; countries: ISO codes (none: all).
 */
export const ShippingMethodBody = z
  .strictObject({
    name: Name('method name'),
    countries: z.array(CountryCode).max(COUNTRY_CODES.length).default([]),
    price: dollars('The price', 10_000),
    freeAbove: dollars('The free-shipping threshold').nullable().default(null),
    minDays: z.number().int().min(0).max(365).nullable().default(null),
    maxDays: z.number().int().min(0).max(365).nullable().default(null),
    active: z.boolean().default(true),
  })
  .refine((b) => (b.minDays === null) === (b.maxDays === null), {
    message: 'Give both delivery days, or neither.',
  })
  .refine((b) => b.minDays === null || b.maxDays === null || b.minDays <= b.maxDays, {
    message: 'The fastest delivery cannot be later than the slowest.',
  });
export type ShippingMethodBody = z.infer<typeof ShippingMethodBody>;

/** A tax rate: `rate` in percent (20 = 20 %, up to two decimals); `region` '' for the whole country. */
export const TaxRate = z.object({
  _id: z.string(),
  country: z.string(),
  region: z.string(),
  name: z.string(),
  rate: z.number(),
});
export type TaxRate = z.infer<typeof TaxRate>;

/** `POST /api/admin/tax-rates`, `PUT /api/admin/tax-rates/:id` body. One rate per country and region (409). */
export const TaxRateBody = z.strictObject({
  country: CountryCode,
  region: z.string().trim().max(LIMITS.addressField.max).default(''),
  name: Name('tax name'),
  rate: z
    .number({ error: 'The rate must be a number.' })
    .min(0, 'The rate cannot be negative.')
    .max(100, 'The rate must be at most 100 %.')
    .refine((n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, 'The rate has at most two decimals.'),
});
export type TaxRateBody = z.infer<typeof TaxRateBody>;

/** `GET`/`PUT /api/admin/tax-settings`: whether the catalog's prices include tax (shop-wide). */
export const TaxSettings = z.strictObject({ pricesIncludeTax: z.boolean() });
export type TaxSettings = z.infer<typeof TaxSettings>;

/** A discount code with its usage figures. `value`: percent (1–100) or dollars off. Dates ISO or null. */
export const DiscountCode = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  minSubtotal: z.number().nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerCustomer: z.number().int().nullable(),
  categories: z.array(z.string()),
  brands: z.array(z.string()),
  active: z.boolean(),
  /** Orders holding the code now (paid or awaiting payment). */
  uses: z.number().int(),
  /** Paid orders with the code, and the dollars they were given off. */
  paidOrders: z.number().int(),
  discountGiven: z.number(),
});
export type DiscountCode = z.infer<typeof DiscountCode>;

/** A code as typed: letters, digits, `-` and `_`, 3–32, upper-cased. */
export const CodeText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'A code has 3 to 32 letters, digits, - or _.');

/** `POST /api/admin/discount-codes`, `PUT /api/admin/discount-codes/:id` body. 409 a code that exists. */
export const DiscountCodeBody = z
  .strictObject({
    code: CodeText,
    kind: z.enum(['percent', 'fixed']),
    value: z.number().positive('The discount must be more than 0.'),
    minSubtotal: dollars('The minimum subtotal').nullable().default(null),
    startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    maxUses: z.number().int().min(1).nullable().default(null),
    maxUsesPerCustomer: z.number().int().min(1).nullable().default(null),
    categories: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    brands: z.array(z.string().trim().min(1).max(60)).max(50).default([]),
    active: z.boolean().default(true),
  })
  .refine((b) => b.kind !== 'percent' || (Number.isInteger(b.value) && b.value <= 100), {
    message: 'A percentage is a whole number from 1 to 100.',
  })
  .refine((b) => b.kind !== 'fixed' || Math.abs(b.value * 100 - Math.round(b.value * 100)) < 1e-6, {
    message: 'The amount must be in whole cents.',
  })
  .refine((b) => !b.startsAt || !b.endsAt || Date.parse(b.startsAt) < Date.parse(b.endsAt), {
    message: 'The code must start before it ends.',
  });
export type DiscountCodeBody = z.infer<typeof DiscountCodeBody>;

/**
 * `POST /api/shop/checkout/quote` body: the caller's cart priced for an address (default: the shop's country), a
 * shipping method (default: the cheapest valid) and a code.
 */
export const CheckoutQuoteBody = z.strictObject({
  addressId: z.string().max(64).optional(),
  shippingMethodId: z.string().max(64).optional(),
  discountCode: z.string().max(64).optional(),
});
export type CheckoutQuoteBody = z.infer<typeof CheckoutQuoteBody>;

/** One priced line: dollars for the whole line (`subtotal` = unit price × quantity), its discount and its tax. */
export const QuoteLine = z.object({
  productId: z.string(),
  /** The variant and its option values (issue 28; empty without options). */
  variantId: z.string(),
  options: z.array(z.object({ name: z.string(), value: z.string() })),
  title: z.string(),
  quantity: z.number().int(),
  unitPrice: z.number(),
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
});

/**
 * The checkout quote (dollars). `total` is what the order would charge; with `pricesIncludeTax` the tax is part of
 * the prices (shown as "includes"), else it is added. `shippingMethods` are the ones serving the address, with their
 * price for this cart; `shippingMethodId` the one priced (null when none is configured). `shippingError` says why
 * nothing can be shipped there (no order can be placed). `discount` says whether the code applies and why not.
 */
export const CheckoutQuote = z.object({
  lines: z.array(QuoteLine),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  total: z.number(),
  pricesIncludeTax: z.boolean(),
  country: z.string(),
  shippingMethods: z.array(
    z.object({ _id: z.string(), name: z.string(), price: z.number(), estimate: z.string().nullable() }),
  ),
  shippingMethodId: z.string().nullable(),
  shippingError: z.string().nullable(),
  discountCode: z.object({ code: z.string(), applied: z.boolean(), message: z.string() }).nullable(),
});
export type CheckoutQuote = z.infer<typeof CheckoutQuote>;

export const CheckoutQuoteResponse = z.object({ success: z.literal(true), data: CheckoutQuote });
export type CheckoutQuoteResponse = z.infer<typeof CheckoutQuoteResponse>;

/** An order's price breakdown (dollars; issue 27). Orders from before it: subtotal = total, the rest 0. */
export const OrderPricing = z.object({
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  tax: z.number(),
  pricesIncludeTax: z.boolean(),
  shippingMethod: z.string().nullable(),
  discountCode: z.string().nullable(),
  country: z.string().nullable(),
});
export type OrderPricing = z.infer<typeof OrderPricing>;

export const ShippingMethodListResponse = z.object({
  success: z.literal(true),
  data: z.array(ShippingMethod),
});
export const ShippingMethodResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ShippingMethod,
});
export const TaxRateListResponse = z.object({
  success: z.literal(true),
  data: z.object({ rates: z.array(TaxRate), settings: TaxSettings }),
});
export const TaxRateResponse = z.object({ success: z.literal(true), message: z.string(), data: TaxRate });
export const TaxSettingsResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: TaxSettings,
});
export const DiscountCodeListResponse = z.object({ success: z.literal(true), data: z.array(DiscountCode) });
export const DiscountCodeResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: DiscountCode,
});
export type ShippingMethodListResponse = z.infer<typeof ShippingMethodListResponse>;
export type ShippingMethodResponse = z.infer<typeof ShippingMethodResponse>;
export type TaxRateListResponse = z.infer<typeof TaxRateListResponse>;
export type TaxRateResponse = z.infer<typeof TaxRateResponse>;
export type TaxSettingsResponse = z.infer<typeof TaxSettingsResponse>;
export type DiscountCodeListResponse = z.infer<typeof DiscountCodeListResponse>;
export type DiscountCodeResponse = z.infer<typeof DiscountCodeResponse>;

/**
 * Fixed catalog vocabularies and business constants of the shop.
 * Source: shop-spec.md §3 (categories, brands, sort options) and §9 (limits); DESIGN.md §4.
 */

/** The 9 product categories, in the order the shop home shows them (spec §2 "Shop by category"). */
export const CATEGORIES = [
  'Electronics',
  'Clothing',
  'Home & Kitchen',
  'Beauty & Health',
  'Sports & Outdoors',
  'Kids',
  'Men',
  'Women',
  'Shoes',
] as const;
export type Category = (typeof CATEGORIES)[number];

/** The 24 brands (spec §3). Values are the display labels. */
export const BRANDS = [
  'Apple',
  'Samsung',
  'Sony',
  'LG',
  'Nike',
  'Adidas',
  'Puma',
  'Reebok',
  'Gucci',
  'Louis Vuitton',
  'Zara',
  'H&M',
  'Whirlpool',
  'KitchenAid',
  'Bosch',
  'GE',
  "L'Oréal",
  'Maybelline',
  'Dove',
  'Nivea',
  'Wilson',
  'Spalding',
  'Under Armour',
  'The North Face',
] as const;
export type Brand = (typeof BRANDS)[number];

/** Sort options with their labels (spec §3); the default is price-asc (spec §9). */
export const SORT_OPTIONS = [
  { id: 'price-asc', label: 'Price: Low to High' },
  { id: 'price-desc', label: 'Price: High to Low' },
  { id: 'name-asc', label: 'Name: A to Z' },
  { id: 'name-desc', label: 'Name: Z to A' },
] as const;
export type SortBy = (typeof SORT_OPTIONS)[number]['id'];
export const SORT_IDS = SORT_OPTIONS.map((o) => o.id) as [SortBy, ...SortBy[]];
export const DEFAULT_SORT: SortBy = 'price-asc';

/** Order lifecycle (DESIGN.md §4). */
export const ORDER_STATUSES = ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * Payment lifecycle (DESIGN.md §4); a failed payment is `cancelled`. After a capture (`completed`) refunds make it
 * `partially_refunded` or `refunded` (issue 26); the order was still paid.
 */
export const PAYMENT_STATUSES = [
  'pending',
  'completed',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment statuses of an order whose payment was captured (refunds may have followed). */
export const PAID_PAYMENT_STATUSES = [
  'completed',
  'partially_refunded',
  'refunded',
] as const satisfies readonly PaymentStatus[];

/** True when the order's payment was captured, whatever was refunded since. */
export function isPaid(status: PaymentStatus): boolean {
  return (PAID_PAYMENT_STATUSES as readonly PaymentStatus[]).includes(status);
}

/** Days after delivery in which a consumer may withdraw from the contract (Directive 2011/83/EU Art. 9). */
export const WITHDRAWAL_DAYS = 14;

/** Roles: `admin`, anything else is a shopper (spec §1). */
export const ROLES = ['admin', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** Filter groups show this many options before "Show More (n more)" (spec §9). */
export const FILTER_COLLAPSE_AFTER = 7;
/** Hero carousel (spec §9). */
export const CAROUSEL_INTERVAL_MS = 3000;
export const HERO_HEIGHT_PX = 900;
/** Search debounce and minimum length: the query is sent only when longer than 2 characters (spec §9). */
export const SEARCH_DEBOUNCE_MS = 500;
export const SEARCH_MIN_CHARS = 3;
/** Toasts (spec §9). */
export const TOAST_DURATION_MS = 5000;
/** Saved addresses per user (spec §9). */
export const MAX_ADDRESSES = 3;

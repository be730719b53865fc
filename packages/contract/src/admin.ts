import { z } from 'zod';
import { CATEGORIES, ORDER_STATUSES, type Category, type OrderStatus } from './constants.ts';
import { LIMITS } from './limits.ts';
import { Order } from './orders.ts';
import { PagingParams, Pagination, Product, withPaging } from './products.ts';

/** `POST /api/admin/products/upload-image` answer: the absolute URL of the stored WebP image. */
export const UploadResponse = z.object({ success: z.literal(true), url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** The first value of a query parameter sent once or repeated (`?x=a&x=b` reads `a`). */
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);

/** One value out of `allowed`, else undefined: unknown filter values are ignored (DESIGN.md §4). */
function oneOf<T extends string>(allowed: readonly T[]) {
  return z
    .unknown()
    .optional()
    .transform((v): T | undefined => {
      const s = first(v);
      return typeof s === 'string' && (allowed as readonly string[]).includes(s.trim())
        ? (s.trim() as T)
        : undefined;
    });
}

/**
 * Free-text search of the admin lists: trimmed, at most `LIMITS.searchQuery.max` characters (400 beyond); empty
 * means no search. The server only ever binds it as a parameter.
 */
const AdminSearchParam = z.preprocess(
  first,
  z
    .string()
    .trim()
    .max(LIMITS.searchQuery.max, `search: at most ${LIMITS.searchQuery.max} characters`)
    .optional()
    .transform((s) => (s ? s : undefined)),
);

/** Products with at most this many units (and at least one) are "low" in stock; the admin table shows them amber. */
export const LOW_STOCK_MAX = 5;

/** `stock` filter of the admin product list: `out` = 0 units, `low` = 1 to LOW_STOCK_MAX units. */
export const ADMIN_STOCK_FILTERS = ['out', 'low'] as const;
export type AdminStockFilter = (typeof ADMIN_STOCK_FILTERS)[number];

/**
 * `sortBy` of the admin product list: field and direction. `price` is the effective price (salePrice when above 0,
 * DESIGN.md §4); `newest` is the creation time. Unknown values fall back to `newest-desc`, the order without it.
 */
export const ADMIN_PRODUCT_SORTS = [
  'newest-desc',
  'newest-asc',
  'title-asc',
  'title-desc',
  'price-asc',
  'price-desc',
  'stock-asc',
  'stock-desc',
] as const;
export type AdminProductSort = (typeof ADMIN_PRODUCT_SORTS)[number];
export const ADMIN_PRODUCT_DEFAULT_SORT: AdminProductSort = 'newest-desc';

const adminProductFilters = {
  /** Case-insensitive substring of the title or the brand. */
  search: AdminSearchParam,
  category: oneOf<Category>(CATEGORIES),
  stock: oneOf<AdminStockFilter>(ADMIN_STOCK_FILTERS),
  sortBy: oneOf<AdminProductSort>(ADMIN_PRODUCT_SORTS).transform((s) => s ?? ADMIN_PRODUCT_DEFAULT_SORT),
};

/**
 * `GET /api/admin/products/get` query: optional `search`, `category`, `stock` (`out`|`low`) and `sortBy`
 * (ADMIN_PRODUCT_SORTS), plus `page`/`limit` (default 24, max 100; without both, the whole list up to
 * `LIMITS.unpagedList.max`). Without any of them the answer is every product, newest first.
 */
export const AdminProductListQuery = z
  .object({ ...adminProductFilters, ...PagingParams })
  .transform(withPaging(24, 100));
export type AdminProductListQuery = z.output<typeof AdminProductListQuery>;

/** `GET /api/admin/products/export.csv` query: the list's filters and sort, no paging. */
export const AdminProductExportQuery = z.object(adminProductFilters);
export type AdminProductExportQuery = z.output<typeof AdminProductExportQuery>;
export type AdminProductFilters = AdminProductExportQuery;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A `from`/`to` bound: a calendar date `YYYY-MM-DD` (a UTC day) or an ISO 8601 date-time with an offset (an exact
 * instant, which lets a browser send its own local day). `end` turns it into the exclusive upper bound: the day
 * after a date, the millisecond after an instant. Anything else is 400.
 */
function dateBound(name: 'from' | 'to', end: boolean) {
  return z.preprocess(
    first,
    z
      .string()
      .trim()
      .max(40)
      .optional()
      .transform((s, ctx): Date | undefined => {
        if (!s) return undefined;
        const day = DATE_ONLY.exec(s);
        if (day) {
          const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
          const at = new Date(Date.UTC(y, m - 1, d + (end ? 1 : 0)));
          const check = new Date(Date.UTC(y, m - 1, d));
          if (check.getUTCFullYear() === y && check.getUTCMonth() === m - 1 && check.getUTCDate() === d)
            return at;
        } else if (z.iso.datetime({ offset: true }).safeParse(s).success) {
          return new Date(Date.parse(s) + (end ? 1 : 0));
        }
        ctx.addIssue({ code: 'custom', message: `${name}: must be a date (YYYY-MM-DD) or an ISO date-time` });
        return z.NEVER;
      }),
  );
}

const adminOrderFilters = {
  /**
   * The start or the end of the order id (the 8 characters the admin list shows, `#` plus the last 6 the shopper
   * sees; a leading `#` and trailing dots are ignored), or part of the customer's name or e-mail.
   */
  search: AdminSearchParam,
  status: oneOf<OrderStatus>(ORDER_STATUSES),
  /** Orders placed at or after this instant. */
  from: dateBound('from', false),
  /** Orders placed before this instant (exclusive: a date `to` includes that whole day). */
  to: dateBound('to', true),
  /** `open`: only orders with a withdrawal the shop has not refunded yet (issue 26). */
  withdrawal: oneOf<'open'>(['open']),
  /**
   * `due`: only cancelled orders that were paid and still hold money not refunded nor being refunded (the provider
   * refused the cancellation's refund; issue 26): the admin refunds them again.
   */
  refund: oneOf<'due'>(['due']),
  /**
   * `unpaid` (issue 40): only checkouts never paid (pending, or cancelled before capture: no `paidAt`), which every
   * other list, count and export leaves out, as they are not orders.
   */
  payment: oneOf<'unpaid'>(['unpaid']),
};

/**
 * `GET /api/admin/orders/get` query: optional `search`, `status` (one of the five), `from` and `to`
 * (YYYY-MM-DD, both days included, or ISO date-times), plus `page`/`limit` as for products. Without any of them
 * the answer is every order, newest first.
 */
export const AdminOrderListQuery = z
  .object({ ...adminOrderFilters, ...PagingParams })
  .transform(withPaging(24, 100));
export type AdminOrderListQuery = z.output<typeof AdminOrderListQuery>;

/** `GET /api/admin/orders/export.csv` query: the list's filters, no paging. */
export const AdminOrderExportQuery = z.object(adminOrderFilters);
export type AdminOrderExportQuery = z.output<typeof AdminOrderExportQuery>;
export type AdminOrderFilters = AdminOrderExportQuery;

/**
 * The admin product table counts the matches of a search or a stock filter up to this many; beyond it the answer
 * says "at least" (`pagination.totalIsLowerBound`, shown as "1,000+"), as counting every match of a common word in a million titles
 * took seconds (issue 29, docs/decisions/015).
 */
export const ADMIN_COUNT_MAX = 1_000;

/** Most rows one CSV export answers; beyond it, narrow the filters. */
export const ADMIN_EXPORT_MAX_ROWS = 100_000;

export const AdminProductListResponse = z.object({
  success: z.literal(true),
  data: z.array(Product),
  pagination: Pagination,
});
export type AdminProductListResponse = z.infer<typeof AdminProductListResponse>;

export const AdminProductResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: Product,
});
export type AdminProductResponse = z.infer<typeof AdminProductResponse>;

/** Who placed an order, as the admin sees it (never part of the shopper's own order answers). */
export const OrderCustomer = z.object({
  userName: z.string(),
  email: z.string(),
  /** Whether the customer confirmed the address through a mailed link (issue 25). */
  emailVerified: z.boolean().optional(),
  /** A guest's order (issue 41): `email` is the one given at checkout and there is no account (`userName` "Guest"). */
  guest: z.boolean().optional(),
});
export type OrderCustomer = z.infer<typeof OrderCustomer>;

/** An order in admin answers: the order as read (spec §3, with its `orderNumber`, issue 26) plus its `customer`. */
export const AdminOrder = Order.extend({
  customer: OrderCustomer,
  /** Cancelled and paid, with money neither refunded nor being refunded (the provider refused; issue 26). */
  refundDue: z.boolean(),
  /** Deleted from the admin's list (a finished paid order is archived, not destroyed; issue 46). */
  archived: z.boolean(),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

export const AdminOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(AdminOrder),
  pagination: Pagination,
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

export const AdminOrderResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  data: AdminOrder,
});
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

const Window = z.object({ revenue: z.number(), paidOrders: z.number().int() });

/**
 * `GET /api/admin/dashboard`: figures an owner opens first (all money in dollars). `revenue*` and `paidOrders*`
 * count orders whose payment was captured and that were not cancelled afterwards, by the day they were paid (UTC);
 * revenue is net of refunds (issue 26: total minus what was refunded), and a fully refunded order is not a paid order
 * (issue 40). `latestOrders` carry their `orderNumber` (#1023). `openWithdrawals` is how many withdrawals
 * wait for the shop's refund.
 */
export const DashboardResponse = z.object({
  success: z.literal(true),
  data: z.object({
    today: Window,
    last7Days: Window,
    last30Days: Window,
    averageOrderValue: z.number(),
    ordersByStatus: z.record(z.enum(ORDER_STATUSES), z.number().int()),
    revenueByDay: z.array(z.object({ date: z.string(), revenue: z.number(), orders: z.number().int() })),
    lowStock: z.array(
      z.object({ _id: z.string(), title: z.string(), totalStock: z.number().int(), image: z.string() }),
    ),
    latestOrders: z.array(Order),
    openWithdrawals: z.number().int(),
    /** Cancelled paid orders whose refund the provider refused, waiting for the admin (filter `refund=due`). */
    refundsDue: z.number().int(),
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
export type Dashboard = DashboardResponse['data'];

import { z } from 'zod';
import { ORDER_STATUSES } from './constants.ts';
import { Order } from './orders.ts';
import { PagingParams, Pagination, Product, withPaging } from './products.ts';

/** `POST /api/admin/products/upload-image` answer: the absolute URL of the stored WebP image. */
export const UploadResponse = z.object({ success: z.literal(true), url: z.string() });
export type UploadResponse = z.infer<typeof UploadResponse>;

/** Paging of admin lists (default 24, max 100; without both, the whole list), like the shop's product list. */
export const AdminPageQuery = z.object(PagingParams).transform(withPaging(24, 100));

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

export const AdminOrderListResponse = z.object({
  success: z.literal(true),
  data: z.array(Order),
  pagination: Pagination,
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;

export const AdminOrderResponse = z.object({ success: z.literal(true), message: z.string(), data: Order });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponse>;

const Window = z.object({ revenue: z.number(), paidOrders: z.number().int() });

/**
 * `GET /api/admin/dashboard`: figures an owner opens first (all money in dollars). `revenue*` and `paidOrders*`
 * count orders whose payment completed and that were not cancelled afterwards, by the day they were paid (UTC).
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
  }),
});
export type DashboardResponse = z.infer<typeof DashboardResponse>;
export type Dashboard = DashboardResponse['data'];

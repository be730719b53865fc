/** Admin calls of spec §7 (Admin, Common feature images) and the dashboard. */
import type {
  AdminOrderListResponse,
  AdminOrderResponse,
  AdminRefundBody,
  AdminProductListResponse,
  AdminProductResponse,
  AdminProductSort,
  AdminStockFilter,
  Category,
  DashboardResponse,
  FeatureImage,
  FeatureListResponse,
  OrderStatus,
  OrderStatusBody,
  ProductInput,
  UploadResponse,
} from '@emporium/contract';
import { ApiError, apiRequest } from '@/lib/api';
import { readToken } from '@/lib/token-storage';

/** Uploads one image as multipart field `my_file`; resolves with its absolute URL. */
export async function uploadImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('my_file', file);
  const token = readToken();
  const response = await fetch('/api/admin/products/upload-image', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  const data = (await response.json().catch(() => null)) as (UploadResponse & { message?: string }) | null;
  if (!response.ok || !data?.success) {
    throw new ApiError(data?.message ?? 'Failed to upload image', response.status);
  }
  return data.url;
}

/** What the admin product table asks for; empty strings mean "any". */
export interface AdminProductQuery {
  search: string;
  category: Category | '';
  stock: AdminStockFilter | '';
  sortBy: AdminProductSort;
  page: number;
  limit: number;
}

/**
 * What the All Orders table asks for; `from`/`to` are the date inputs' YYYY-MM-DD values, '' for none; `withdrawal`
 * `open` keeps the orders with a withdrawal to process (issue 26).
 */
export interface AdminOrderQuery {
  search: string;
  status: OrderStatus | '';
  from: string;
  to: string;
  withdrawal: 'open' | '';
  /** `due`: cancelled paid orders whose refund the provider refused (issue 26). */
  refund: 'due' | '';
  /** `unpaid`: the checkouts never paid, which are not orders and are listed only here (issue 40). */
  payment: 'unpaid' | '';
  page: number;
  limit: number;
}

/** The filters of a product query as URL parameters (no paging: the export takes the same ones). */
export function productParams(q: Omit<AdminProductQuery, 'page' | 'limit'>): URLSearchParams {
  const params = new URLSearchParams();
  if (q.search.trim()) params.set('search', q.search.trim());
  if (q.category) params.set('category', q.category);
  if (q.stock) params.set('stock', q.stock);
  params.set('sortBy', q.sortBy);
  return params;
}

/**
 * The filters of an order query as URL parameters. The dates are the admin's local days (the list shows local
 * dates), sent as instants: `from` at its local midnight, `to` at the last millisecond of its local day.
 */
export function orderParams(q: Omit<AdminOrderQuery, 'page' | 'limit'>): URLSearchParams {
  const params = new URLSearchParams();
  if (q.search.trim()) params.set('search', q.search.trim());
  if (q.status) params.set('status', q.status);
  if (q.withdrawal) params.set('withdrawal', q.withdrawal);
  if (q.refund) params.set('refund', q.refund);
  if (q.payment) params.set('payment', q.payment);
  const local = (day: string, time: string) => {
    const at = new Date(`${day}T${time}`);
    return Number.isNaN(at.getTime()) ? null : at.toISOString();
  };
  const from = q.from && local(q.from, '00:00:00');
  const to = q.to && local(q.to, '23:59:59.999');
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  return params;
}

function paged(params: URLSearchParams, page: number, limit: number): string {
  params.set('page', String(page));
  params.set('limit', String(limit));
  return params.toString();
}

/**
 * Downloads a CSV export: fetched with the bearer token (a plain link could not carry it), then saved from a blob
 * URL under the server's file name.
 */
export async function downloadCsv(
  path: string,
  params: URLSearchParams,
  fallbackName: string,
): Promise<void> {
  const token = readToken();
  const response = await fetch(`${path}?${params.toString()}`, {
    credentials: 'include',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(data?.message ?? 'Export failed', response.status);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL is no longer needed once it has read the blob.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The tracking details of a Shipped status change (contract `OrderStatusBody`). */
export type ShipmentInput = Pick<OrderStatusBody, 'carrier' | 'trackingNumber' | 'trackingUrl'>;

export const adminApi = {
  products: (q: AdminProductQuery) =>
    apiRequest<AdminProductListResponse>(
      `/api/admin/products/get?${paged(productParams(q), q.page, q.limit)}`,
    ),
  addProduct: (body: ProductInput) =>
    apiRequest<AdminProductResponse>('/api/admin/products/add', { method: 'POST', body }),
  editProduct: (id: string, body: ProductInput) =>
    apiRequest<AdminProductResponse>(`/api/admin/products/edit/${id}`, { method: 'PUT', body }),
  deleteProduct: (id: string) => apiRequest(`/api/admin/products/delete/${id}`, { method: 'DELETE' }),
  orders: (q: AdminOrderQuery) =>
    apiRequest<AdminOrderListResponse>(`/api/admin/orders/get?${paged(orderParams(q), q.page, q.limit)}`),
  exportProducts: (q: Omit<AdminProductQuery, 'page' | 'limit'>) =>
    downloadCsv('/api/admin/products/export.csv', productParams(q), 'products.csv'),
  exportOrders: (q: Omit<AdminOrderQuery, 'page' | 'limit'>) =>
    downloadCsv('/api/admin/orders/export.csv', orderParams(q), 'orders.csv'),
  order: (id: string) => apiRequest<AdminOrderResponse>(`/api/admin/orders/details/${id}`),
  /** `tracking`: carrier, tracking number and optional link, sent with Shipped (issue 26). */
  setStatus: (id: string, orderStatus: OrderStatus, tracking?: ShipmentInput) =>
    apiRequest<AdminOrderResponse>(`/api/admin/orders/status/${id}`, {
      method: 'PUT',
      body: { orderStatus, ...tracking },
    }),
  deleteOrder: (id: string) => apiRequest(`/api/admin/orders/delete/${id}`, { method: 'DELETE' }),
  /** Refunds the balance, chosen lines or an amount (issue 26); the answer's message says what happened. */
  refund: (id: string, body: AdminRefundBody) =>
    apiRequest<AdminOrderResponse>(`/api/admin/orders/refund/${id}`, { method: 'POST', body }),
  features: () => apiRequest<FeatureListResponse>('/api/common/feature/get'),
  addFeature: (image: string) =>
    apiRequest<{ data: FeatureImage }>('/api/common/feature/set', { method: 'POST', body: { image } }),
  deleteFeature: (id: string) => apiRequest(`/api/common/feature/delete/${id}`, { method: 'DELETE' }),
  dashboard: () => apiRequest<DashboardResponse>('/api/admin/dashboard'),
};

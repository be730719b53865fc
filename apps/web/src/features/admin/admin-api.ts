/** Admin calls of spec §7 (Admin, Common feature images) and the dashboard. */
import type {
  AdminOrderListResponse,
  AdminOrderResponse,
  AdminProductListResponse,
  AdminProductResponse,
  DashboardResponse,
  FeatureImage,
  FeatureListResponse,
  OrderStatus,
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

export const adminApi = {
  products: (page = 1, limit = 100) =>
    apiRequest<AdminProductListResponse>(`/api/admin/products/get?page=${page}&limit=${limit}`),
  addProduct: (body: ProductInput) =>
    apiRequest<AdminProductResponse>('/api/admin/products/add', { method: 'POST', body }),
  editProduct: (id: string, body: ProductInput) =>
    apiRequest<AdminProductResponse>(`/api/admin/products/edit/${id}`, { method: 'PUT', body }),
  deleteProduct: (id: string) => apiRequest(`/api/admin/products/delete/${id}`, { method: 'DELETE' }),
  orders: (page = 1, limit = 20) =>
    apiRequest<AdminOrderListResponse>(`/api/admin/orders/get?page=${page}&limit=${limit}`),
  order: (id: string) => apiRequest<AdminOrderResponse>(`/api/admin/orders/details/${id}`),
  setStatus: (id: string, orderStatus: OrderStatus) =>
    apiRequest<AdminOrderResponse>(`/api/admin/orders/status/${id}`, {
      method: 'PUT',
      body: { orderStatus },
    }),
  deleteOrder: (id: string) => apiRequest(`/api/admin/orders/delete/${id}`, { method: 'DELETE' }),
  features: () => apiRequest<FeatureListResponse>('/api/common/feature/get'),
  addFeature: (image: string) =>
    apiRequest<{ data: FeatureImage }>('/api/common/feature/set', { method: 'POST', body: { image } }),
  deleteFeature: (id: string) => apiRequest(`/api/common/feature/delete/${id}`, { method: 'DELETE' }),
  dashboard: () => apiRequest<DashboardResponse>('/api/admin/dashboard'),
};

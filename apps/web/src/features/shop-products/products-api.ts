import type { Product, ProductListResponse, SortBy } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { buildFilterQuery, type Filters } from '@/lib/filters';

export interface ProductListParams {
  filters: Filters;
  sortBy: SortBy;
  page: number;
  limit: number;
}

export function getProducts({
  filters,
  sortBy,
  page,
  limit,
}: ProductListParams): Promise<ProductListResponse> {
  const query = buildFilterQuery(filters, { sortBy, page, limit });
  return apiRequest<ProductListResponse>(`/api/shop/products/get?${query}`);
}

export function getProductDetails(id: string): Promise<{ success: boolean; data: Product }> {
  return apiRequest<{ success: boolean; data: Product }>(`/api/shop/products/get/${encodeURIComponent(id)}`);
}

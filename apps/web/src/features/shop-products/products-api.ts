import type { Product, ProductListResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { productDetailsPath, productListPath, type ProductListParams } from '@/lib/catalog-paths';

export type { ProductListParams } from '@/lib/catalog-paths';

export function getProducts(params: ProductListParams): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>(productListPath(params));
}

export function getProductDetails(id: string): Promise<{ success: boolean; data: Product }> {
  return apiRequest<{ success: boolean; data: Product }>(productDetailsPath(id));
}

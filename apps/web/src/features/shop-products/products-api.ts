import type { Product, ProductListResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import {
  FEATURED_PRODUCTS_PATH,
  productDetailsPath,
  productListPath,
  type ProductListParams,
} from '@/lib/catalog-paths';

export type { ProductListParams } from '@/lib/catalog-paths';

export function getProducts(params: ProductListParams): Promise<ProductListResponse> {
  return apiRequest<ProductListResponse>(productListPath(params));
}

/** Home's Featured Products in the admin's order (issue 28). */
export function getFeaturedProducts(): Promise<{ success: boolean; data: Product[] }> {
  return apiRequest<{ success: boolean; data: Product[] }>(FEATURED_PRODUCTS_PATH);
}

export function getProductDetails(id: string): Promise<{ success: boolean; data: Product }> {
  return apiRequest<{ success: boolean; data: Product }>(productDetailsPath(id));
}

import type { ProductDetailsResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { productDetailsPath } from '@/lib/catalog-paths';

/**
 * GET /api/shop/products/get/:id (spec §7); data is the product with its options, variants and gallery (issue 28).
 * 404 when there is no such product.
 */
export function getProduct(id: string): Promise<ProductDetailsResponse> {
  return apiRequest<ProductDetailsResponse>(productDetailsPath(id));
}

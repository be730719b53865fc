import type { Product } from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { productDetailsPath } from '@/lib/catalog-paths';

/** GET /api/shop/products/get/:id (spec §7); data is the product. 404 when there is no such product. */
export function getProduct(id: string): Promise<{ success: boolean; data: Product }> {
  return apiRequest<{ success: boolean; data: Product }>(productDetailsPath(id));
}

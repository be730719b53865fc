/**
 * Calls of the admin's options and variants (issue 28). Each throws an ApiError with the server's message on a
 * refusal (400 naming the row, 409 a stale version or a SKU in use).
 */
import type { AdminProductDetailsResponse, LowStockResponse, SkuPrefixResponse } from '@emporium/contract';
import { apiRequest } from '@/lib/api';

const variantsPath = (id: string) => `/api/admin/products/variants/${encodeURIComponent(id)}`;

export const variantsApi = {
  /** `GET /api/admin/products/variants/:id`: the product with its options, variants and gallery, read now; 404. */
  get: (id: string) => apiRequest<AdminProductDetailsResponse>(variantsPath(id)),
  /** `PUT /api/admin/products/variants/:id` ProductVariantsInput: replaces the options and grid; the product after. */
  save: (id: string, body: unknown) =>
    apiRequest<AdminProductDetailsResponse>(variantsPath(id), { method: 'PUT', body }),
  /** `GET /api/admin/products/variants/:id/sku-prefix`: a SKU prefix for new variants no other product uses. */
  skuPrefix: (id: string) => apiRequest<SkuPrefixResponse>(`${variantsPath(id)}/sku-prefix`),
  /** `GET /api/admin/products/low-stock`: variants with at most LOW_STOCK_MAX units, fewest first. */
  lowStock: () => apiRequest<LowStockResponse>('/api/admin/products/low-stock'),
};

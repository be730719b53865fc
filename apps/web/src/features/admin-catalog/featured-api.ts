/**
 * Admin calls for Home's Featured Products (issue 28). Each call throws an ApiError with the server's message on a
 * refusal (an id listed twice, a product deleted meanwhile, more than LIMITS.featuredProducts).
 */
import type {
  FeaturedProductsInput,
  FeaturedProductsResponse,
  FeaturedProductsSaved,
} from '@emporium/contract';
import { apiRequest } from '@/lib/api';

const FEATURED = '/api/admin/products/featured';

export const featuredApi = {
  /** The picked products in Home's order; empty when none are picked. */
  list: () => apiRequest<FeaturedProductsResponse>(FEATURED),
  /** Replaces the picks with `productIds` in that order (`[]` clears them); answers the picks as saved. */
  save: (productIds: FeaturedProductsInput['productIds']) =>
    apiRequest<FeaturedProductsSaved>(FEATURED, {
      method: 'PUT',
      body: { productIds },
    }),
};

/**
 * Calls of the admin's product page (issue 28): the product as the shop answers it, its details and its photo gallery. Each
 * throws an ApiError with the server's message on a refusal.
 */
import type {
  AdminProductImagesResponse,
  AdminProductResponse,
  ProductDetailsResponse,
  ProductImagesInput,
  ProductInput,
} from '@emporium/contract';
import { apiRequest } from '@/lib/api';
import { productDetailsPath } from '@/lib/catalog-paths';

const galleryPath = (id: string) => `/api/admin/products/images/${encodeURIComponent(id)}`;

/** A photo as the page sends it: the stored key or the upload's URL, and its text alternative. */
export type PhotoInput = ProductImagesInput['images'][number];

export const productEditorApi = {
  /** `GET /api/shop/products/get/:id`: the product with its options, variants and gallery; 404 unknown. */
  product: (id: string) => apiRequest<ProductDetailsResponse>(productDetailsPath(id)),
  /** `GET /api/admin/products/images/:id`: the gallery in order, `{image, key, alt}` each. */
  gallery: (id: string) => apiRequest<AdminProductImagesResponse>(galleryPath(id)),
  /** `PUT /api/admin/products/images/:id`: replaces the gallery (1 to 8 photos; the first is the product image). */
  saveGallery: (id: string, images: PhotoInput[]) =>
    apiRequest<AdminProductImagesResponse>(galleryPath(id), { method: 'PUT', body: { images } }),
  /**
   * `PUT /api/admin/products/edit/:id` (spec §5): the spec's fields with the version loaded; 409 when the product
   * changed since, or when it has options and the price or stock differ from its variants'.
   */
  saveDetails: (id: string, body: ProductInput) =>
    apiRequest<AdminProductResponse>(`/api/admin/products/edit/${encodeURIComponent(id)}`, {
      method: 'PUT',
      body,
    }),
};

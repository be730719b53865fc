/**
 * The admin's view of a product's photo gallery (issue 28): `GET` and `PUT /api/admin/products/images/:id`. The
 * request body is `ProductImagesInput` (variants.ts); the shop reads the gallery as `ProductDetails.images`.
 */
import { z } from 'zod';

/**
 * A gallery photo as the admin edits it: `image` its absolute URL (to show), `key` the stored key (to send back
 * unchanged in `ProductImagesInput`), `alt` its text alternative (empty: the product's title is used).
 */
export const AdminProductImage = z.object({ image: z.string(), key: z.string(), alt: z.string() });
export type AdminProductImage = z.infer<typeof AdminProductImage>;

/** The gallery in order; the first photo is the product's `image`. `message` only in the answer to a save. */
export const AdminProductImagesResponse = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  data: z.array(AdminProductImage),
});
export type AdminProductImagesResponse = z.infer<typeof AdminProductImagesResponse>;

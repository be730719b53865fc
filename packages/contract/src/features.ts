import { z } from 'zod';
import { LIMITS } from './limits.ts';

/** Home-page hero image (spec §3 "Feature image"); `image` is an absolute URL. */
export const FeatureImage = z.object({ _id: z.string(), image: z.string() });
export type FeatureImage = z.infer<typeof FeatureImage>;

export const FeatureListResponse = z.object({ success: z.literal(true), data: z.array(FeatureImage) });
export type FeatureListResponse = z.infer<typeof FeatureListResponse>;

export const FeatureSetBody = z.strictObject({
  image: z.string().trim().min(1, 'Image is required').max(LIMITS.imageUrl.max),
});
export type FeatureSetBody = z.infer<typeof FeatureSetBody>;

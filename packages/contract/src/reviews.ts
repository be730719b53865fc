import { z } from 'zod';
import { LIMITS } from './limits.ts';

/**
 * `POST /api/shop/reviews/add/:productId` body (spec §3, §7). The author is the session user: a `userId` that is
 * not the caller's is refused (403) and `productId` must be the path's (400). Rating is a whole number 1–5; the
 * comment is trimmed and 1–2000 characters (DESIGN.md §4).
 */
export const ReviewAddBody = z.strictObject({
  userId: z.string().max(64),
  productId: z.string().max(64),
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5'),
  comment: z
    .string({ error: 'Please enter a review comment' })
    .trim()
    .min(LIMITS.reviewComment.min, 'Please enter a review comment')
    .max(LIMITS.reviewComment.max, `A review can be at most ${LIMITS.reviewComment.max} characters`),
});
export type ReviewAddBody = z.infer<typeof ReviewAddBody>;

/** A review as read (spec §3): `user._id` is the author; `verified` marks a review from a buyer. */
export const Review = z.object({
  _id: z.string(),
  productId: z.string(),
  userId: z.string(),
  user: z.object({ _id: z.string() }),
  userName: z.string(),
  rating: z.number().int(),
  comment: z.string(),
  verified: z.boolean(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof Review>;

export const ReviewListResponse = z.object({ success: z.literal(true), data: z.array(Review) });
export type ReviewListResponse = z.infer<typeof ReviewListResponse>;

export const ReviewResponse = z.object({ success: z.literal(true), message: z.string(), data: Review });
export type ReviewResponse = z.infer<typeof ReviewResponse>;

/**
 * `GET /api/shop/reviews/eligibility/:productId` answer: whether the signed-in shopper may review the product and,
 * when not, why (the message adding a review would answer), for the web to show instead of the form.
 */
export const ReviewEligibility = z.object({ canReview: z.boolean(), reason: z.string().nullable() });
export type ReviewEligibility = z.infer<typeof ReviewEligibility>;

export const ReviewEligibilityResponse = z.object({ success: z.literal(true), data: ReviewEligibility });
export type ReviewEligibilityResponse = z.infer<typeof ReviewEligibilityResponse>;

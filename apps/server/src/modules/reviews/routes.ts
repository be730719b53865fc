/**
 * Review routes (spec §7 Shop, prefix /api/shop). Reading is public; adding and deleting need a signed-in shopper,
 * who is always the author, and so does asking whether one may review.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ReviewAddBody,
  ReviewEligibilityResponse,
  ReviewListResponse,
  ReviewResponse,
} from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import type { CatalogChanges } from '../../lib/catalog-cache.ts';
import { requireSelf } from '../../lib/access.ts';
import { addReview, deleteReview, listReviews, reviewEligibility } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const errors = errorResponses(400, 401, 403, 404, 409);

export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; catalog: CatalogChanges }> = async (
  app,
  { db, catalog },
) => {
  /** `GET /reviews/get/:productId` → 200 the product's reviews, newest first. */
  app.get(
    '/reviews/get/:productId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['reviews'],
        params: z.object({ productId: z.string().max(64) }),
        response: { 200: ReviewListResponse },
      },
    },
    async (request) => ({ success: true as const, data: await listReviews(db, request.params.productId) }),
  );

  /**
   * `GET /reviews/eligibility/:productId` → 200 `{canReview, reason}`: whether the caller may review the product
   * (a paid order containing it, no review yet) and, when not, the message adding one would answer. 401 for a
   * visitor, 404 for an unknown product. Answered with `Cache-Control: no-store`, like every signed-in answer.
   */
  app.get(
    '/reviews/eligibility/:productId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['reviews'],
        params: z.object({ productId: z.string().max(64) }),
        response: { 200: ReviewEligibilityResponse, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      return {
        success: true as const,
        data: await reviewEligibility(db, user.userId, request.params.productId),
      };
    },
  );

  /** `POST /reviews/add/:productId` {userId, productId, rating, comment} → 201 the review. */
  app.post(
    '/reviews/add/:productId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['reviews'],
        params: z.object({ productId: z.string().max(64) }),
        body: ReviewAddBody,
        response: { 201: ReviewResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { userId, ...review } = request.body;
      const user = requireSelf(request, userId);
      const data = await addReview({ db, catalog }, user.userId, request.params.productId, review);
      return reply.code(201).send({ success: true as const, message: 'Review added successfully', data });
    },
  );

  /** `DELETE /reviews/delete/:reviewId` → 200 the deleted review; 404 unless it is the caller's. */
  app.delete(
    '/reviews/delete/:reviewId',
    {
      config: { access: 'shopper' },
      schema: {
        tags: ['reviews'],
        params: z.object({ reviewId: z.string().max(64) }),
        response: { 200: ReviewResponse, ...errors },
      },
    },
    async (request) => {
      const user = requireSelf(request, undefined);
      const data = await deleteReview({ db, catalog }, user.userId, request.params.reviewId);
      return { success: true as const, message: 'Review deleted successfully', data };
    },
  );
};

import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { BadgeCheck, Star } from 'lucide-react';
import { LIMITS, type Product } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { useSessionUser } from '@/app/session';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { openStorefront } from '@/lib/storefront-mode';
import {
  addReview,
  deleteReview,
  fetchReviewEligibility,
  fetchReviews,
  selectReviews,
} from './reviews-slice';
import { productRefreshed } from './shop-products-slice';
import { StarRating } from './star-rating';

/** MM/DD/YYYY (spec §9). */
function reviewDate(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
}

interface ProductReviewsProps {
  product: Product;
  /** Receives the product re-read after a review was added or deleted (its new averageRating and reviewsCount). */
  onProductChange?: (product: Product) => void;
  /** h3 inside the dialog (under the product title's h2); h2 on the product page (under its h1). */
  headingLevel?: 'h2' | 'h3';
}

/**
 * The reviews section of the product dialog and page (spec §2, §5, §8): the list (author initial and name, date, stars,
 * comment as plain text, Delete for the author only, a Verified purchase mark) and the form (Add a review, a 5-star
 * picker defaulting to 5, Add). The form is shown only to a shopper the server says may review (a buyer who has not
 * reviewed yet); others read the reason in its place. After a change the product's rating and count, and whether
 * the shopper may review, are re-read. A visitor of the open storefront (issue 41) is offered to sign in instead of a
 * form they could not send.
 */
export function ProductReviews({ product, onProductChange, headingLevel = 'h3' }: ProductReviewsProps) {
  const Heading = headingLevel;
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { reviews, isLoading, productId, eligibility } = useAppSelector(selectReviews);
  const userId = user?.userId;
  const [rating, setRating] = useState(5);
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    void dispatch(fetchReviews(product._id));
  }, [dispatch, product._id]);

  useEffect(() => {
    if (userId) void dispatch(fetchReviewEligibility(product._id));
  }, [dispatch, product._id, userId]);

  async function refreshProduct() {
    void dispatch(fetchReviewEligibility(product._id));
    const result = await dispatch(productRefreshed(product._id));
    if (productRefreshed.fulfilled.match(result)) onProductChange?.(result.payload);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!user) {
      toast({ title: 'Authentication Required', description: 'Please login to add a review' });
      return;
    }
    if (!comment.trim()) {
      toast({ title: 'Review Required', description: 'Please enter a review comment' });
      return;
    }
    setSaving(true);
    const result = await dispatch(
      addReview({ userId: user.userId, productId: product._id, rating, comment: comment.trim() }),
    );
    setSaving(false);
    if (addReview.fulfilled.match(result)) {
      toast({ title: 'Review Added' });
      setComment('');
      setRating(5);
      void refreshProduct();
    } else {
      toast({
        title: 'Error Adding Review',
        description: result.payload ?? 'Failed to add review. Please try again.',
        variant: 'destructive',
      });
    }
  }

  async function remove(reviewId: string) {
    const result = await dispatch(deleteReview(reviewId));
    if (deleteReview.fulfilled.match(result)) {
      toast({ title: 'Review deleted' });
      void refreshProduct();
    } else {
      toast({
        title: 'Error',
        description: result.payload ?? 'Failed to delete review',
        variant: 'destructive',
      });
    }
  }

  const shown = productId === product._id ? reviews : [];
  // Without an answer (no session, or the check failed) the form is shown and adding meets the spec's toasts.
  const known = eligibility.productId === product._id ? eligibility.status : 'idle';
  const visitor = !user && openStorefront;
  const showForm =
    !visitor && (!user || known === 'failed' || (known === 'succeeded' && eligibility.canReview));
  const reason = known === 'succeeded' && !eligibility.canReview ? eligibility.reason : null;
  return (
    <section aria-labelledby="product-reviews-heading" className="space-y-3 border-t border-neutral-200 pt-4">
      <Heading id="product-reviews-heading" className="text-lg font-bold">
        {`Reviews for ${product.title}`}
      </Heading>
      {isLoading && shown.length === 0 ? (
        <p className="text-sm text-neutral-600">Loading reviews...</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-neutral-600">No reviews yet</p>
      ) : (
        <ul className="max-h-64 space-y-3 overflow-y-auto pr-1">
          {shown.map((r) => {
            const name = r.userName || 'Anonymous';
            return (
              <li key={r._id} data-testid="review" className="flex gap-3">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-neutral-900 font-bold text-white"
                >
                  {name.charAt(0).toUpperCase()}
                </span>
                <div className="min-w-0 flex-1 space-y-1">
                  <div className="flex flex-wrap items-center gap-x-2 text-sm">
                    <span className="font-semibold">{name}</span>
                    <span className="text-neutral-500">{reviewDate(r.createdAt)}</span>
                    {r.verified && (
                      <span className="inline-flex items-center gap-1 text-xs text-green-700">
                        <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
                        Verified purchase
                      </span>
                    )}
                  </div>
                  <StarRating rating={r.rating} />
                  <span className="sr-only">{`${r.rating} out of 5 stars`}</span>
                  <p className="text-sm break-words whitespace-pre-line text-neutral-800">{r.comment}</p>
                  {user?.userId === r.user._id && (
                    <Button size="sm" variant="outline" onClick={() => void remove(r._id)}>
                      Delete
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {reason && (
        <p data-testid="review-eligibility" className="text-sm text-neutral-600">
          {reason}
        </p>
      )}
      {visitor && (
        <p data-testid="review-sign-in" className="text-sm text-neutral-600">
          <Link
            to="/auth/login"
            className="inline-flex min-h-11 items-center font-semibold text-neutral-900 underline underline-offset-2 lg:min-h-0"
          >
            Sign in
          </Link>{' '}
          to write a review.
        </p>
      )}
      {showForm && (
        <form onSubmit={(e) => void submit(e)} className="space-y-2">
          <Label htmlFor="review-comment">Write a review</Label>
          <div role="radiogroup" aria-label="Your rating" className="flex gap-1">
            {[1, 2, 3, 4, 5].map((star) => (
              <button
                key={star}
                type="button"
                role="radio"
                aria-checked={rating === star}
                aria-label={`${star} star${star === 1 ? '' : 's'}`}
                onClick={() => setRating(star)}
                className="cursor-pointer rounded p-0.5 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
              >
                <Star
                  className={cn(
                    'h-6 w-6',
                    star <= rating ? 'fill-amber-400 text-amber-400' : 'text-neutral-300',
                  )}
                  aria-hidden="true"
                />
              </button>
            ))}
          </div>
          <div className="flex gap-2">
            <Input
              id="review-comment"
              placeholder="Add a review"
              value={comment}
              maxLength={LIMITS.reviewComment.max}
              onChange={(e) => setComment(e.target.value)}
            />
            <Button type="submit" disabled={saving}>
              Add
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

import { Star } from 'lucide-react';
import { cn } from '@/lib/cn';

interface StarRatingProps {
  rating: number;
  className?: string;
}

/** Five stars filled to the rounded rating; the number itself is shown beside it by the caller. */
export function StarRating({ rating, className }: StarRatingProps) {
  const filled = Math.round(rating);
  return (
    <span className={cn('flex items-center gap-0.5', className)} aria-hidden="true">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          className={cn('h-4 w-4', star <= filled ? 'fill-amber-400 text-amber-400' : 'text-neutral-300')}
        />
      ))}
    </span>
  );
}

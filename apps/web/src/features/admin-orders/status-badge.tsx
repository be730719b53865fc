/**
 * The admin's badges for what an order waits for, beside its status badge (components/ui/state-badge.tsx draws the
 * order and payment statuses everywhere).
 */
import { cn } from '@/lib/cn';

const base = 'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap';

/** A cancelled paid order whose refund the provider refused: the admin refunds it again (issue 26). */
export function RefundDueBadge() {
  return (
    <span className={cn(base, 'bg-red-100 text-red-900')} data-testid="refund-due-badge">
      Refund due
    </span>
  );
}

/**
 * "Withdrawal" (to process): the shopper withdrew from the contract and the shop has not refunded it yet (issue 26).
 * One short word, so the badge never wraps in the list's narrow status column.
 */
export function WithdrawalBadge() {
  return (
    <span className={cn(base, 'bg-amber-200 text-amber-950')} data-testid="withdrawal-badge">
      Withdrawal<span className="sr-only"> to process</span>
    </span>
  );
}

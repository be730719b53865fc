/**
 * The refund side of the reconciliation job (issue 26; DESIGN.md §4): a refund still `pending` after a grace period
 * (the server crashed between reserving and recording it, or the provider did not answer in time) is sent again with
 * the same idempotency key (`refund-<id>`), so the provider answers the refund it already made instead of making
 * another, and the answer is recorded once (`recordRefund` is conditional on the refund being pending).
 */
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { refunds } from '../../db/schema.ts';
import type { OrderDeps } from '../orders/service.ts';
import { sendRefund } from './service.ts';

export interface RefundReconcileReport {
  checked: number;
  completed: number;
  failed: number;
  /** Still pending (the provider could not be reached again). */
  left: number;
}

/**
 * One run: pending refunds older than `graceMs` (default 60 s), not looked at within it, oldest first, at most
 * `batch`. Each is claimed (`checked_at`) by a conditional UPDATE, so instances running at once send each at most
 * once per period (and a second send would be answered by the provider's idempotency anyway).
 */
export async function retryPendingRefunds(
  deps: OrderDeps,
  options: { graceMs?: number; batch?: number; now?: Date } = {},
): Promise<RefundReconcileReport> {
  const now = options.now ?? new Date();
  const grace = new Date(now.getTime() - (options.graceMs ?? 60_000));
  const due = and(
    eq(refunds.status, 'pending'),
    lt(refunds.createdAt, grace),
    or(isNull(refunds.checkedAt), lt(refunds.checkedAt, grace)),
  );
  const candidates = await deps.db
    .select({ id: refunds.id })
    .from(refunds)
    .where(due)
    .orderBy(asc(refunds.createdAt))
    .limit(options.batch ?? 50);
  const report: RefundReconcileReport = { checked: 0, completed: 0, failed: 0, left: 0 };
  for (const { id } of candidates) {
    const claimed = await deps.db
      .update(refunds)
      .set({ checkedAt: now })
      .where(and(eq(refunds.id, id), due))
      .returning({ id: refunds.id });
    if (claimed.length === 0) continue;
    report.checked++;
    const outcome = await sendRefund(deps, id);
    if (outcome.status === 'completed') report.completed++;
    else if (outcome.status === 'failed') report.failed++;
    else report.left++;
  }
  return report;
}

/**
 * Background jobs of a server process (DESIGN.md §4): payment reconciliation (modules/orders/reconcile.ts, then
 * pending refunds, modules/refunds/reconcile.ts, then pruning the price history and the guest sessions that ended, modules/price-history and
 * modules/guest-sessions, issue 41)
 * every `RECONCILE_INTERVAL_SECONDS`, and a pass of the mail outbox every 15 s (a capture also starts one at once). Both
 * are safe on any number of instances at once. Stopped when the app closes.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { MailWorker } from './mail/outbox.ts';
import { reconcilePayments } from './modules/orders/reconcile.ts';
import { pruneGuestSessions } from './modules/guest-sessions/service.ts';
import { pruneOldPrices } from './modules/price-history/service.ts';
import { retryPendingRefunds } from './modules/refunds/reconcile.ts';
import type { OrderDeps } from './modules/orders/service.ts';

const MAIL_INTERVAL_MS = 15_000;

export interface Jobs {
  stop(): Promise<void>;
}

export function startJobs(log: FastifyBaseLogger, deps: OrderDeps, config: Config, mail: MailWorker): Jobs {
  let reconciling: Promise<unknown> | undefined;
  const reconcile = () => {
    if (reconciling) return;
    reconciling = reconcilePayments(deps, {
      pendingTtlMs: config.pendingOrderTtlMs,
      graceMs: config.reconcileGraceMs,
    })
      .then((r) => {
        // The capture and cancel steps announce their own stock moves to the catalog cache.
        if (r.paid || r.cancelled) log.info(r, 'payment reconciliation');
        return retryPendingRefunds(deps, { graceMs: config.reconcileGraceMs });
      })
      .then((r) => {
        if (r.checked) log.info(r, 'refund reconciliation');
        // Issue 41: price history out of force for 90 days, and guest sessions expired or ended, are pruned on the
        // same beat.
        return Promise.all([pruneOldPrices(deps.db), pruneGuestSessions(deps.db)]);
      })
      .then(([pruned, guests]) => {
        if (pruned > 0) log.info({ pruned }, 'price history pruned');
        if (guests > 0) log.info({ guests }, 'guest sessions pruned');
      })
      .catch((err: unknown) => log.error({ err }, 'payment reconciliation failed'))
      .finally(() => (reconciling = undefined));
  };
  const timers = [
    setInterval(reconcile, config.reconcileIntervalMs),
    setInterval(() => mail.kick(), MAIL_INTERVAL_MS),
  ];
  for (const t of timers) t.unref();
  mail.kick();
  return {
    async stop() {
      for (const t of timers) clearInterval(t);
      await reconciling;
    },
  };
}

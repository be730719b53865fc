/**
 * "Find my order" (issue 41): a guest who lost the e-mail asks for a fresh order link with the address they ordered
 * with and the order's number. The route answers alike before any of this runs (routes.ts, like the password reset:
 * modules/account-recovery); this work, run after the reply, mails a link only when a paid guest order matches both,
 * at most `FIND_LINKS_PER_HOUR` an hour per address, so nobody learns whether an order or an address exists and
 * nobody floods a mailbox.
 */
import { and, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import { orderLinks, orders } from '../../db/schema.ts';
import { accountMessage } from '../../mail/account-mail.ts';
import { orderPageUrl } from '../../mail/layout.ts';
import { queueAccountMail } from '../../mail/outbox.ts';
import { guestName } from '../orders/order-view.ts';
import { issueOrderLink } from './service.ts';

/** Links "Find my order" mails to one address per hour (the password reset's `RESET_MAILS_PER_HOUR`); past it, none. */
export const FIND_LINKS_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export interface FindMyOrderDeps {
  db: Db;
  /** The storefront's origin (config `storefrontUrl`): the link opens `<storefrontUrl>/shop/order/<token>`. */
  storefrontUrl: string;
  /** Starts sending queued mail now. */
  kickMail?: () => void;
}

/**
 * Mails a new link to the paid guest order numbered `orderNumber` whose address is `email` (already normalised by
 * the contract), unless `FIND_LINKS_PER_HOUR` were mailed to that address in the last hour. Concurrent requests for
 * one address are counted one after the other (an advisory lock on the address). Returns whether a link was queued (tests).
 */
export async function sendOrderLinkIfMatching(
  deps: FindMyOrderDeps,
  email: string,
  orderNumber: number,
): Promise<boolean> {
  const queued = await transactionWithRetry(deps.db, async (tx) => {
    // One address's requests are counted one after another (a transaction-scoped lock on the address), so
    // concurrent requests for its orders never pass the hourly count together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`find-my-order|${email}`}, 0))`);
    const [order] = await tx
      .select({ id: orders.id, number: orders.number, recipientName: orders.recipientName })
      .from(orders)
      .where(and(eq(orders.number, orderNumber), eq(orders.guestEmail, email), isNotNull(orders.paidAt)));
    if (!order) return false;
    const [recent] = await tx
      .select({ n: count() })
      .from(orderLinks)
      .innerJoin(orders, eq(orders.id, orderLinks.orderId))
      .where(
        and(
          eq(orders.guestEmail, email),
          eq(orderLinks.purpose, 'find-my-order'),
          gt(orderLinks.createdAt, new Date(Date.now() - HOUR_MS)),
        ),
      );
    if ((recent?.n ?? 0) >= FIND_LINKS_PER_HOUR) return false;
    const token = await issueOrderLink(tx, order.id, 'find-my-order');
    await queueAccountMail(
      tx,
      accountMessage({
        to: email,
        subject: `Your link to Emporium order #${order.number}`,
        heading: `Your order #${order.number}`,
        paragraphs: [
          `Hello ${guestName(order)}, someone, hopefully you, asked for a link to order #${order.number}.`,
          'The link opens the order for 90 days: its status, tracking, and cancelling or withdrawing from it. Keep it to yourself: whoever has it can do the same.',
        ],
        action: { label: 'View your order', url: orderPageUrl(deps.storefrontUrl, order.id, token) },
        footer: 'You receive this e-mail because this address was used for an order at Emporium.',
      }),
    );
    return true;
  });
  if (queued) deps.kickMail?.();
  return queued;
}

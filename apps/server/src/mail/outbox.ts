/**
 * The mail outbox worker (DESIGN.md §4; transactional outbox pattern): messages are queued in `mail_outbox` by the
 * transaction that causes them (a capture that marks an order paid), and `deliverDueMail` sends them with retries.
 * A row is claimed for `CLAIM_MS` before sending (`FOR UPDATE SKIP LOCKED`, so instances never send the same row at
 * once) and marked sent after. A crash between send and mark resends once the claim expires; the message key keeps
 * that resend from becoming a second mail (same Message-ID, same .eml file).
 */
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { titleWithOptions, toCents } from '@emporium/contract';
import { selectRows, type Db } from '../db/client.ts';
import { mailOutbox, orderItems, orders, users } from '../db/schema.ts';
import { issueOrderLink } from '../modules/order-links/service.ts';
import { guestName, orderWithBuyer } from '../modules/orders/order-view.ts';
import type { ImageStore } from '../storage/image-store.ts';
import type { Mailer } from './mailer.ts';
import { orderConfirmationMessage } from './order-confirmation.ts';
import type { accountMessage } from './account-mail.ts';

/** A rendered account message as the outbox keeps it until sent. */
export type AccountMessage = ReturnType<typeof accountMessage>;

export interface OutboxDeps {
  db: Db;
  images: ImageStore;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The storefront's origin (config `storefrontUrl`), for links in the mail. */
  shopUrl: string;
}

/** How long a claimed row is left to its worker before another may take it (ms). */
const CLAIM_MS = 60_000;
/** Sending attempts before a message is left for a person to look at. */
export const MAX_MAIL_ATTEMPTS = 8;

/**
 * Queues an account message (mail/account-mail.ts `accountMessage`) inside the caller's transaction, so it goes out
 * if and only if the change it tells of commits. The stored message is wiped once sent (it may hold a single-use
 * link).
 */
export async function queueAccountMail(tx: Db, message: AccountMessage): Promise<void> {
  await tx.insert(mailOutbox).values({ kind: 'account', message });
}

/**
 * Queues a message to a customer about their order (shipped, refunded, cancelled, withdrawal; issue 26) inside the
 * caller's transaction: `build` gets their address and name as they are now. A member's order goes to the account
 * (nothing for an erased one); a guest's (issue 41) to the address given at checkout, greeted by the recipient's name,
 * with a new signed link (`orderToken`) for "View your order". Returns whether a message was queued.
 */
export async function queueOrderMail(
  tx: Db,
  orderId: string,
  build: (customer: { to: string; userName: string; orderToken?: string }) => AccountMessage,
): Promise<boolean> {
  const [found] = await tx
    .select({
      guestEmail: orders.guestEmail,
      recipientName: orders.recipientName,
      email: users.email,
      userName: users.userName,
      deletedAt: users.deletedAt,
    })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  if (!found) return false;
  if (found.guestEmail) {
    const orderToken = await issueOrderLink(tx, orderId);
    await queueAccountMail(tx, build({ to: found.guestEmail, userName: guestName(found), orderToken }));
    return true;
  }
  if (!found.email || !found.userName || found.deletedAt !== null) return false;
  await queueAccountMail(tx, build({ to: found.email, userName: found.userName }));
  return true;
}

/**
 * An order's lines as the e-mails name them (issue 40, item 10): id, title with its options ("Tee (Size: M)") and
 * units, by title.
 */
export async function orderLinesForMail(
  tx: Db,
  orderId: string,
): Promise<Array<{ id: string; title: string; quantity: number }>> {
  const rows = await tx
    .select({
      id: orderItems.id,
      title: orderItems.title,
      options: orderItems.options,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.title, orderItems.id);
  return rows.map((r) => ({ id: r.id, title: titleWithOptions(r.title, r.options), quantity: r.quantity }));
}

/**
 * Queues the confirmation of each order whose id `orderIds` (a query returning `id`) returns, once per order: a step
 * of a larger statement (a data-modifying WITH, so in its transaction), sent by the worker after the commit.
 */
export function queueOrderConfirmationsOf(orderIds: SQL): SQL {
  return sql`insert into ${mailOutbox} (kind, order_id)
    select 'order-confirmation', o.id from (${orderIds}) o on conflict do nothing`;
}

/** Wait before attempt n+1: 30 s, 1 min, 2 min, … capped at one hour. */
function backoffMs(attempts: number): number {
  return Math.min(30_000 * 2 ** (attempts - 1), 3_600_000);
}

/** Messages claimed by one pass of the worker. */
const MAIL_BATCH = 20;

/** Sends the queued messages that are due (at most `batch`); returns how many were sent. */
export async function deliverDueMail(deps: OutboxDeps, batch = MAIL_BATCH): Promise<number> {
  return (await deliverBatch(deps, batch)).sent;
}

/** Claims up to `batch` due messages and sends them; returns how many it claimed and how many went out. */
async function deliverBatch(deps: OutboxDeps, batch: number): Promise<{ claimed: number; sent: number }> {
  const claimed = await selectRows<{
    id: string;
    kind: 'order-confirmation' | 'account';
    order_id: string | null;
    message: AccountMessage | null;
    attempts: number;
  }>(
    deps.db,
    sql`update ${mailOutbox} set locked_until = now() + ${`${CLAIM_MS} milliseconds`}::interval,
          attempts = attempts + 1
        where id in (
          select id from ${mailOutbox}
          where sent_at is null and next_attempt_at <= now() and attempts < ${MAX_MAIL_ATTEMPTS}
            and (locked_until is null or locked_until < now())
          order by next_attempt_at limit ${batch} for update skip locked)
        returning id, kind, order_id, message, attempts`,
  );
  const sent: string[] = [];
  for (const row of claimed) {
    try {
      if (row.kind === 'account') {
        if (row.message) await deps.mailer.send({ key: `account-${row.id}`, ...row.message });
      } else if (row.order_id) {
        await sendOrderConfirmation(deps, row.order_id);
      }
      sent.push(row.id);
    } catch (err) {
      deps.log.error(
        { err, kind: row.kind, orderId: row.order_id ?? undefined, attempts: row.attempts },
        'mail failed',
      );
      await deps.db
        .update(mailOutbox)
        .set({
          lockedUntil: null,
          lastError: String((err as Error).message ?? err).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
    }
  }
  // The batch's sent messages are marked in one statement. A crash before it leaves them claimed: after CLAIM_MS
  // they are sent again, with the same idempotency keys, as a crash between a send and its mark always could.
  if (sent.length > 0) {
    await deps.db
      .update(mailOutbox)
      .set({ sentAt: new Date(), lockedUntil: null, message: null })
      .where(inArray(mailOutbox.id, sent));
  }
  return { claimed: claimed.length, sent: sent.length };
}

async function sendOrderConfirmation(deps: OutboxDeps, orderId: string): Promise<void> {
  // An order deleted since it was paid, or whose buyer is gone, has nothing left to confirm.
  const found = await orderWithBuyer(deps.db, deps.images, orderId);
  if (!found) return;
  const { order, ...user } = found;
  // A guest's order (issue 41) is reached by a signed link, issued as the message goes out (a resend after a crash
  // issues another; each opens only this order).
  const orderToken = user.guest ? await issueOrderLink(deps.db, order._id) : undefined;
  const { address, city, state, pincode, phone, notes, name, country } = order.address;
  await deps.mailer.send({
    key: `order-confirmation-${order._id}`,
    ...orderConfirmationMessage({
      to: user.email,
      userName: user.userName,
      orderId: order._id,
      orderNumber: order.orderNumber,
      orderDate: new Date(order.orderDate),
      items: order.cartItems.map((i) => ({
        title: titleWithOptions(i.title, i.options),
        quantity: i.quantity,
        unitPriceCents: toCents(i.price),
        image: i.image,
      })),
      totalCents: toCents(order.totalPrice),
      pricing: order.pricing,
      address: { address, city, state, pincode, phone, notes, name, country },
      shopUrl: deps.shopUrl,
      orderToken,
    }),
  });
}

/** Runs `deliverDueMail` in the background: `kick` starts a pass (or one more after the current); `drain` waits. */
export interface MailWorker {
  kick(): void;
  drain(): Promise<void>;
}

export function createMailWorker(deps: OutboxDeps): MailWorker {
  let running: Promise<void> | undefined;
  let again = false;
  const pass = async (): Promise<void> => {
    do {
      again = false;
      try {
        // A batch claimed short of full left nothing due behind it: no pass that claims nothing (one statement
        // less per order in a flash sale). A message queued meanwhile kicks another pass (`again`).
        while ((await deliverBatch(deps, MAIL_BATCH)).claimed === MAIL_BATCH);
      } catch (err) {
        deps.log.error({ err }, 'mail outbox pass failed');
      }
    } while (again);
    running = undefined;
  };
  return {
    kick() {
      if (running) again = true;
      else running = pass();
    },
    drain: async () => {
      await running;
    },
  };
}

/**
 * The order timeline's recorded events (issue 26, table `order_events`): written by the transaction that makes the
 * change, so an event exists if and only if the change committed. Placed and paid are read from the order row.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderEvents, users } from '../../db/schema.ts';

/** Who acted: an admin or the shopper (their user id); none for the shop itself (payment, reconciliation). */
export interface Actor {
  userId: string;
}

/** One event of `orderEvents.kind`; `amountCents` for refunds, `note` for a reason. */
export interface OrderEventInput {
  orderId: string;
  kind: (typeof orderEvents.$inferInsert)['kind'];
  actor?: Actor;
  amountCents?: number;
  note?: string | null;
}

/** Records the event inside `tx`, with the actor's name and role as they are now (a later rename keeps the old). */
export async function recordOrderEvent(tx: Db, event: OrderEventInput): Promise<void> {
  const [who] = event.actor
    ? await tx
        .select({ name: users.userName, role: users.role })
        .from(users)
        .where(eq(users.id, event.actor.userId))
    : [];
  await tx.insert(orderEvents).values({
    orderId: event.orderId,
    kind: event.kind,
    amountCents: event.amountCents ?? null,
    actorId: who ? event.actor!.userId : null,
    actorName: who?.name ?? null,
    actorRole: who?.role ?? null,
    note: event.note ?? null,
  });
}

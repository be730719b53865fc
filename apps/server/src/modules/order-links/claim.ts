/**
 * Claim on proof (issue 41): when an account proves its e-mail address (the verification link, a confirmed e-mail
 * change, a password reset through a link mailed to it), the paid guest orders placed with that address become the
 * account's. Never at registration or sign-in alone, never for an address nobody proved: whoever registers may type
 * anyone's address. Unpaid guest checkouts stay the guest's. A claimed order's links are revoked (the account reaches
 * it now) and its withdrawal, if any, follows it. Runs inside the proving transaction, so the proof and the claim
 * commit together.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderLinks, orders, withdrawals } from '../../db/schema.ts';

/**
 * Moves the paid guest orders whose address is `email` (an account's, already lower-cased) to `userId`, inside `tx`.
 * Returns how many it moved.
 */
export async function claimGuestOrders(tx: Db, userId: string, email: string): Promise<number> {
  const claimed = await tx
    .update(orders)
    .set({ userId, guestEmail: null })
    .where(and(eq(orders.guestEmail, email.trim().toLowerCase()), isNotNull(orders.paidAt)))
    .returning({ id: orders.id });
  if (claimed.length === 0) return 0;
  const ids = claimed.map((o) => o.id);
  await tx.update(withdrawals).set({ userId }).where(inArray(withdrawals.orderId, ids));
  await tx
    .update(orderLinks)
    .set({ revokedAt: new Date() })
    .where(and(inArray(orderLinks.orderId, ids), isNull(orderLinks.revokedAt)));
  return claimed.length;
}

/**
 * Signed order links (issue 41 "Guest checkout"): an opaque token that opens exactly one guest order, without a
 * session, for `ORDER_LINK_DAYS` (90) days: long enough for the 14 days of withdrawal after a late delivery
 * (Directive 2023/2673 applies to guests too). The token is 32 random bytes as base64url; only its SHA-256 is stored
 * (`order_links`, like sessions and account tokens). A link is revoked when its order joins an account (claim.ts):
 * the account then reaches it.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ORDER_LINK_DAYS, ORDER_LINK_INVALID, ORDER_LINK_TOKEN_MAX } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { orderLinks, orders } from '../../db/schema.ts';
import { notFound } from '../../lib/http-error.ts';
import { hashToken } from '../auth/session.service.ts';

/** How long a link opens its order (ms). */
export const ORDER_LINK_TTL_MS = ORDER_LINK_DAYS * 24 * 3_600_000;

/** A token as issued: 43 base64url characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export type OrderLinkPurpose = (typeof orderLinks.purpose.enumValues)[number];

/**
 * Issues a new link to `orderId` inside the caller's transaction (the e-mail that carries it is queued in the same
 * one, or sent right after) and returns its token, which is never stored. `now` is for tests.
 */
export async function issueOrderLink(
  tx: Db,
  orderId: string,
  purpose: OrderLinkPurpose = 'order-mail',
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx.insert(orderLinks).values({
    orderId,
    tokenHash: hashToken(token),
    purpose,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ORDER_LINK_TTL_MS),
  });
  return token;
}

/**
 * The id of the guest order `token` opens. 404 {@link ORDER_LINK_INVALID} — the same answer — for a token that is
 * malformed, unknown, altered, expired (90 days), revoked, or whose order has joined an account since.
 */
export async function orderIdForLink(db: Db, token: string, now = new Date()): Promise<string> {
  if (token.length > ORDER_LINK_TOKEN_MAX || !TOKEN_SHAPE.test(token)) throw notFound(ORDER_LINK_INVALID);
  const [row] = await db
    .select({ orderId: orderLinks.orderId })
    .from(orderLinks)
    .innerJoin(orders, eq(orders.id, orderLinks.orderId))
    .where(
      and(
        eq(orderLinks.tokenHash, hashToken(token)),
        isNull(orderLinks.revokedAt),
        gt(orderLinks.expiresAt, now),
        isNull(orders.userId),
      ),
    )
    .limit(1);
  if (!row) throw notFound(ORDER_LINK_INVALID);
  return row.orderId;
}

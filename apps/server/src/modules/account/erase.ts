/**
 * "Download my data" and "Delete my account" (issue 25; DESIGN.md §4 "account deletion removes personal data and
 * keeps orders anonymised for the shop's accounts"; GDPR articles 15, 17 and 20).
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AccountExport, AuthUser } from '@emporium/contract';
import { transactionWithRetry, type Db } from '../../db/client.ts';
import {
  accountTokens,
  addresses,
  carts,
  mailOutbox,
  orders,
  products,
  recoveryCodes,
  reviews,
  sessions,
  users,
} from '../../db/schema.ts';
import { conflict, unauthorized } from '../../lib/http-error.ts';
import { accountMessage, hello } from '../../mail/account-mail.ts';
import { queueAccountMail } from '../../mail/outbox.ts';
import type { CatalogChanges, StockMove } from '../../lib/catalog-cache.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { listAddresses } from '../addresses/service.ts';
import { cancelOrderInTx, ERASED_ACCOUNT_MESSAGE } from '../orders/capture.ts';
import { listOrders } from '../orders/order-view.ts';
import { standingPurchase } from '../reviews/service.ts';
import { checkCurrentPassword } from './password-check.ts';
import type { AccountDeps } from './service.ts';
import { toAccountSession } from './sessions.ts';

/** The name an erased account's reviews and orders show. */
export const FORMER_CUSTOMER = 'Former customer';
/** What an erased account's orders keep in their address field; the other personal fields become empty. */
export const ERASED_ADDRESS = 'Erased at the customer\u2019s request';
export const LAST_ADMIN =
  'You are the shop\u2019s last administrator. Make another account an administrator before deleting this one.';

/** The e-mail an erased account keeps: unique, never deliverable (`.invalid`, RFC 2606), frees the old one. */
export function erasedEmail(userId: string): string {
  return `deleted-${userId}@deleted.invalid`;
}

/**
 * Everything the shop keeps about `userId`: profile, saved addresses, orders with their lines, reviews and sessions
 * (live and ended). Never a password or token hash, TOTP secret or recovery code.
 */
export async function exportAccount(
  db: Db,
  images: ImageStore,
  userId: string,
  shopCountry: string,
): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user || user.deletedAt) throw unauthorized();
  const reviewRows = await db
    .select({
      review: reviews,
      productTitle: products.title,
      verified: standingPurchase(sql`${reviews.userId}`, sql`${reviews.productId}`),
    })
    .from(reviews)
    .leftJoin(products, eq(products.id, reviews.productId))
    .where(eq(reviews.userId, userId))
    .orderBy(desc(reviews.createdAt));
  const sessionRows = await db
    .select()
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      userId: user.id,
      userName: user.userName,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt.toISOString(),
      emailVerifiedAt: user.emailVerifiedAt?.toISOString() ?? null,
      twoFactorEnabled: user.totpEnabledAt !== null,
    },
    addresses: await listAddresses(db, userId, shopCountry),
    // Every order the shop holds for the account, those an admin archived included (GDPR Art. 15).
    orders: await listOrders(db, images, { userId, limit: 100_000 }),
    reviews: reviewRows.map(({ review: r, productTitle, verified }) => ({
      _id: r.id,
      productId: r.productId,
      productTitle,
      userId: r.userId,
      user: { _id: r.userId },
      userName: user.userName,
      rating: r.rating,
      comment: r.comment,
      verified,
      createdAt: r.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((s) => {
      const { current: _current, ...view } = toAccountSession(s, undefined);
      return { ...view, revokedAt: s.revokedAt?.toISOString() ?? null };
    }),
  };
}

export const ERASE_WHILE_CAPTURING =
  'A payment for one of your orders is being processed. Please try again in a minute.';

/** What erasure needs beyond the account's own: the unpaid orders it cancels (issue 46). */
export interface ErasureDeps extends AccountDeps {
  /** The payment provider: the approvals of the cancelled orders are voided there (best effort, after the commit). */
  payments: Pick<PaymentProvider, 'voidPayment'>;
  /** Told of stock a cancelled order gave back. */
  catalog: Pick<CatalogChanges, 'stockMoved'>;
  log: FastifyBaseLogger;
}

/**
 * Erases the caller's account after checking the password (throttled). In one transaction: its unpaid orders are
 * cancelled as the reconciliation job cancels an abandoned one (orders/capture.ts cancelOrderInTx: stock and discount
 * code uses given back, the payment cancelled so that a late approval is never captured; issue 46), its sessions,
 * addresses, cart, account tokens, recovery codes and unsent account mail are deleted; the users row is anonymised
 * (e-mail {@link erasedEmail}, name {@link FORMER_CUSTOMER}, the hash of a random password, no TOTP, `deleted_at`
 * set) so its orders keep their totals for the shop's accounts while their address fields are erased; reviews stay
 * and show {@link FORMER_CUSTOMER}. The e-mail can register again at once. A "your account was deleted" message
 * goes to the old address. After the commit the cancelled orders' payments are voided at the provider. 409
 * {@link LAST_ADMIN} for the shop's last administrator; 409 {@link ERASE_WHILE_CAPTURING} while a capture of one of
 * its orders is in flight (nothing changes: the capture finishes or the reconciliation job settles it first).
 */
export async function deleteAccount(
  db: Db,
  deps: ErasureDeps,
  user: AuthUser,
  password: string,
): Promise<void> {
  const account = await checkCurrentPassword(db, deps, user.userId, password);
  const passwordHash = await deps.hasher.hash(randomBytes(32).toString('base64url'));
  const unpaid: Array<{ paymentId: string | null }> = [];
  const restocked: StockMove[] = [];
  const endedHashes = await transactionWithRetry(db, async (tx) => {
    unpaid.length = 0;
    restocked.length = 0;
    if (account.role === 'admin') {
      // Locks the live admins, so two admins deleting themselves at once cannot leave the shop with none.
      const admins = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
        .for('update');
      if (admins.filter((a) => a.id !== account.id).length === 0) throw conflict(LAST_ADMIN);
    }
    // The unpaid orders, locked: a capture claims an order only while it is pending and not capturing, so one that
    // claimed first is seen here (and refused), and one that comes later finds the order cancelled.
    const pending = await tx
      .select({ id: orders.id, paymentId: orders.paymentId, capturingSince: orders.capturingSince })
      .from(orders)
      .where(and(eq(orders.userId, account.id), eq(orders.paymentStatus, 'pending')))
      .orderBy(orders.id)
      .for('update');
    if (pending.some((o) => o.capturingSince !== null)) throw conflict(ERASE_WHILE_CAPTURING);
    for (const order of pending) {
      const cancelled = await cancelOrderInTx(tx, order.id, ERASED_ACCOUNT_MESSAGE);
      if (cancelled.restocked) restocked.push(cancelled.restocked);
      unpaid.push(order);
    }
    const ended = await tx
      .delete(sessions)
      .where(eq(sessions.userId, account.id))
      .returning({ hash: sessions.tokenHash });
    await tx.delete(addresses).where(eq(addresses.userId, account.id));
    await tx.delete(carts).where(eq(carts.userId, account.id));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, account.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, account.id));
    // Unsent messages to the old address (a reset link, say) would carry its personal data and links.
    await tx
      .delete(mailOutbox)
      .where(
        and(
          eq(mailOutbox.kind, 'account'),
          isNull(mailOutbox.sentAt),
          sql`${mailOutbox.message}->>'to' = ${account.email}`,
        ),
      );
    await tx
      .update(orders)
      .set({
        address: ERASED_ADDRESS,
        city: '',
        state: '',
        pincode: '',
        phone: '',
        notes: '',
        recipientName: null,
        addressId: null,
      })
      .where(eq(orders.userId, account.id));
    await tx
      .update(users)
      .set({
        email: erasedEmail(account.id),
        userName: FORMER_CUSTOMER,
        passwordHash,
        role: 'user',
        emailVerifiedAt: null,
        totpSecret: null,
        totpEnabledAt: null,
        totpLastStep: null,
        deletedAt: new Date(),
      })
      .where(eq(users.id, account.id));
    await queueAccountMail(
      tx,
      accountMessage({
        to: account.email,
        subject: 'Your Emporium account was deleted',
        heading: 'Your account was deleted',
        paragraphs: [
          `${hello(account)} your Emporium account and the personal data it held were deleted as you asked.`,
          ...(pending.length > 0
            ? ['Your unpaid orders were cancelled: nothing will be charged for them.']
            : []),
          'Your past orders stay in the shop\u2019s accounts without your name or address. You can register again with this address at any time.',
          'If this wasn\u2019t you, reply to this message right away.',
        ],
        footer: 'This is the last message you receive about this account.',
      }),
    );
    return ended.map((s) => s.hash);
  });
  deps.sessions.revokeHashes(endedHashes);
  for (const move of restocked) deps.catalog.stockMoved(move);
  deps.kickMail?.();
  // The orders are cancelled, so no capture will take the money whatever the provider says; voiding the approval
  // there as well tells the shopper's PayPal (or the sandbox page) at once.
  for (const { paymentId } of unpaid) {
    if (!paymentId) continue;
    try {
      await deps.payments.voidPayment(paymentId, { db });
    } catch (err) {
      deps.log.warn(
        { err, paymentId },
        'could not void the payment of an order cancelled by an account erasure',
      );
    }
  }
}

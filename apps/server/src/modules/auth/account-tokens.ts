/**
 * Voiding an account's pending links and challenges (issue 46 "account takeover paths"). A change of credentials
 * (password change, password reset, "sign out everywhere") must end everything that was started with the old ones:
 * an e-mail change requested by someone who knew the password, a two-factor challenge opened with it, a reset link
 * sent before. Voided tokens stay as rows (`used_at` set): the per-hour mail caps still count them.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accountTokens } from '../../db/schema.ts';

export type AccountTokenPurpose = (typeof accountTokens.purpose.enumValues)[number];

/**
 * Marks every unused token of `userId` with one of `purposes` as used, so none of them works any more (the
 * consumers all require `used_at is null`). Run it in the transaction of the change that voids them. Returns how
 * many it voided.
 */
export async function voidAccountTokens(
  tx: Db,
  userId: string,
  purposes: AccountTokenPurpose[],
): Promise<number> {
  const voided = await tx
    .update(accountTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(accountTokens.userId, userId),
        inArray(accountTokens.purpose, purposes),
        isNull(accountTokens.usedAt),
      ),
    )
    .returning({ id: accountTokens.id });
  return voided.length;
}

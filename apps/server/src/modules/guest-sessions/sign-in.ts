/**
 * What signing in does to a guest's cart in the open storefront (issue 41): the cart of the request's guest cookie
 * moves into the account's cart (modules/cart mergeGuestCart), the guest session ends and its cookie is cleared.
 * The answer's `cartNotice` tells the shopper, and names the products of which fewer units could be kept.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { mergeGuestCart, type CartMerge } from '../cart/service.ts';
import { clearGuestCookie, readGuestToken, resolveGuestSession } from './service.ts';

/** Run by the login routes after a session was created for `userId`; resolves the notice for the shopper, if any. */
export type AfterSignIn = (
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) => Promise<string | undefined>;

/** The shopper's notice of a merge ("The 2 items you added before signing in are in your cart. …"). */
export function cartNotice({ merged, capped }: CartMerge): string | undefined {
  if (merged === 0 && capped.length === 0) return undefined;
  const moved =
    merged === 0
      ? 'The items you added before signing in could not be added to your cart.'
      : `The ${merged === 1 ? 'item' : `${merged} items`} you added before signing in ${merged === 1 ? 'is' : 'are'} in your cart.`;
  if (capped.length === 0) return moved;
  return `${moved} Fewer than you chose of ${capped.join(', ')}: limited by the stock left or the cart's limits.`;
}

/** The AfterSignIn of the open storefront: merges the guest cookie's cart, if there is one, into the account's. */
export function mergeGuestCartOnSignIn(db: Db): AfterSignIn {
  return async (request, reply, userId) => {
    const token = readGuestToken(request);
    if (!token) return undefined;
    clearGuestCookie(reply);
    const guest = await resolveGuestSession(db, token);
    if (!guest) return undefined;
    return cartNotice(await mergeGuestCart(db, guest.id, userId));
  };
}

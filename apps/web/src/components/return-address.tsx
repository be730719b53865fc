import { useEffect, useState } from 'react';
import type { ReturnSettings, ReturnsResponse } from '@emporium/contract';
import { PostalAddress } from '@/components/postal-address';
import { apiRequest } from '@/lib/api';

/** The shop's return settings as read once per page load (`GET /api/shop/returns`); null when none are set. */
let returnsRead: Promise<ReturnSettings | null> | undefined;

function readReturns(): Promise<ReturnSettings | null> {
  returnsRead ??= apiRequest<ReturnsResponse>('/api/shop/returns').then(
    (body) => body.data,
    (error: unknown) => {
      // Not kept: the next withdrawal notice asks again.
      returnsRead = undefined;
      throw error;
    },
  );
  return returnsRead;
}

/**
 * Where a withdrawing shopper sends the items (issue 40, item 14): the shop's return address (a whole postal
 * address) and its instructions, from the Settings page; when the shop set none, or they cannot be read, it says to
 * contact the shop.
 */
export function ReturnAddress() {
  // undefined while reading.
  const [returns, setReturns] = useState<ReturnSettings | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    readReturns().then(
      (r) => live && setReturns(r),
      () => live && setReturns(null),
    );
    return () => {
      live = false;
    };
  }, []);

  if (returns === undefined) return <p className="text-neutral-600">Loading the return address...</p>;
  if (returns === null) {
    return <p data-testid="return-address-none">Please contact the shop to learn where to send the items.</p>;
  }
  return (
    <div className="space-y-1 break-words" data-testid="return-address">
      <p className="font-semibold">Return address</p>
      <PostalAddress address={returns} />
      {returns.instructions && (
        <p className="whitespace-pre-line text-neutral-700" data-testid="return-instructions">
          {returns.instructions}
        </p>
      )}
    </div>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Order } from '@emporium/contract';
import type { OrderActionHandlers } from '@/components/order-actions';
import { OrderDetails } from '@/components/order-details';
import { errorMessage } from '@/lib/api';
import { cancelLinkedOrder, getLinkedOrder, withdrawLinkedOrder } from './order-link-api';

/**
 * `/shop/order/:token` (issue 41): the order a signed link from an e-mail opens, for a guest without an account and
 * in either storefront mode, outside the login guard: its details, timeline and tracking, Cancel order and Withdraw
 * from contract (the order-details components the account uses). A link that opens nothing shows the server's one
 * message and the way to a new link.
 */
export function OrderLinkPage() {
  const { token = '' } = useParams();
  const [state, setState] = useState<
    { kind: 'loading' } | { kind: 'order'; order: Order } | { kind: 'error'; text: string }
  >({ kind: 'loading' });

  // Bumped to read the order again (after a refused action: it may have shipped meanwhile).
  const [reads, setReads] = useState(0);

  useEffect(() => {
    let active = true;
    getLinkedOrder(token).then(
      (order) => active && setState({ kind: 'order', order }),
      (error: unknown) =>
        active &&
        setState({ kind: 'error', text: errorMessage(error, 'Could not open the order. Please try again.') }),
    );
    return () => {
      active = false;
    };
  }, [token, reads]);

  const actions = useMemo<OrderActionHandlers>(() => {
    const act = async (call: () => Promise<{ message: string; data: Order }>, fallback: string) => {
      try {
        const answer = await call();
        setState({ kind: 'order', order: answer.data });
        return { ok: true as const, message: answer.message };
      } catch (error) {
        // Refused (e.g. it shipped meanwhile): show the order as it really is now.
        setReads((n) => n + 1);
        return { ok: false as const, message: errorMessage(error, fallback) };
      }
    };
    return {
      cancel: (reason) => act(() => cancelLinkedOrder(token, reason), 'Failed to cancel the order'),
      withdraw: (reason) => act(() => withdrawLinkedOrder(token, reason), 'Failed to send the withdrawal'),
    };
  }, [token]);

  return (
    <main className="min-h-screen bg-neutral-50 px-4 py-6 sm:px-6">
      <div className="mx-auto w-full max-w-2xl space-y-5 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm sm:p-6">
        <p className="text-lg font-extrabold">Emporium</p>
        {state.kind === 'order' ? (
          <>
            <h1 className="text-2xl font-bold">
              Your order <span className="text-neutral-600">#{state.order.orderNumber}</span>
            </h1>
            <OrderDetails order={state.order} actions={actions} />
          </>
        ) : state.kind === 'error' ? (
          <>
            <h1 className="text-2xl font-bold">Your order</h1>
            <p role="alert" className="text-red-700">
              {state.text}
            </p>
            <Link
              to="/shop/find-order"
              className="inline-flex min-h-11 items-center font-semibold underline underline-offset-2"
            >
              Find my order
            </Link>
          </>
        ) : (
          <p className="text-neutral-600">Loading your order...</p>
        )}
      </div>
    </main>
  );
}

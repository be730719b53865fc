import { Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { StateBadge } from '@/components/ui/state-badge';
import { useSessionUser } from '@/app/session';
import { formatPrice } from '@/lib/format';
import { linkedOrderId } from '@/lib/payment-return';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { lazyComponent } from '@/lib/lazy-component';
import { useReached } from '@/lib/use-reached';
import {
  fetchOrderDetails,
  fetchOrdersByUser,
  ORDER_HISTORY_PAGE_SIZE,
  selectShopOrders,
} from './orders-slice';

// The details dialog (Radix Dialog, the item carousel, the order's actions and timeline) downloads when the shopper
// first asks for it; pointing at or focusing View Details starts the download (issue 46: first-load budget).
const orderDetailsDialog = lazyComponent(
  () => import('./order-details-dialog'),
  (m) => m.OrderDetailsDialog,
);

/** A row: a two-column card below `sm`, a table row from `sm` on. */
const row =
  'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-neutral-100 sm:p-0';
const cell = 'min-w-0 break-words sm:py-2 sm:pr-3';
/** The column name shown inside the cell on a phone, where the header row is hidden. */
const cellLabel = 'block text-xs text-neutral-600 sm:hidden';

/**
 * Order History (spec §2 Account › Orders): S.No, Order (the order's number, `#1001`, issue 26), Order Date, Order
 * Amount, Order Status, View Details; ten orders a page (newest first) with Previous / Page n of m / Next under the
 * table once there is more than one page. S.No counts on across pages. `/shop/account?order=<id>` opens that order's
 * details (issue 40).
 */
export function OrderHistory() {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { orderList, pagination, isLoading, orderDetails, isDetailsLoading } =
    useAppSelector(selectShopOrders);
  const userId = user?.userId;
  const detailsUsed = useReached(orderDetails !== null || isDetailsLoading);

  useEffect(() => {
    if (userId) void dispatch(fetchOrdersByUser({ userId, page: 1 }));
  }, [dispatch, userId]);

  // An order link (`?order=<id>`, the e-mails' "View your order", issue 40 item 10) opens that order's details once;
  // the query is dropped so that closing the dialog and reloading does not open it again.
  const [params, setParams] = useSearchParams();
  const linked = linkedOrderId(params);
  useEffect(() => {
    if (!userId || !linked) return;
    setParams(
      (p) => {
        p.delete('order');
        return p;
      },
      { replace: true },
    );
    void dispatch(fetchOrderDetails(linked)).then((result) => {
      if (fetchOrderDetails.rejected.match(result)) {
        toast({
          title: 'This order could not be opened',
          description: result.payload,
          variant: 'destructive',
        });
      }
    });
  }, [dispatch, userId, linked, setParams]);

  // A page emptied meanwhile (orders removed by the shop): show the last page there is instead.
  useEffect(() => {
    if (userId && pagination && orderList.length === 0 && pagination.page > pagination.pages) {
      void dispatch(fetchOrdersByUser({ userId, page: pagination.pages }));
    }
  }, [dispatch, userId, pagination, orderList.length]);

  const page = pagination?.page ?? 1;
  const pages = pagination?.pages ?? 1;
  const firstNumber = (page - 1) * (pagination?.limit ?? ORDER_HISTORY_PAGE_SIZE);
  const goTo = (next: number) => {
    if (!userId || isLoading || next < 1 || next > pages) return;
    void dispatch(fetchOrdersByUser({ userId, page: next }));
  };

  return (
    <section aria-labelledby="order-history-heading" className="space-y-4">
      <h2 id="order-history-heading" className="text-xl font-bold">
        Order History
      </h2>
      {isLoading && orderList.length === 0 ? (
        <p className="text-neutral-600">Loading orders...</p>
      ) : (
        // Below `sm` each row is a stacked card with its own labels (the header row is hidden), so nothing scrolls
        // sideways on a phone; from `sm` on it is the plain table.
        <div className="relative">
          <table aria-busy={isLoading} className="block w-full text-left text-sm sm:table">
            <thead className="hidden border-b border-neutral-200 text-neutral-600 sm:table-header-group">
              <tr>
                <th className="py-2 pr-3 font-semibold">S.No</th>
                <th className="py-2 pr-3 font-semibold">Order</th>
                <th className="py-2 pr-3 font-semibold">Order Date</th>
                <th className="py-2 pr-3 font-semibold">Order Amount</th>
                <th className="py-2 pr-3 font-semibold">Order Status</th>
                <th className="py-2 font-semibold">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody className="block space-y-3 sm:table-row-group sm:space-y-0">
              {orderList.length === 0 ? (
                <tr className="block sm:table-row">
                  <td colSpan={6} className="block py-6 text-center text-neutral-600 sm:table-cell">
                    No orders found
                  </td>
                </tr>
              ) : (
                orderList.map((order, i) => (
                  <tr key={order._id} data-testid="order-row" className={row}>
                    <td className={cell}>
                      <span className={cellLabel}>S.No</span>
                      {firstNumber + i + 1}
                    </td>
                    <td className={cn(cell, 'font-semibold')} data-testid="order-number">
                      <span className={cn(cellLabel, 'font-normal')}>Order</span>
                      <span>#{order.orderNumber}</span>
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Date</span>
                      {new Date(order.orderDate).toLocaleDateString('en-US')}
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Amount</span>
                      {formatPrice(order.totalPrice)}
                    </td>
                    <td className={cell}>
                      <span className={cellLabel}>Order Status</span>
                      <StateBadge kind="order" status={order.orderStatus} />
                    </td>
                    <td className="col-span-2 pt-2 sm:py-2 sm:text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        className="h-11 w-full sm:h-9 sm:w-auto"
                        onPointerEnter={orderDetailsDialog.preload}
                        onFocus={orderDetailsDialog.preload}
                        onClick={() => void dispatch(fetchOrderDetails(order._id))}
                      >
                        View Details
                      </Button>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          {pages > 1 && (
            <nav
              aria-label="Order history pages"
              className="mt-4 flex items-center justify-between gap-2 text-sm"
            >
              {/* aria-disabled, not disabled: a button that becomes disabled under the keyboard focus drops it. */}
              <Button
                size="sm"
                variant="outline"
                className="h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:h-9"
                aria-disabled={page <= 1}
                onClick={() => goTo(page - 1)}
              >
                Previous
              </Button>
              <span aria-live="polite">{`Page ${page} of ${pages} · ${pagination?.total ?? 0} orders`}</span>
              <Button
                size="sm"
                variant="outline"
                className="h-11 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 sm:h-9"
                aria-disabled={page >= pages}
                onClick={() => goTo(page + 1)}
              >
                Next
              </Button>
            </nav>
          )}
        </div>
      )}
      {detailsUsed && (
        <Suspense fallback={null}>
          <orderDetailsDialog.Component />
        </Suspense>
      )}
    </section>
  );
}

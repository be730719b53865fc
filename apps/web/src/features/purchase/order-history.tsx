import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { useSessionUser } from '@/app/session';
import { formatPrice } from '@/lib/format';
import { OrderDetailsDialog } from './order-details-dialog';
import { fetchOrderDetails, fetchOrdersByUser, selectShopOrders } from './orders-slice';
import { OrderStatusBadge } from './status-badges';

/** Order History (spec §2 Account › Orders): S.No, Order Date, Order Amount, Order Status, View Details. */
export function OrderHistory() {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { orderList, isLoading } = useAppSelector(selectShopOrders);

  useEffect(() => {
    if (user) void dispatch(fetchOrdersByUser(user.userId));
  }, [dispatch, user]);

  return (
    <section aria-labelledby="order-history-heading" className="space-y-4">
      <h2 id="order-history-heading" className="text-xl font-bold">
        Order History
      </h2>
      {isLoading && orderList.length === 0 ? (
        <p className="text-neutral-600">Loading orders...</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[520px] text-left text-sm">
            <thead className="border-b border-neutral-200 text-neutral-600">
              <tr>
                <th className="py-2 pr-3 font-semibold">S.No</th>
                <th className="py-2 pr-3 font-semibold">Order Date</th>
                <th className="py-2 pr-3 font-semibold">Order Amount</th>
                <th className="py-2 pr-3 font-semibold">Order Status</th>
                <th className="py-2 font-semibold">
                  <span className="sr-only">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {orderList.length === 0 ? (
                <tr>
                  <td colSpan={5} className="py-6 text-center text-neutral-600">
                    No orders found
                  </td>
                </tr>
              ) : (
                orderList.map((order, i) => (
                  <tr key={order._id} data-testid="order-row" className="border-b border-neutral-100">
                    <td className="py-2 pr-3">{i + 1}</td>
                    <td className="py-2 pr-3">{new Date(order.orderDate).toLocaleDateString('en-US')}</td>
                    <td className="py-2 pr-3">{formatPrice(order.totalPrice)}</td>
                    <td className="py-2 pr-3">
                      <OrderStatusBadge status={order.orderStatus} />
                    </td>
                    <td className="py-2 text-right">
                      <Button
                        size="sm"
                        variant="outline"
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
        </div>
      )}
      <OrderDetailsDialog />
    </section>
  );
}

import { useMemo } from 'react';
import type { Order } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import type { OrderActionHandlers } from '@/components/order-actions';
import { OrderDetails } from '@/components/order-details';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import {
  cancelOrder,
  fetchOrderDetails,
  orderDetailsCleared,
  selectShopOrders,
  withdrawOrder,
} from './orders-slice';

/**
 * The shopper's order details dialog (spec §2 Account): titled "Order Details" and the order's number (`#1001`, issue
 * 26); the spec's Order ID row (# and the last 6 characters of the id) stays. Issue 26 adds the refunded amount, the
 * shipment, Cancel order and Withdraw from contract (order-actions.tsx) and the order's timeline; issue 40 prints
 * the shipping info as a whole postal address (recipient, street, town, country, phone; item 5).
 */
export function OrderDetailsDialog() {
  const dispatch = useAppDispatch();
  const { orderDetails, isDetailsLoading } = useAppSelector(selectShopOrders);
  const open = orderDetails !== null || isDetailsLoading;

  return (
    <Dialog open={open} onOpenChange={(o) => !o && dispatch(orderDetailsCleared())}>
      <DialogContent size="xl">
        <DialogTitle className="text-xl font-bold">
          Order Details
          {orderDetails && ' '}
          {orderDetails && (
            <span className="ml-1 text-neutral-600" data-testid="order-details-number">
              #{orderDetails.orderNumber}
            </span>
          )}
        </DialogTitle>
        {orderDetails ? (
          <ShopperOrderDetails key={orderDetails._id} order={orderDetails} />
        ) : (
          <DialogDescription>
            {isDetailsLoading ? 'Loading order details...' : 'No order details found'}
          </DialogDescription>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The details with the signed-in shopper's actions: a refused one re-reads the order (it may have shipped). */
function ShopperOrderDetails({ order }: { order: Order }) {
  const dispatch = useAppDispatch();
  const actions = useMemo<OrderActionHandlers>(() => {
    const refused = (message: string | undefined, fallback: string) => {
      void dispatch(fetchOrderDetails(order._id));
      return { ok: false as const, message: message ?? fallback };
    };
    return {
      async cancel(reason) {
        const result = await dispatch(cancelOrder({ orderId: order._id, reason }));
        return cancelOrder.fulfilled.match(result)
          ? { ok: true, message: result.payload.message }
          : refused(result.payload, 'Failed to cancel the order');
      },
      async withdraw(reason) {
        const result = await dispatch(withdrawOrder({ orderId: order._id, reason }));
        return withdrawOrder.fulfilled.match(result)
          ? { ok: true, message: result.payload.message }
          : refused(result.payload, 'Failed to send the withdrawal');
      },
    };
  }, [dispatch, order._id]);
  return (
    <>
      <DialogDescription className="sr-only">Order #{order.orderNumber}</DialogDescription>
      <OrderDetails order={order} actions={actions} />
    </>
  );
}

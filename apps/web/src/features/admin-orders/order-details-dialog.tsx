import { useEffect, useState } from 'react';
import { OrderPricingRows } from '@/components/order-pricing';
import { isPaid, paymentMethodLabel, variantLabel, type AdminOrder } from '@emporium/contract';
import { formatDateTime, OrderTimeline } from '@/components/order-timeline';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { StateBadge } from '@/components/ui/state-badge';
import { toast } from '@/components/ui/toast-store';
import { formatPrice } from '@/lib/format';
import { PostalAddress } from '@/components/postal-address';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { deleteOrder, fetchOrderDetails, selectAdminOrders } from '@/app/admin-slices';
import { balanceCents, RefundDialog } from './refund-dialog';
import { StatusControl } from './status-control';

const na = (v: string | null | undefined) => (v && v.trim() ? v : 'N/A');

/**
 * Order Details (spec §4): the order, its lines and shipping, a status select (status-control.tsx) and Delete
 * (confirmed first). The select offers only the order's status and those it may move to (issue 26, contract
 * `ADMIN_ORDER_TRANSITIONS`); every change ends in a success or failure toast (a refused one names both statuses),
 * and the order is refetched. Issue 26 adds Refund on a paid order with a balance (refund-dialog.tsx), the refunded
 * amount, the shopper's withdrawal and the timeline with who acted.
 */
export function OrderDetailsDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { orderDetails: order, detailsMissing: missing } = useAppSelector(selectAdminOrders);
  const [confirming, setConfirming] = useState(false);
  const [refunding, setRefunding] = useState(false);

  useEffect(() => {
    void dispatch(fetchOrderDetails(orderId));
  }, [dispatch, orderId]);

  async function remove() {
    const result = await dispatch(deleteOrder(orderId));
    setConfirming(false);
    if (deleteOrder.fulfilled.match(result)) {
      onClose();
    } else {
      toast({
        title: 'Error',
        description: result.error.message ?? 'Failed to delete order',
        variant: 'destructive',
      });
    }
  }

  const paid = order ? isPaid(order.paymentStatus) : false;
  const refundable =
    order !== null &&
    (order.paymentStatus === 'completed' || order.paymentStatus === 'partially_refunded') &&
    balanceCents(order) > 0;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent size="xl">
        <DialogTitle className="text-xl font-bold">
          Order Details
          {order && ' '}
          {order && (
            <span className="ml-1 text-neutral-600" data-testid="admin-order-details-number">
              #{order.orderNumber}
            </span>
          )}
        </DialogTitle>
        {!order ? (
          <DialogDescription>
            {missing ? 'No order details found' : 'Loading order details...'}
          </DialogDescription>
        ) : (
          <div className="space-y-5 text-sm">
            <DialogDescription className="sr-only">
              Order #{order.orderNumber} ({order._id})
            </DialogDescription>
            <OrderFacts order={order} />
            <div className="flex flex-wrap items-end gap-2 border-t border-neutral-200 pt-4">
              {/* Keyed by the status: a refetched order starts the select from its own status again. */}
              <StatusControl key={order.orderStatus} order={order} />
              <div className="ml-auto flex flex-wrap gap-2">
                {refundable && (
                  <Button variant="outline" className="h-11 sm:h-10" onClick={() => setRefunding(true)}>
                    Refund
                  </Button>
                )}
                <Button variant="destructive" className="h-11 sm:h-10" onClick={() => setConfirming(true)}>
                  Delete
                </Button>
              </div>
            </div>
            {order.timeline && <OrderTimeline events={order.timeline} showActors />}
          </div>
        )}
        {order && refunding && <RefundDialog order={order} open onOpenChange={setRefunding} />}
      </DialogContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle className="text-lg font-bold">Delete this order?</DialogTitle>
          <DialogDescription className="text-neutral-600">
            {paid
              ? 'The order leaves the order lists and the shopper will no longer see it. It was paid, so it is kept for the accounts.'
              : 'The order is removed for good; the shopper will no longer see it.'}
          </DialogDescription>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" className="h-11 sm:h-10" onClick={() => void remove()}>
              Delete Order
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Dialog>
  );
}

/** The order's facts, lines and shipping info (a whole postal address, issue 40 item 5). */
function OrderFacts({ order }: { order: AdminOrder }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <dt className="text-neutral-600">Order ID</dt>
        <dd className="font-mono break-all">{order._id}</dd>
        <dt className="text-neutral-600">Customer</dt>
        <dd className="break-words">
          {order.customer.guest ? (
            // A guest's order (issue 41): no account, the address given at checkout.
            <span className="break-all">Guest · {order.customer.email}</span>
          ) : (
            <>
              {order.customer.userName}
              <span className="block text-neutral-600 break-all">{order.customer.email}</span>
            </>
          )}
        </dd>
        <dt className="text-neutral-600">Order Date</dt>
        <dd>
          {new Date(order.orderDate).toLocaleString('en-US', {
            dateStyle: 'short',
            timeStyle: 'short',
          })}
        </dd>
        <OrderPricingRows pricing={order.pricing} />
        <dt className="text-neutral-600">Order Price</dt>
        <dd className="font-bold">{formatPrice(order.totalPrice)}</dd>
        <dt className="text-neutral-600">Payment Method</dt>
        <dd>{paymentMethodLabel(order.paymentMethod)}</dd>
        <dt className="text-neutral-600">Payment Status</dt>
        <dd>
          <StateBadge kind="payment" status={order.paymentStatus} />
        </dd>
        {order.refundedTotal > 0 && (
          <>
            <dt className="text-neutral-600">Refunded</dt>
            <dd className="font-bold" data-testid="admin-order-refunded">
              {formatPrice(order.refundedTotal)}
            </dd>
          </>
        )}
        <dt className="text-neutral-600">Payment ID</dt>
        <dd className="break-all">{na(order.paymentId)}</dd>
        <dt className="text-neutral-600">Order Status</dt>
        <dd>
          <StateBadge kind="order" status={order.orderStatus} />
        </dd>
        {order.shipment && (
          <>
            <dt className="text-neutral-600">Shipment</dt>
            <dd className="break-all" data-testid="admin-order-shipment">
              {order.shipment.carrier && order.shipment.trackingNumber
                ? `${order.shipment.carrier} · ${order.shipment.trackingNumber}`
                : 'Shipped without tracking'}
            </dd>
          </>
        )}
        {order.withdrawal && (
          <>
            <dt className="text-neutral-600">Withdrawal</dt>
            <dd className="break-words" data-testid="admin-order-withdrawal">
              Requested {formatDateTime(order.withdrawal.requestedAt)}
              <span className="block text-neutral-600">
                {order.withdrawal.processedAt
                  ? `Refunded ${formatDateTime(order.withdrawal.processedAt)}`
                  : 'To process: refund it when the items are back'}
              </span>
            </dd>
          </>
        )}
      </dl>
      <section className="space-y-2">
        <h3 className="font-bold">Order Items</h3>
        {order.cartItems.length === 0 ? (
          <p className="text-neutral-600">No items found</p>
        ) : (
          <ul className="space-y-1">
            {order.cartItems.map((i) => (
              <li key={i.lineId} className="flex justify-between gap-2 break-words">
                <span className="min-w-0">
                  {i.title} × {i.quantity}
                  {i.refundedQuantity > 0 && (
                    <span className="text-neutral-600"> ({i.refundedQuantity} refunded)</span>
                  )}
                  {(i.options.length > 0 || i.sku) && (
                    <span data-testid="order-item-variant" className="block text-sm text-neutral-600">
                      {[variantLabel(i.options), i.sku && `SKU ${i.sku}`].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </span>
                <span className="shrink-0">{formatPrice(i.price * i.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-1">
        <h3 className="font-bold">Shipping Info</h3>
        <PostalAddress address={order.address} data-testid="admin-order-shipping-address" />
        <p className="break-words">Notes: {na(order.address.notes)}</p>
      </section>
    </>
  );
}

import { useEffect, useState } from 'react';
import { adminStatusChoices, LIMITS, type AdminOrder, type OrderStatus } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { formatPrice } from '@/lib/format';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { deleteOrder, fetchOrderDetails, selectAdminOrders, updateOrderStatus } from './admin-slices';
import { AdminStatusBadge } from './status-badge';

const na = (v: string | null | undefined) => (v && v.trim() ? v : 'N/A');

/**
 * Order Details (spec §4): the order, its lines and shipping, a status select and Delete (confirmed first). The select
 * offers only the order's status and those it may move to (issue 26, contract `ADMIN_ORDER_TRANSITIONS`); every
 * change ends in a success or failure toast (a refused one names both statuses), and the order is refetched.
 */
export function OrderDetailsDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const { orderDetails: order, detailsMissing: missing } = useAppSelector(selectAdminOrders);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    void dispatch(fetchOrderDetails(orderId));
  }, [dispatch, orderId]);

  async function remove() {
    const result = await dispatch(deleteOrder(orderId));
    if (deleteOrder.fulfilled.match(result)) {
      setConfirming(false);
      onClose();
    } else {
      toast({
        title: 'Error',
        description: result.error.message ?? 'Failed to delete order',
        variant: 'destructive',
      });
    }
  }

  const paid = order?.paymentStatus === 'completed';
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
              <Button
                variant="destructive"
                className="ml-auto h-11 sm:h-10"
                onClick={() => setConfirming(true)}
              >
                Delete
              </Button>
            </div>
          </div>
        )}
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

/**
 * The Order Status select and Update: only allowed statuses; a toast for every outcome. Choosing Shipped asks for the
 * carrier and tracking number (required) and a tracking link (optional, https), sent with the status (issue 26).
 */
function StatusControl({ order }: { order: AdminOrder }) {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<OrderStatus>(order.orderStatus);
  const [saving, setSaving] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  const choices = adminStatusChoices(order.orderStatus);
  const shipping = status === 'Shipped' && order.orderStatus !== 'Shipped';
  const missingTracking = shipping && (!carrier.trim() || !trackingNumber.trim());

  async function update() {
    setSaving(true);
    const tracking = shipping
      ? {
          carrier: carrier.trim(),
          trackingNumber: trackingNumber.trim(),
          ...(trackingUrl.trim() ? { trackingUrl: trackingUrl.trim() } : {}),
        }
      : undefined;
    const result = await dispatch(updateOrderStatus({ id: order._id, orderStatus: status, tracking }));
    if (updateOrderStatus.fulfilled.match(result)) {
      toast({ title: 'Order status updated successfully', description: `The order is now ${status}.` });
    } else {
      console.error('Order status update failed', result.error.message);
      toast({
        title: 'Error',
        description: result.error.message ?? 'Failed to update order status',
        variant: 'destructive',
      });
    }
    // Spec §4: after an update the order is refetched (after a refusal it shows where the order really is).
    await dispatch(fetchOrderDetails(order._id));
    setSaving(false);
  }

  return (
    <>
      <div className="space-y-1">
        <label htmlFor="order-status" className="font-medium">
          Order Status
        </label>
        <select
          id="order-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as OrderStatus)}
          className="block h-11 rounded-md border border-neutral-300 bg-white px-3 sm:h-10"
        >
          {choices.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </select>
      </div>
      {shipping && (
        <fieldset className="grid w-full gap-3 sm:grid-cols-2" data-testid="shipping-fields">
          <legend className="sr-only">Shipping notice</legend>
          <TrackingField
            id="ship-carrier"
            label="Carrier"
            value={carrier}
            onChange={setCarrier}
            maxLength={LIMITS.carrier.max}
            required
            placeholder="UPS"
          />
          <TrackingField
            id="ship-tracking-number"
            label="Tracking number"
            value={trackingNumber}
            onChange={setTrackingNumber}
            maxLength={LIMITS.trackingNumber.max}
            required
          />
          <div className="sm:col-span-2">
            <TrackingField
              id="ship-tracking-url"
              label="Tracking link (optional, https://)"
              value={trackingUrl}
              onChange={setTrackingUrl}
              maxLength={LIMITS.trackingUrl.max}
              type="url"
              placeholder="https://"
            />
          </div>
        </fieldset>
      )}
      <Button
        className="h-11 sm:h-10"
        disabled={saving || status === order.orderStatus || missingTracking}
        onClick={() => void update()}
      >
        {saving ? 'Updating...' : 'Update'}
      </Button>
    </>
  );
}

/** A labelled text input of the shipping notice. */
function TrackingField(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  required?: boolean;
  type?: 'text' | 'url';
  placeholder?: string;
}) {
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={props.id} className="font-medium">
        {props.label}
      </label>
      <Input
        id={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        maxLength={props.maxLength}
        required={props.required}
        placeholder={props.placeholder}
        autoComplete="off"
        className="h-11 sm:h-10"
      />
    </div>
  );
}

/** The order's facts, lines and shipping info. */
function OrderFacts({ order }: { order: AdminOrder }) {
  return (
    <>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <dt className="text-neutral-600">Order ID</dt>
        <dd className="font-mono break-all">{order._id}</dd>
        <dt className="text-neutral-600">Customer</dt>
        <dd className="break-words">
          {order.customer.userName}
          <span className="block text-neutral-600 break-all">{order.customer.email}</span>
        </dd>
        <dt className="text-neutral-600">Order Date</dt>
        <dd>
          {new Date(order.orderDate).toLocaleString('en-US', {
            dateStyle: 'short',
            timeStyle: 'short',
          })}
        </dd>
        <dt className="text-neutral-600">Order Price</dt>
        <dd className="font-bold">{formatPrice(order.totalPrice)}</dd>
        <dt className="text-neutral-600">Payment Method</dt>
        <dd>{na(order.paymentMethod)}</dd>
        <dt className="text-neutral-600">Payment Status</dt>
        <dd>{na(order.paymentStatus)}</dd>
        <dt className="text-neutral-600">Payment ID</dt>
        <dd className="break-all">{na(order.paymentId)}</dd>
        <dt className="text-neutral-600">Order Status</dt>
        <dd>
          <AdminStatusBadge status={order.orderStatus} />
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
      </dl>
      <section className="space-y-2">
        <h3 className="font-bold">Order Items</h3>
        {order.cartItems.length === 0 ? (
          <p className="text-neutral-600">No items found</p>
        ) : (
          <ul className="space-y-1">
            {order.cartItems.map((i) => (
              <li key={i.productId} className="flex justify-between gap-2 break-words">
                <span className="min-w-0">
                  {i.title} × {i.quantity}
                </span>
                <span className="shrink-0">{formatPrice(i.price * i.quantity)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="space-y-1">
        <h3 className="font-bold">Shipping Info</h3>
        <p>{na(order.address.address)}</p>
        <p>
          {na(order.address.city)}, {na(order.address.state)} {na(order.address.pincode)}
        </p>
        <p>Phone: {na(order.address.phone)}</p>
        <p className="break-words">Notes: {na(order.address.notes)}</p>
      </section>
    </>
  );
}

import { useState } from 'react';
import { adminStatusChoices, isPaid, LIMITS, type AdminOrder, type OrderStatus } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { formatPrice } from '@/lib/format';
import { useAppDispatch } from '@/app/hooks';
import { fetchOrderDetails, updateOrderStatus } from '@/app/admin-slices';
import { shipmentChoice } from './shipment-input';

/**
 * The Order Status select and Update: only allowed statuses; a toast for every outcome. Update is disabled only while
 * the choice equals the current status or while saving (spec §4). Choosing Shipped offers the carrier, tracking
 * number and tracking link (issue 26), all optional: left empty, the order ships without tracking; filled in, they
 * are checked on Update (both of the pair, an https link) and a message says what is missing instead of a call
 * (issue 46, item 16). Choosing Cancelled on a paid order says that its balance is refunded and its items restocked.
 */
export function StatusControl({ order }: { order: AdminOrder }) {
  const dispatch = useAppDispatch();
  const [status, setStatus] = useState<OrderStatus>(order.orderStatus);
  const [saving, setSaving] = useState(false);
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [trackingUrl, setTrackingUrl] = useState('');
  /** Why the shipping notice cannot be sent as typed; shown from Update until a field changes. */
  const [trackingError, setTrackingError] = useState<string | null>(null);
  const choices = adminStatusChoices(order.orderStatus);
  const shipping = status === 'Shipped' && order.orderStatus !== 'Shipped';
  const balance = Math.max(0, Math.round(order.totalPrice * 100) - Math.round(order.refundedTotal * 100));
  const refundsOnCancel =
    status === 'Cancelled' && order.orderStatus !== 'Cancelled' && isPaid(order.paymentStatus) && balance > 0;

  /** A field of the shipping notice was edited: its message, if any, no longer applies. */
  function edited(set: (value: string) => void) {
    return (value: string) => {
      set(value);
      setTrackingError(null);
    };
  }

  async function update() {
    const notice = shipping ? shipmentChoice({ carrier, trackingNumber, trackingUrl }) : null;
    if (notice && !notice.ok) {
      setTrackingError(notice.message);
      return;
    }
    const tracking = notice?.tracking;
    setSaving(true);
    const result = await dispatch(updateOrderStatus({ id: order._id, orderStatus: status, tracking }));
    if (updateOrderStatus.fulfilled.match(result)) {
      const { message } = result.payload;
      toast({
        title: 'Order status updated successfully',
        description:
          message === 'Order status updated successfully' ? `The order is now ${status}.` : message,
      });
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
      {refundsOnCancel && (
        <p className="w-full text-amber-800" data-testid="cancel-refund-note">
          Cancelling refunds the balance, {formatPrice(balance / 100)}, to the customer and returns the items
          to stock.
        </p>
      )}
      {shipping && (
        <fieldset
          className="grid w-full gap-3 sm:grid-cols-2"
          data-testid="shipping-fields"
          aria-describedby="ship-tracking-hint"
        >
          <legend className="font-medium">Tracking (optional)</legend>
          <p id="ship-tracking-hint" className="text-neutral-600 sm:col-span-2">
            Leave empty to ship without tracking.
          </p>
          <TrackingField
            id="ship-carrier"
            label="Carrier"
            value={carrier}
            onChange={edited(setCarrier)}
            maxLength={LIMITS.carrier.max}
            placeholder="UPS"
            invalid={trackingError !== null}
          />
          <TrackingField
            id="ship-tracking-number"
            label="Tracking number"
            value={trackingNumber}
            onChange={edited(setTrackingNumber)}
            maxLength={LIMITS.trackingNumber.max}
            invalid={trackingError !== null}
          />
          <div className="sm:col-span-2">
            <TrackingField
              id="ship-tracking-url"
              label="Tracking link (optional, https://)"
              value={trackingUrl}
              onChange={edited(setTrackingUrl)}
              maxLength={LIMITS.trackingUrl.max}
              type="url"
              placeholder="https://"
              invalid={trackingError !== null}
            />
          </div>
          {trackingError && (
            <p id="ship-tracking-error" role="alert" className="text-red-700 sm:col-span-2">
              {trackingError}
            </p>
          )}
        </fieldset>
      )}
      <Button
        className="h-11 sm:h-10"
        disabled={saving || status === order.orderStatus}
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
  type?: 'text' | 'url';
  placeholder?: string;
  /** The shipping notice's message is shown: the field points to it. */
  invalid: boolean;
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
        placeholder={props.placeholder}
        aria-invalid={props.invalid || undefined}
        aria-errormessage={props.invalid ? 'ship-tracking-error' : undefined}
        autoComplete="off"
        className="h-11 sm:h-10"
      />
    </div>
  );
}

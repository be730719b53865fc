import { useEffect, useId, useRef, useState } from 'react';
import { isPaid, LIMITS, type Order } from '@emporium/contract';
import { formatDateTime } from '@/components/order-timeline';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { formatPrice } from '@/lib/format';
import { ReturnAddress } from './return-address';

/** What a cancel or withdrawal came to: the server's sentence, and whether it was done. */
export type OrderActionOutcome = { ok: true; message: string } | { ok: false; message: string };

/**
 * How the actions reach the server: the signed-in shopper's routes (features/purchase), or a guest's order link
 * (features/order-link, issue 41). A refused action should also show the order as it really is now (re-read it).
 */
export interface OrderActionHandlers {
  cancel(reason?: string): Promise<OrderActionOutcome>;
  withdraw(reason?: string): Promise<OrderActionOutcome>;
}

/** A day in words, US English, e.g. `December 9, 2026`. */
function formatDay(iso: string) {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'long' });
}

const reasonClass =
  'block min-h-20 w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-sm focus-visible:border-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900/20 focus-visible:outline-none';

/**
 * What the shopper may still do with an order (issue 26): "Cancel order" while it has not shipped
 * (`order.cancellable`), and "Withdraw from contract" for 14 days after delivery (EU, CRD Art. 11a), or where a
 * withdrawal stands once sent. Renders nothing when neither applies.
 */
export function OrderActions({ order, actions }: { order: Order; actions: OrderActionHandlers }) {
  // The moment the details opened: the withdrawal window is judged against it, not re-read on every render.
  const [openedAt] = useState(() => Date.now());
  const withdrawable =
    !order.withdrawal && order.withdrawableUntil !== null && Date.parse(order.withdrawableUntil) > openedAt;
  if (!order.cancellable && !withdrawable && !order.withdrawal) return null;

  return (
    <section
      aria-label="Order actions"
      className="space-y-3 rounded-xl border border-neutral-200 p-3 text-sm"
      data-testid="order-actions"
    >
      {order.withdrawal && <WithdrawalNotice withdrawal={order.withdrawal} />}
      {withdrawable && <Withdrawal order={order} until={order.withdrawableUntil!} actions={actions} />}
      {order.cancellable && <CancelOrder order={order} actions={actions} />}
    </section>
  );
}

/**
 * "Withdrawal requested on <date time>", and when the shop refunded it; until then, where to send the items (the
 * shop's return address and instructions, issue 40 item 14), shown as soon as the withdrawal is confirmed.
 */
function WithdrawalNotice({ withdrawal }: { withdrawal: NonNullable<Order['withdrawal']> }) {
  return (
    <div className="space-y-2" data-testid="order-withdrawal">
      <p className="font-semibold">Withdrawal requested on {formatDateTime(withdrawal.requestedAt)}</p>
      <p className="text-neutral-600">
        {withdrawal.processedAt
          ? `The shop refunded it on ${formatDateTime(withdrawal.processedAt)}.`
          : 'Please send the items back within 14 days; we refund what you paid once they have arrived.'}
      </p>
      {!withdrawal.processedAt && <ReturnAddress />}
    </div>
  );
}

/**
 * The two steps of the withdrawal function: the button "Withdraw from contract" (with the last day), then a
 * confirmation naming the order and its items, an optional reason and "Confirm withdrawal".
 */
function Withdrawal({
  order,
  until,
  actions,
}: {
  order: Order;
  until: string;
  actions: OrderActionHandlers;
}) {
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const reasonId = useId();

  useEffect(() => {
    if (confirming) headingRef.current?.focus();
  }, [confirming]);

  async function confirm() {
    setSending(true);
    const result = await actions.withdraw(reason.trim() || undefined);
    setSending(false);
    if (result.ok) {
      toast({ title: 'Withdrawal sent', description: result.message });
    } else {
      toast({ title: 'The withdrawal was not sent', description: result.message, variant: 'destructive' });
    }
  }

  if (!confirming) {
    return (
      <div className="space-y-1">
        <Button
          variant="outline"
          className="h-11 w-full sm:h-10 sm:w-auto"
          onClick={() => setConfirming(true)}
        >
          Withdraw from contract
        </Button>
        <p className="text-neutral-600">You can withdraw from this contract until {formatDay(until)}</p>
      </div>
    );
  }

  return (
    <div className="space-y-3" data-testid="withdrawal-confirmation">
      <h3 ref={headingRef} tabIndex={-1} className="font-bold focus:outline-none">
        Withdraw from the contract for order #{order.orderNumber}
      </h3>
      <p>You withdraw from the purchase of:</p>
      <ul className="list-disc space-y-1 pl-5 break-words">
        {order.cartItems.map((item) => (
          <li key={item.lineId}>
            {item.title} × {item.quantity}
          </li>
        ))}
      </ul>
      <div className="space-y-1">
        <label htmlFor={reasonId} className="font-medium">
          Reason (optional)
        </label>
        <textarea
          id={reasonId}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={LIMITS.refundReason.max}
          className={reasonClass}
        />
      </div>
      <p className="text-neutral-600">
        We e-mail you an acknowledgement. Please send the items back within 14 days; we refund what you paid
        once they have arrived.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button className="h-11 sm:h-10" disabled={sending} onClick={() => void confirm()}>
          {sending ? 'Sending...' : 'Confirm withdrawal'}
        </Button>
        <Button
          variant="outline"
          className="h-11 sm:h-10"
          disabled={sending}
          onClick={() => setConfirming(false)}
        >
          Back
        </Button>
      </div>
    </div>
  );
}

/** "Cancel order", confirmed in a dialog that says what happens (stock back, the payment refunded if it was paid). */
function CancelOrder({ order, actions }: { order: Order; actions: OrderActionHandlers }) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const balance = Math.max(0, order.totalPrice - order.refundedTotal);
  const refund = isPaid(order.paymentStatus) && balance > 0;

  async function cancel() {
    setBusy(true);
    const result = await actions.cancel();
    setBusy(false);
    setAsking(false);
    if (result.ok) {
      toast({ title: 'Order cancelled', description: result.message });
    } else {
      toast({ title: 'The order was not cancelled', description: result.message, variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-1">
      <Button variant="outline" className="h-11 w-full sm:h-10 sm:w-auto" onClick={() => setAsking(true)}>
        Cancel order
      </Button>
      <p className="text-neutral-600">You can cancel this order until it ships.</p>
      <Dialog open={asking} onOpenChange={(o) => !busy && setAsking(o)}>
        <DialogContent role="alertdialog">
          <DialogTitle className="pr-8 text-lg font-bold">Cancel order #{order.orderNumber}?</DialogTitle>
          <DialogDescription className="mt-2 text-neutral-700">
            {refund
              ? `The order is cancelled and its items go back to stock. ${formatPrice(balance)} is refunded to the account you paid with.`
              : 'The order is cancelled and its items go back to stock. It was not paid, so there is nothing to refund.'}
          </DialogDescription>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              className="h-11 sm:h-10"
              disabled={busy}
              onClick={() => setAsking(false)}
            >
              Keep order
            </Button>
            <Button
              variant="destructive"
              className="h-11 sm:h-10"
              disabled={busy}
              onClick={() => void cancel()}
            >
              {busy ? 'Cancelling...' : 'Cancel order'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

import { useId, useState } from 'react';
import { parseDollars } from '@/lib/typed-numbers';
import { LIMITS, lineRefundCents, type AdminOrder, type AdminRefundBody } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useAppDispatch } from '@/app/hooks';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { fetchOrderDetails, refundOrder } from '@/app/admin-slices';

type Mode = 'full' | 'items' | 'amount';

const MODES: ReadonlyArray<{ id: Mode; label: string }> = [
  { id: 'full', label: 'Full refund' },
  { id: 'items', label: 'Items' },
  { id: 'amount', label: 'Amount' },
];

/** Dollars to whole cents, so sums of prices are exact. */
const cents = (dollars: number) => Math.round(dollars * 100);

/** What is left to refund of an order, in cents: its total less what was refunded. */
export function balanceCents(order: AdminOrder): number {
  return Math.max(0, cents(order.totalPrice) - cents(order.refundedTotal));
}

/** Cents of a typed dollar amount ("12.50", "$12.5"), or null when it is not one. */
function parseAmount(text: string): number | null {
  const dollars = parseDollars(text);
  return dollars == null ? null : Math.round(dollars * 100);
}

const selectClass = 'h-11 rounded-md border border-neutral-300 bg-white px-2 sm:h-9';

/**
 * The admin's refund form (issue 26), in its own dialog: "Full refund" (the balance, total − refunded), "Items"
 * (a quantity per line, up to what is left of it, with the computed amount) or "Amount" (dollars, up to the
 * balance); "Return items to stock" for full and items refunds; an optional reason. The server's message is the
 * toast (an error toast on a refusal, the form stays open); after a refund the order is refetched with its timeline.
 */
export function RefundDialog({
  order,
  open,
  onOpenChange,
}: {
  order: AdminOrder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const [mode, setMode] = useState<Mode>('full');
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [amountText, setAmountText] = useState('');
  const [restock, setRestock] = useState(false);
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const ids = useId();

  const balance = balanceCents(order);
  const itemsCents = order.cartItems.reduce(
    (sum, line) => sum + lineRefundCents(line, quantities[line.lineId] ?? 0, order.pricing.pricesIncludeTax),
    0,
  );
  const typed = parseAmount(amountText);
  const amountError =
    amountText.trim() === ''
      ? null
      : typed === null
        ? 'Enter an amount in dollars, e.g. 12.50.'
        : typed < 1
          ? 'The amount must be at least $0.01.'
          : typed > balance
            ? `At most the balance, ${formatPrice(balance / 100)}.`
            : null;
  const refundCents = mode === 'full' ? balance : mode === 'items' ? itemsCents : (typed ?? 0);
  const ready =
    mode === 'full'
      ? balance > 0
      : mode === 'items'
        ? itemsCents > 0 && itemsCents <= balance
        : typed !== null && amountError === null;

  function body(): AdminRefundBody {
    const why = { reason: reason.trim() || undefined };
    if (mode === 'amount') return { amount: (typed ?? 0) / 100, ...why };
    if (mode === 'full') return { restock, ...why };
    const lines = order.cartItems
      .filter((line) => (quantities[line.lineId] ?? 0) > 0)
      .map((line) => ({ lineId: line.lineId, quantity: quantities[line.lineId]! }));
    return { lines, restock, ...why };
  }

  async function submit() {
    setSending(true);
    const result = await dispatch(refundOrder({ id: order._id, body: body() }));
    if (refundOrder.fulfilled.match(result)) {
      toast({ title: 'Refund sent', description: result.payload.message });
      onOpenChange(false);
    } else {
      toast({
        title: 'The refund was not made',
        description: result.error.message ?? 'Failed to refund the order',
        variant: 'destructive',
      });
    }
    await dispatch(fetchOrderDetails(order._id));
    setSending(false);
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !sending && onOpenChange(o)}>
      <DialogContent>
        <DialogTitle className="pr-8 text-lg font-bold">Refund order #{order.orderNumber}</DialogTitle>
        <DialogDescription className="mt-1">
          Paid {formatPrice(order.totalPrice)} · refunded {formatPrice(order.refundedTotal)} · balance{' '}
          {formatPrice(balance / 100)}
        </DialogDescription>
        <form
          className="mt-4 space-y-4 text-sm"
          onSubmit={(e) => {
            e.preventDefault();
            if (ready && !sending) void submit();
          }}
        >
          <fieldset>
            <legend className="mb-2 font-medium">What to refund</legend>
            <div className="grid grid-cols-3 gap-1 rounded-lg bg-neutral-100 p-1">
              {MODES.map((m) => (
                <label
                  key={m.id}
                  className={cn(
                    'flex min-h-11 cursor-pointer items-center justify-center rounded-md px-2 text-center font-semibold text-neutral-600 sm:min-h-9',
                    'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neutral-900',
                    mode === m.id && 'bg-white text-neutral-900 shadow-sm',
                  )}
                >
                  <input
                    type="radio"
                    name={`${ids}-mode`}
                    value={m.id}
                    checked={mode === m.id}
                    onChange={() => setMode(m.id)}
                    className="sr-only"
                  />
                  {m.label}
                </label>
              ))}
            </div>
          </fieldset>

          {mode === 'full' && (
            <p data-testid="refund-full">
              Refunds the whole balance, <strong>{formatPrice(balance / 100)}</strong>.
            </p>
          )}
          {mode === 'items' && (
            <ul className="space-y-2" data-testid="refund-lines">
              {order.cartItems.map((line) => {
                const left = line.quantity - line.refundedQuantity;
                const chosen = quantities[line.lineId] ?? 0;
                const id = `${ids}-line-${line.lineId}`;
                return (
                  <li
                    key={line.lineId}
                    className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1 break-words sm:grid-cols-[minmax(0,1fr)_auto_5rem]"
                  >
                    <label htmlFor={id} className="col-span-2 min-w-0 sm:col-span-1">
                      <span className="block font-medium">{line.title}</span>
                      <span className="block text-neutral-600">
                        {formatPrice(line.price)} each · {left} of {line.quantity} left to refund
                      </span>
                    </label>
                    <select
                      id={id}
                      value={chosen}
                      disabled={left <= 0}
                      onChange={(e) =>
                        setQuantities((q) => ({ ...q, [line.lineId]: Number(e.target.value) }))
                      }
                      className={selectClass}
                    >
                      {Array.from({ length: Math.max(0, left) + 1 }, (_, n) => (
                        <option key={n} value={n}>
                          {n}
                        </option>
                      ))}
                    </select>
                    <span className="text-right font-medium">
                      {formatPrice(lineRefundCents(line, chosen, order.pricing.pricesIncludeTax) / 100)}
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
          {mode === 'amount' && (
            <div className="space-y-1">
              <Label htmlFor={`${ids}-amount`}>
                Amount in dollars (at most {formatPrice(balance / 100)})
              </Label>
              <Input
                id={`${ids}-amount`}
                inputMode="decimal"
                autoComplete="off"
                value={amountText}
                onChange={(e) => setAmountText(e.target.value)}
                aria-invalid={amountError !== null}
                aria-describedby={amountError ? `${ids}-amount-error` : undefined}
                placeholder="0.00"
                className="h-11 sm:h-10"
              />
              {amountError && (
                <p id={`${ids}-amount-error`} className="text-red-700">
                  {amountError}
                </p>
              )}
            </div>
          )}

          {mode !== 'amount' && (
            <div className="flex min-h-11 items-center gap-2 sm:min-h-0">
              <Checkbox
                id={`${ids}-restock`}
                checked={restock}
                onCheckedChange={(c) => setRestock(c === true)}
              />
              <Label htmlFor={`${ids}-restock`} className="cursor-pointer">
                Return items to stock
              </Label>
            </div>
          )}

          <div className="space-y-1">
            <Label htmlFor={`${ids}-reason`}>Reason (optional)</Label>
            <Input
              id={`${ids}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={LIMITS.refundReason.max}
              autoComplete="off"
              className="h-11 sm:h-10"
            />
          </div>

          <div className="flex flex-wrap items-center justify-end gap-2 border-t border-neutral-200 pt-4">
            <span
              className="mr-auto basis-full font-semibold sm:basis-auto"
              aria-live="polite"
              data-testid="refund-total"
            >
              To refund: {formatPrice(refundCents / 100)}
            </span>
            <Button
              variant="outline"
              className="h-11 sm:h-10"
              disabled={sending}
              onClick={() => onOpenChange(false)}
            >
              Cancel
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={!ready || sending}>
              {sending ? 'Refunding...' : `Refund ${formatPrice(refundCents / 100)}`}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

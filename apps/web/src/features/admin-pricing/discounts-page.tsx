import { useCallback, useState } from 'react';
import type { DiscountCode } from '@emporium/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { DiscountCodeDialog } from './discount-code-dialog';
import { pricingApi } from './pricing-api';
import { RowActions, runWithToast, TABLE, useAdminList } from '@/components/admin/pricing-ui';

const t = TABLE.xl;

const dateText = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "20 % off" or "$10.00 off". */
export function discountText(c: Pick<DiscountCode, 'kind' | 'value'>): string {
  return c.kind === 'percent' ? `${c.value} % off` : `${formatPrice(c.value)} off`;
}

/** The code's conditions, one per line: minimum subtotal, dates, per-customer limit, scope. */
function conditions(c: DiscountCode): string[] {
  const lines: string[] = [];
  if (c.minSubtotal !== null) lines.push(`Subtotal from ${formatPrice(c.minSubtotal)}`);
  if (c.startsAt && c.endsAt) lines.push(`${dateText(c.startsAt)} – ${dateText(c.endsAt)}`);
  else if (c.startsAt) lines.push(`From ${dateText(c.startsAt)}`);
  else if (c.endsAt) lines.push(`Until ${dateText(c.endsAt)}`);
  if (c.maxUsesPerCustomer !== null) lines.push(`${c.maxUsesPerCustomer} per customer`);
  const scope = [...c.categories, ...c.brands];
  lines.push(scope.length === 0 ? 'Whole cart' : `Only ${scope.join(', ')}`);
  return lines;
}

/** Active, Inactive (switched off), Scheduled (not started) or Ended, as of `now`. */
function status(c: DiscountCode, now: number): { label: string; on: boolean } {
  if (!c.active) return { label: 'Inactive', on: false };
  if (c.endsAt && Date.parse(c.endsAt) <= now) return { label: 'Ended', on: false };
  if (c.startsAt && Date.parse(c.startsAt) > now) return { label: 'Scheduled', on: false };
  if (c.maxUses !== null && c.uses >= c.maxUses) return { label: 'Used up', on: false };
  return { label: 'Active', on: true };
}

/**
 * Discount codes (issue 27, /admin/discounts): the table (code, "20 % off" / "$10.00 off", conditions, uses
 * "3 / 100", paid orders, discount given, status) with Edit (untick Active to deactivate) and Delete (asked first;
 * a code orders used is refused with the server's message as a toast), and Add discount code.
 */
export function AdminDiscountsPage() {
  const load = useCallback(async () => (await pricingApi.discountCodes()).data, []);
  const { items: codes, reload } = useAdminList(load, 'discount codes');
  const [editing, setEditing] = useState<DiscountCode | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<DiscountCode | null>(null);
  const [now] = useState(() => Date.now());

  const openDialog = (code: DiscountCode | null) => {
    setEditing(code);
    setDialogOpen(true);
  };

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Discounts</h1>
        <Button className="h-11 sm:h-10" onClick={() => openDialog(null)}>
          Add discount code
        </Button>
      </div>
      <div className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm xl:p-4">
        <table className={t.table}>
          <thead className={t.head}>
            <tr>
              {['Code', 'Discount', 'Conditions', 'Uses', 'Paid orders', 'Given', 'Status'].map((h) => (
                <th key={h} className="py-2 pr-3 font-semibold">
                  {h}
                </th>
              ))}
              <th className="py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody className={t.body}>
            {codes === null || codes.length === 0 ? (
              <tr className="block xl:table-row">
                <td colSpan={8} className="block py-6 text-center text-neutral-600 xl:table-cell">
                  {codes === null ? 'Loading…' : 'No discount codes yet.'}
                </td>
              </tr>
            ) : (
              codes.map((c) => {
                const s = status(c, now);
                return (
                  <tr key={c._id} data-testid="discount-row" className={t.row}>
                    <td className={cn(t.cell, 'font-mono font-semibold break-all')}>
                      <span className={cn(t.label, 'font-sans font-normal')}>Code</span>
                      {c.code}
                    </td>
                    <td className={t.cell}>
                      <span className={t.label}>Discount</span>
                      {discountText(c)}
                    </td>
                    <td className={cn(t.cell, t.wide, 'xl:max-w-64')}>
                      <span className={t.label}>Conditions</span>
                      <ul className="text-neutral-700">
                        {conditions(c).map((line) => (
                          <li key={line}>{line}</li>
                        ))}
                      </ul>
                    </td>
                    <td className={cn(t.cell, 'tabular-nums')}>
                      <span className={t.label}>Uses</span>
                      {c.uses} / {c.maxUses ?? 'no limit'}
                    </td>
                    <td className={cn(t.cell, 'tabular-nums')}>
                      <span className={t.label}>Paid orders</span>
                      {c.paidOrders}
                    </td>
                    <td className={cn(t.cell, 'tabular-nums')}>
                      <span className={t.label}>Discount given</span>
                      {formatPrice(c.discountGiven)}
                    </td>
                    <td className={t.cell}>
                      <span className={t.label}>Status</span>
                      <Badge variant={s.on ? 'default' : 'secondary'}>{s.label}</Badge>
                    </td>
                    <td className={cn(t.cell, t.wide, 'xl:pr-0')}>
                      <RowActions
                        name={`${c.code}`}
                        at="xl"
                        onEdit={() => openDialog(c)}
                        onDelete={() => setDeleting(c)}
                      />
                    </td>
                  </tr>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {dialogOpen && (
        <DiscountCodeDialog code={editing} onClose={() => setDialogOpen(false)} onSaved={reload} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.code ?? 'this code'}?`}
        description="Shoppers can no longer use it. A code that orders used cannot be deleted: deactivate it instead."
        confirmLabel="Delete Code"
        onConfirm={async () => {
          if (!deleting) return;
          await runWithToast(
            () => pricingApi.deleteDiscountCode(deleting._id),
            'Code deleted',
            'The code was not deleted',
            reload,
          );
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

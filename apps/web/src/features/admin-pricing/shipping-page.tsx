import { useCallback, useState } from 'react';
import type { ShippingMethod } from '@emporium/contract';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatPrice } from '@/lib/format';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { pricingApi } from './pricing-api';
import { countryName } from '@/lib/countries';
import { RowActions, runWithToast, TABLE, useAdminList } from '@/components/admin/pricing-ui';
import { ShippingMethodDialog } from './shipping-method-dialog';

const t = TABLE.md;

/** "3–5 days", "2 days", or "—" without an estimate. */
export function deliveryEstimate(m: Pick<ShippingMethod, 'minDays' | 'maxDays'>): string {
  if (m.minDays === null || m.maxDays === null) return '—';
  if (m.minDays === m.maxDays) return `${m.minDays} ${m.minDays === 1 ? 'day' : 'days'}`;
  return `${m.minDays}–${m.maxDays} days`;
}

/** "All countries", or the names of the countries served. */
function countriesText(codes: string[]): string {
  return codes.length === 0 ? 'All countries' : codes.map(countryName).join(', ');
}

/**
 * Shipping methods (issue 27, /admin/shipping): the table (name, countries or "All countries", price, free above,
 * delivery "3–5 days", active) with Edit and Delete (asked first), and Add shipping method. A shop with none
 * charges no shipping (the spec's totals).
 */
export function AdminShippingPage() {
  const load = useCallback(async () => (await pricingApi.shippingMethods()).data, []);
  const { items: methods, reload } = useAdminList(load, 'shipping methods');
  const [editing, setEditing] = useState<ShippingMethod | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<ShippingMethod | null>(null);

  const openDialog = (method: ShippingMethod | null) => {
    setEditing(method);
    setDialogOpen(true);
  };

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Shipping</h1>
        <Button className="h-11 sm:h-10" onClick={() => openDialog(null)}>
          Add shipping method
        </Button>
      </div>
      <p className="max-w-2xl text-sm text-neutral-600">
        Checkout offers the active methods that serve the delivery country, and picks the cheapest when the
        shopper does not choose. With no method at all, shipping is free.
      </p>
      <div className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4">
        <table className={t.table}>
          <thead className={t.head}>
            <tr>
              {['Name', 'Countries', 'Price', 'Free above', 'Delivery', 'Status'].map((h) => (
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
            {methods === null ? (
              <tr className="block md:table-row">
                <td colSpan={7} className="block py-6 text-center text-neutral-600 md:table-cell">
                  Loading…
                </td>
              </tr>
            ) : methods.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={7} className="block py-6 text-center text-neutral-600 md:table-cell">
                  No shipping methods yet: orders ship free.
                </td>
              </tr>
            ) : (
              methods.map((m) => (
                <tr key={m._id} data-testid="shipping-row" className={t.row}>
                  <td className={cn(t.cell, t.wide, 'font-semibold')}>
                    <span className={cn(t.label, 'font-normal')}>Name</span>
                    {m.name}
                  </td>
                  <td className={cn(t.cell, t.wide)}>
                    <span className={t.label}>Countries</span>
                    {countriesText(m.countries)}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Price</span>
                    {m.price === 0 ? 'Free' : formatPrice(m.price)}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Free above</span>
                    {m.freeAbove === null ? '—' : formatPrice(m.freeAbove)}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Delivery</span>
                    {deliveryEstimate(m)}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Status</span>
                    <Badge variant={m.active ? 'default' : 'secondary'}>
                      {m.active ? 'Active' : 'Inactive'}
                    </Badge>
                  </td>
                  <td className={cn(t.cell, t.wide, 'md:pr-0')}>
                    <RowActions
                      name={`${m.name}`}
                      at="md"
                      onEdit={() => openDialog(m)}
                      onDelete={() => setDeleting(m)}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {dialogOpen && (
        <ShippingMethodDialog method={editing} onClose={() => setDialogOpen(false)} onSaved={reload} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this method'}?`}
        description="Checkout no longer offers it. Orders placed with it keep their shipping line."
        confirmLabel="Delete Method"
        onConfirm={async () => {
          if (!deleting) return;
          await runWithToast(
            () => pricingApi.deleteShippingMethod(deleting._id),
            'Shipping method deleted',
            'The shipping method was not deleted',
            reload,
          );
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

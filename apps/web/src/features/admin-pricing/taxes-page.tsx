import { useCallback, useId, useState } from 'react';
import type { TaxRate } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { pricingApi } from './pricing-api';
import { countryName } from '@/lib/countries';
import { RowActions, runWithToast, TABLE, useAdminList } from '@/components/admin/pricing-ui';
import { TaxRateDialog } from './tax-rate-dialog';

const t = TABLE.md;

/** "20 %", "7.25 %". */
const percentText = (rate: number) => `${rate.toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;

/**
 * Taxes (issue 27, /admin/taxes): "Prices include tax" (saved at once, with a toast), and the rates table (country
 * name, region, name, rate %) with Add, Edit and Delete (asked first). A shop with no rate charges no tax.
 */
export function AdminTaxesPage() {
  const ids = useId();
  const load = useCallback(async () => (await pricingApi.taxRates()).data, []);
  const { items, reload } = useAdminList(load, 'tax rates');
  /** The setting being saved, shown at once; null once the list answers it again. */
  const [pending, setPending] = useState<boolean | null>(null);
  const [editing, setEditing] = useState<TaxRate | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<TaxRate | null>(null);
  const rates = items?.rates ?? null;
  const includes = pending ?? items?.settings.pricesIncludeTax ?? null;

  async function toggleIncludes(next: boolean) {
    setPending(next);
    await runWithToast(
      () => pricingApi.setPricesIncludeTax(next),
      'Tax setting saved',
      'The tax setting was not saved',
      reload,
    );
    setPending(null);
  }

  const openDialog = (rate: TaxRate | null) => {
    setEditing(rate);
    setDialogOpen(true);
  };

  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Taxes</h1>
        <Button className="h-11 sm:h-10" onClick={() => openDialog(null)}>
          Add tax rate
        </Button>
      </div>
      <div className="max-w-2xl rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${ids}-includes`}
            className="mt-0.5 h-5 w-5"
            checked={includes ?? false}
            disabled={includes === null || pending !== null}
            onCheckedChange={(c) => void toggleIncludes(c === true)}
            aria-describedby={`${ids}-includes-hint`}
          />
          <div className="min-w-0">
            <label htmlFor={`${ids}-includes`} className="cursor-pointer font-medium">
              Prices include tax
            </label>
            <p id={`${ids}-includes-hint`} className="text-sm text-neutral-600">
              {includes
                ? 'Catalog prices already contain the tax; checkout shows the tax they include.'
                : 'Tax is added on top of catalog prices at checkout.'}{' '}
              Tax is worked out per line, rounded half-up to the cent.
            </p>
          </div>
        </div>
      </div>
      <div className="rounded-2xl border border-neutral-200 bg-white p-3 shadow-sm md:p-4">
        <table className={t.table}>
          <thead className={t.head}>
            <tr>
              {['Country', 'Region', 'Name', 'Rate'].map((h) => (
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
            {rates === null || rates.length === 0 ? (
              <tr className="block md:table-row">
                <td colSpan={5} className="block py-6 text-center text-neutral-600 md:table-cell">
                  {rates === null ? 'Loading…' : 'No tax rates yet: no tax is charged.'}
                </td>
              </tr>
            ) : (
              rates.map((r) => (
                <tr key={r._id} data-testid="tax-row" className={t.row}>
                  <td className={cn(t.cell, 'font-semibold')}>
                    <span className={cn(t.label, 'font-normal')}>Country</span>
                    {countryName(r.country)}{' '}
                    <span className="font-normal text-neutral-600">({r.country})</span>
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Region</span>
                    {r.region || 'Whole country'}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Name</span>
                    {r.name}
                  </td>
                  <td className={t.cell}>
                    <span className={t.label}>Rate</span>
                    {percentText(r.rate)}
                  </td>
                  <td className={cn(t.cell, t.wide, 'md:pr-0')}>
                    <RowActions
                      name={`${r.name} for ${countryName(r.country)}`}
                      at="md"
                      onEdit={() => openDialog(r)}
                      onDelete={() => setDeleting(r)}
                    />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {dialogOpen && <TaxRateDialog rate={editing} onClose={() => setDialogOpen(false)} onSaved={reload} />}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete ${deleting?.name ?? 'this rate'}?`}
        description={
          deleting
            ? `Orders to ${countryName(deleting.country)}${deleting.region ? ` / ${deleting.region}` : ''} are no longer taxed at ${percentText(deleting.rate)}. Placed orders keep their tax.`
            : ''
        }
        confirmLabel="Delete Rate"
        onConfirm={async () => {
          if (!deleting) return;
          await runWithToast(
            () => pricingApi.deleteTaxRate(deleting._id),
            'Tax rate deleted',
            'The tax rate was not deleted',
            reload,
          );
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}

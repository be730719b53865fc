import { useId, useState } from 'react';
import type { TaxRate } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { pricingApi } from './pricing-api';
import { countryOptions } from '@/lib/countries';
import { Field, invalidProps, runWithToast, selectClass } from '@/components/admin/pricing-ui';

interface Draft {
  country: string;
  region: string;
  name: string;
  rate: string;
}

const draftOf = (rate: TaxRate | null): Draft => ({
  country: rate?.country ?? '',
  region: rate?.region ?? '',
  name: rate?.name ?? '',
  rate: rate ? String(rate.rate) : '',
});

/** A typed percentage with up to two decimals, from 0 to 100; undefined when it is not one. */
function parseRate(text: string): number | undefined {
  const trimmed = text.trim().replace(/\s*%$/, '');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(trimmed)) return undefined;
  const rate = Number(trimmed);
  return rate <= 100 ? rate : undefined;
}

/**
 * Add or Edit a tax rate (issue 27): country (a select of names), region (optional: the whole country), name and
 * rate in percent. The server's refusal (e.g. "There is already a rate for US / CA.") is the error toast.
 */
export function TaxRateDialog({
  rate,
  onClose,
  onSaved,
}: {
  /** The rate to edit; null adds one. */
  rate: TaxRate | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(rate));
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const percent = parseRate(draft.rate);
  const errors = {
    country: tried && !draft.country ? 'Choose a country.' : null,
    name: tried && draft.name.trim() === '' ? 'Enter the tax name, e.g. VAT.' : null,
    rate:
      draft.rate.trim() === ''
        ? tried
          ? 'Enter the rate in percent.'
          : null
        : percent === undefined
          ? 'A rate from 0 to 100, with at most two decimals.'
          : null,
  };
  const ready = Boolean(draft.country) && draft.name.trim() !== '' && percent !== undefined;

  async function save() {
    setSaving(true);
    const body = {
      country: draft.country,
      region: draft.region.trim(),
      name: draft.name.trim(),
      rate: percent,
    };
    const saved = await runWithToast(
      () => (rate ? pricingApi.editTaxRate(rate._id, body) : pricingApi.addTaxRate(body)),
      rate ? 'Tax rate updated' : 'Tax rate added',
      'The tax rate was not saved',
      onSaved,
    );
    setSaving(false);
    if (saved) onClose();
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <DialogContent>
        <DialogTitle className="pr-8 text-lg font-bold">
          {rate ? 'Edit tax rate' : 'Add tax rate'}
        </DialogTitle>
        <DialogDescription className="mt-1">
          A region&apos;s rate (matched against the address&apos;s state) wins over its country&apos;s.
        </DialogDescription>
        <form
          className="mt-4 grid grid-cols-2 gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (ready && !saving) void save();
          }}
        >
          <Field id={`${ids}-country`} label="Country" error={errors.country} className="col-span-2">
            <select
              id={`${ids}-country`}
              value={draft.country}
              className={selectClass}
              onChange={(e) => set({ country: e.target.value })}
              {...invalidProps(`${ids}-country`, errors.country)}
            >
              <option value="">Choose a country…</option>
              {countryOptions().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name} ({c.code})
                </option>
              ))}
            </select>
          </Field>
          <Field
            id={`${ids}-region`}
            label="Region or state"
            hint="Optional: empty for the whole country"
            className="col-span-2"
          >
            <Input
              id={`${ids}-region`}
              value={draft.region}
              maxLength={100}
              onChange={(e) => set({ region: e.target.value })}
            />
          </Field>
          <Field id={`${ids}-name`} label="Name" error={errors.name}>
            <Input
              id={`${ids}-name`}
              value={draft.name}
              maxLength={80}
              placeholder="VAT"
              onChange={(e) => set({ name: e.target.value })}
              {...invalidProps(`${ids}-name`, errors.name)}
            />
          </Field>
          <Field id={`${ids}-rate`} label="Rate (%)" error={errors.rate}>
            <Input
              id={`${ids}-rate`}
              inputMode="decimal"
              value={draft.rate}
              placeholder="20"
              onChange={(e) => set({ rate: e.target.value })}
              {...invalidProps(`${ids}-rate`, errors.rate)}
            />
          </Field>
          <div className="col-span-2 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" disabled={saving} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
              {rate ? 'Save' : 'Add rate'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useId, useState } from 'react';
import type { ShippingMethod } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { CountryPicker } from './country-picker';
import { pricingApi } from './pricing-api';
import { parseDollars, parseWhole } from '@/lib/typed-numbers';
import { Field, invalidProps, runWithToast } from '@/components/admin/pricing-ui';

interface Draft {
  name: string;
  price: string;
  freeAbove: string;
  minDays: string;
  maxDays: string;
  countries: string[];
  active: boolean;
}

const text = (n: number | null) => (n === null ? '' : String(n));

function draftOf(method: ShippingMethod | null): Draft {
  return {
    name: method?.name ?? '',
    price: method ? String(method.price) : '',
    freeAbove: text(method?.freeAbove ?? null),
    minDays: text(method?.minDays ?? null),
    maxDays: text(method?.maxDays ?? null),
    countries: method?.countries ?? [],
    active: method?.active ?? true,
  };
}

/**
 * Add or Edit a shipping method (issue 27): name, price, free-above (optional), delivery days (optional, both or
 * neither), countries (none: all) and Active. Fields are checked as typed; the server's refusal is the error toast
 * and the dialog stays open.
 */
export function ShippingMethodDialog({
  method,
  onClose,
  onSaved,
}: {
  /** The method to edit; null adds one. */
  method: ShippingMethod | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(method));
  const [saving, setSaving] = useState(false);
  /** Set by a first Save: from then on, empty required fields say so. */
  const [tried, setTried] = useState(false);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const price = parseDollars(draft.price);
  const freeAbove = parseDollars(draft.freeAbove);
  const minDays = parseWhole(draft.minDays);
  const maxDays = parseWhole(draft.maxDays);
  const errors = {
    name: draft.name.trim() === '' ? (tried ? 'Enter the method name.' : null) : null,
    price:
      draft.price.trim() === ''
        ? tried
          ? 'Enter the price (0 for free).'
          : null
        : price === undefined
          ? 'Enter dollars, e.g. 4.99.'
          : null,
    freeAbove: freeAbove === undefined ? 'Enter dollars, e.g. 50, or leave it empty.' : null,
    days:
      minDays === undefined || maxDays === undefined
        ? 'Days are whole numbers.'
        : (minDays === null) !== (maxDays === null)
          ? 'Give both delivery days, or neither.'
          : minDays !== null && maxDays !== null && minDays > maxDays
            ? 'The fastest delivery cannot be later than the slowest.'
            : null,
  };
  const complete = draft.name.trim() !== '' && draft.price.trim() !== '';
  const ready = complete && Object.values(errors).every((e) => e === null);

  async function save() {
    setSaving(true);
    const body = {
      name: draft.name.trim(),
      price: price ?? 0,
      freeAbove: freeAbove ?? null,
      minDays: minDays ?? null,
      maxDays: maxDays ?? null,
      countries: draft.countries,
      active: draft.active,
    };
    const saved = await runWithToast(
      () => (method ? pricingApi.editShippingMethod(method._id, body) : pricingApi.addShippingMethod(body)),
      method ? 'Shipping method updated' : 'Shipping method added',
      'The shipping method was not saved',
      onSaved,
    );
    setSaving(false);
    if (saved) onClose();
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <DialogContent>
        <DialogTitle className="pr-8 text-lg font-bold">
          {method ? 'Edit shipping method' : 'Add shipping method'}
        </DialogTitle>
        <DialogDescription className="mt-1">
          Offered at checkout to the countries it serves. Prices in dollars.
        </DialogDescription>
        <form
          className="mt-4 grid grid-cols-2 gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (ready && !saving) void save();
          }}
        >
          <Field id={`${ids}-name`} label="Name" error={errors.name} className="col-span-2">
            <Input
              id={`${ids}-name`}
              value={draft.name}
              maxLength={80}
              onChange={(e) => set({ name: e.target.value })}
              {...invalidProps(`${ids}-name`, errors.name)}
            />
          </Field>
          <Field id={`${ids}-price`} label="Price ($)" error={errors.price}>
            <Input
              id={`${ids}-price`}
              inputMode="decimal"
              value={draft.price}
              onChange={(e) => set({ price: e.target.value })}
              {...invalidProps(`${ids}-price`, errors.price)}
            />
          </Field>
          <Field id={`${ids}-free`} label="Free above ($)" hint="Optional" error={errors.freeAbove}>
            <Input
              id={`${ids}-free`}
              inputMode="decimal"
              value={draft.freeAbove}
              onChange={(e) => set({ freeAbove: e.target.value })}
              {...invalidProps(`${ids}-free`, errors.freeAbove)}
            />
          </Field>
          <Field id={`${ids}-min`} label="Delivery from" hint="Days, optional">
            <Input
              id={`${ids}-min`}
              inputMode="numeric"
              value={draft.minDays}
              onChange={(e) => set({ minDays: e.target.value })}
              {...invalidProps(`${ids}-days`, errors.days)}
            />
          </Field>
          <Field id={`${ids}-max`} label="Delivery to" hint="Days, optional">
            <Input
              id={`${ids}-max`}
              inputMode="numeric"
              value={draft.maxDays}
              onChange={(e) => set({ maxDays: e.target.value })}
              {...invalidProps(`${ids}-days`, errors.days)}
            />
          </Field>
          {errors.days && (
            <p id={`${ids}-days-error`} className="col-span-2 -mt-1 text-xs text-red-700">
              {errors.days}
            </p>
          )}
          <Field id={`${ids}-countries`} label="Countries" className="col-span-2">
            <CountryPicker
              id={`${ids}-countries`}
              value={draft.countries}
              onChange={(countries) => set({ countries })}
            />
          </Field>
          <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium">
            <Checkbox checked={draft.active} onCheckedChange={(c) => set({ active: c === true })} />
            Active (offered at checkout)
          </label>
          <div className="col-span-2 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" disabled={saving} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
              {method ? 'Save' : 'Add method'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

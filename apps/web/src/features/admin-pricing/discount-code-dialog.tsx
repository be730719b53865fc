import { useId, useState } from 'react';
import { BRANDS, CATEGORIES, type DiscountCode } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { pricingApi } from './pricing-api';
import { parseDollars, parseWhole } from '@/lib/typed-numbers';
import { Field, invalidProps, runWithToast, selectClass } from '@/components/admin/pricing-ui';
import { ScopePicker } from './scope-picker';

interface Draft {
  code: string;
  kind: 'percent' | 'fixed';
  value: string;
  minSubtotal: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  categories: string[];
  brands: string[];
  active: boolean;
}

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** An ISO instant as a `datetime-local` value in the admin's time zone ("2026-12-01T09:00"). */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the admin's time zone) as an ISO instant; '' → null, undefined when unreadable. */
export function fromLocalInput(value: string): string | null | undefined {
  if (!value) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

const draftOf = (c: DiscountCode | null): Draft => ({
  code: c?.code ?? '',
  kind: c?.kind ?? 'percent',
  value: text(c?.value),
  minSubtotal: text(c?.minSubtotal),
  startsAt: toLocalInput(c?.startsAt ?? null),
  endsAt: toLocalInput(c?.endsAt ?? null),
  maxUses: text(c?.maxUses),
  maxUsesPerCustomer: text(c?.maxUsesPerCustomer),
  categories: c?.categories ?? [],
  brands: c?.brands ?? [],
  active: c?.active ?? true,
});

/**
 * Add or Edit a discount code (issue 27): every DiscountCodeBody field; dates are `datetime-local` inputs in the
 * admin's time zone sent as ISO instants; unticking Active deactivates a code (a used code cannot be deleted).
 * The server's refusal (e.g. "The code SAVE10 already exists.") is the error toast; the dialog stays open.
 */
export function DiscountCodeDialog({
  code,
  onClose,
  onSaved,
}: {
  /** The code to edit; null adds one. */
  code: DiscountCode | null;
  onClose: () => void;
  onSaved: () => Promise<void>;
}) {
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(code));
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);

  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const codeText = draft.code.trim().toUpperCase();
  const value = draft.kind === 'percent' ? parseWhole(draft.value) : parseDollars(draft.value);
  const minSubtotal = parseDollars(draft.minSubtotal);
  const startsAt = fromLocalInput(draft.startsAt);
  const endsAt = fromLocalInput(draft.endsAt);
  const maxUses = parseWhole(draft.maxUses);
  const perCustomer = parseWhole(draft.maxUsesPerCustomer);
  const errors = {
    code:
      codeText === ''
        ? tried
          ? 'Enter the code.'
          : null
        : /^[A-Z0-9_-]{3,32}$/.test(codeText)
          ? null
          : 'A code has 3 to 32 letters, digits, - or _.',
    value:
      draft.value.trim() === ''
        ? tried
          ? 'Enter the discount.'
          : null
        : draft.kind === 'percent'
          ? value === undefined || value === null || value < 1 || value > 100
            ? 'A percentage is a whole number from 1 to 100.'
            : null
          : value === undefined || value === null || value <= 0
            ? 'Enter dollars more than 0, e.g. 10.'
            : null,
    minSubtotal: minSubtotal === undefined ? 'Enter dollars, e.g. 50, or leave it empty.' : null,
    dates:
      startsAt === undefined || endsAt === undefined
        ? 'Enter a full date and time.'
        : startsAt && endsAt && Date.parse(startsAt) >= Date.parse(endsAt)
          ? 'The code must start before it ends.'
          : null,
    maxUses: maxUses === undefined || maxUses === 0 ? 'A whole number from 1, or empty for no limit.' : null,
    perCustomer:
      perCustomer === undefined || perCustomer === 0 ? 'A whole number from 1, or empty for no limit.' : null,
  };
  const ready =
    codeText !== '' && draft.value.trim() !== '' && Object.values(errors).every((e) => e === null);

  async function save() {
    setSaving(true);
    const body = {
      code: codeText,
      kind: draft.kind,
      value: value ?? 0,
      minSubtotal: minSubtotal ?? null,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
      maxUses: maxUses ?? null,
      maxUsesPerCustomer: perCustomer ?? null,
      categories: draft.categories,
      brands: draft.brands,
      active: draft.active,
    };
    const saved = await runWithToast(
      () => (code ? pricingApi.editDiscountCode(code._id, body) : pricingApi.addDiscountCode(body)),
      code ? 'Code updated' : 'Code added',
      'The code was not saved',
      onSaved,
    );
    setSaving(false);
    if (saved) onClose();
  }

  return (
    <Dialog open onOpenChange={(o) => !o && !saving && onClose()}>
      <DialogContent>
        <DialogTitle className="pr-8 text-lg font-bold">
          {code ? `Edit ${code.code}` : 'Add discount code'}
        </DialogTitle>
        <DialogDescription className="mt-1">
          One code per order, taken off the prices actually paid. Leave a condition empty for none.
        </DialogDescription>
        <form
          className="mt-4 grid grid-cols-2 gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            setTried(true);
            if (ready && !saving) void save();
          }}
        >
          <Field id={`${ids}-code`} label="Code" error={errors.code} className="col-span-2">
            <Input
              id={`${ids}-code`}
              value={draft.code}
              maxLength={32}
              autoCapitalize="characters"
              placeholder="SAVE10"
              className="font-mono uppercase"
              onChange={(e) => set({ code: e.target.value })}
              {...invalidProps(`${ids}-code`, errors.code)}
            />
          </Field>
          <Field id={`${ids}-kind`} label="Type">
            <select
              id={`${ids}-kind`}
              value={draft.kind}
              className={selectClass}
              onChange={(e) => set({ kind: e.target.value === 'fixed' ? 'fixed' : 'percent' })}
            >
              <option value="percent">Percent off</option>
              <option value="fixed">Amount off</option>
            </select>
          </Field>
          <Field
            id={`${ids}-value`}
            label={draft.kind === 'percent' ? 'Percent (%)' : 'Amount ($)'}
            error={errors.value}
          >
            <Input
              id={`${ids}-value`}
              inputMode={draft.kind === 'percent' ? 'numeric' : 'decimal'}
              value={draft.value}
              onChange={(e) => set({ value: e.target.value })}
              {...invalidProps(`${ids}-value`, errors.value)}
            />
          </Field>
          <Field
            id={`${ids}-min`}
            label="Minimum subtotal ($)"
            error={errors.minSubtotal}
            className="col-span-2"
          >
            <Input
              id={`${ids}-min`}
              inputMode="decimal"
              value={draft.minSubtotal}
              onChange={(e) => set({ minSubtotal: e.target.value })}
              {...invalidProps(`${ids}-min`, errors.minSubtotal)}
            />
          </Field>
          <Field id={`${ids}-starts`} label="Starts" className="col-span-2 sm:col-span-1">
            <Input
              id={`${ids}-starts`}
              type="datetime-local"
              value={draft.startsAt}
              onChange={(e) => set({ startsAt: e.target.value })}
              {...invalidProps(`${ids}-dates`, errors.dates)}
            />
          </Field>
          <Field id={`${ids}-ends`} label="Ends" className="col-span-2 sm:col-span-1">
            <Input
              id={`${ids}-ends`}
              type="datetime-local"
              value={draft.endsAt}
              onChange={(e) => set({ endsAt: e.target.value })}
              {...invalidProps(`${ids}-dates`, errors.dates)}
            />
          </Field>
          {errors.dates && (
            <p id={`${ids}-dates-error`} className="col-span-2 -mt-1 text-xs text-red-700">
              {errors.dates}
            </p>
          )}
          <Field id={`${ids}-uses`} label="Total uses" hint="Empty: no limit" error={errors.maxUses}>
            <Input
              id={`${ids}-uses`}
              inputMode="numeric"
              value={draft.maxUses}
              onChange={(e) => set({ maxUses: e.target.value })}
              {...invalidProps(`${ids}-uses`, errors.maxUses)}
            />
          </Field>
          <Field
            id={`${ids}-per`}
            label="Uses per customer"
            hint="Empty: no limit"
            error={errors.perCustomer}
          >
            <Input
              id={`${ids}-per`}
              inputMode="numeric"
              value={draft.maxUsesPerCustomer}
              onChange={(e) => set({ maxUsesPerCustomer: e.target.value })}
              {...invalidProps(`${ids}-per`, errors.perCustomer)}
            />
          </Field>
          <ScopePicker
            legend="Only these categories"
            options={CATEGORIES}
            value={draft.categories}
            onChange={(categories) => set({ categories })}
          />
          <ScopePicker
            legend="Only these brands"
            options={BRANDS}
            value={draft.brands}
            onChange={(brands) => set({ brands })}
          />
          <label className="col-span-2 flex min-h-11 items-center gap-2 text-sm font-medium">
            <Checkbox checked={draft.active} onCheckedChange={(c) => set({ active: c === true })} />
            Active (shoppers can use it)
          </label>
          <div className="col-span-2 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" disabled={saving} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
              {code ? 'Save' : 'Add code'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

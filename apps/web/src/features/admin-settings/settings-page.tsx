import { useEffect, useId, useState, type FormEvent } from 'react';
import { LIMITS, type ReturnSettings } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { countryOptions } from '@/lib/countries';
import { Field, invalidProps, runWithToast, selectClass } from '@/components/admin/pricing-ui';
import { settingsApi } from './settings-api';

const EMPTY: ReturnSettings = {
  name: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  country: '',
  instructions: '',
};

type Required = 'name' | 'address' | 'city' | 'pincode' | 'country';

/** The required fields with the contract's words for a blank one (packages/contract/src/shop-settings.ts). */
const REQUIRED: ReadonlyArray<{ name: Required; message: string }> = [
  { name: 'name', message: 'Name is required.' },
  { name: 'address', message: 'Address is required.' },
  { name: 'city', message: 'City is required.' },
  { name: 'pincode', message: 'Postal code is required.' },
  { name: 'country', message: 'Please choose a country.' },
];

const textareaClass =
  'block w-full rounded-lg border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-sm ' +
  'focus-visible:border-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900/20 focus-visible:outline-none';

/**
 * Settings (issue 40, item 14; /admin/settings): the return address — a whole postal address with its country (the
 * state may stay blank, many countries print none) — and the return instructions, saved together with
 * `PUT /api/admin/shop-settings`. Shoppers see them when they withdraw from a contract (the confirmation, the
 * acknowledgement e-mail, the order's details); until they are set, shoppers are told to contact the shop.
 */
export function AdminSettingsPage() {
  // undefined while reading, null when the read failed (its toast says why), else the form.
  const [form, setForm] = useState<ReturnSettings | null | undefined>(undefined);
  const [errors, setErrors] = useState<Partial<Record<Required, string>>>({});
  const [saving, setSaving] = useState(false);
  const id = useId();

  useEffect(() => {
    let live = true;
    settingsApi.get().then(
      (body) => live && setForm(body.data.returns ?? EMPTY),
      (error: unknown) => {
        if (!live) return;
        setForm(null);
        toast({
          title: 'Error',
          description: errorMessage(error, 'Failed to load settings'),
          variant: 'destructive',
        });
      },
    );
    return () => {
      live = false;
    };
  }, []);

  const set = (name: keyof ReturnSettings, value: string) => {
    setForm((f) => (f ? { ...f, [name]: value } : f));
    if (name in errors) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!form) return;
    const found = Object.fromEntries(
      REQUIRED.filter((f) => form[f.name].trim() === '').map((f) => [f.name, f.message]),
    );
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    await runWithToast(
      async () => {
        const body = await settingsApi.saveReturns(form);
        // As stored (trimmed).
        if (body.data.returns) setForm(body.data.returns);
        return body;
      },
      'Settings saved',
      'The settings were not saved',
    );
    setSaving(false);
  }

  const field = (name: keyof ReturnSettings) => `${id}-${name}`;

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold">Settings</h1>
      <form
        onSubmit={(e) => void save(e)}
        noValidate
        aria-labelledby={`${id}-returns-heading`}
        className="max-w-3xl space-y-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-sm md:p-6"
      >
        <div className="space-y-1">
          <h2 id={`${id}-returns-heading`} className="text-lg font-bold">
            Return address
          </h2>
          <p className="text-sm text-neutral-600">
            Where shoppers send the items back when they withdraw from a contract. They see it on the
            confirmation, in the acknowledgement e-mail and in the order&apos;s details. Until it is set, they
            are told to contact the shop.
          </p>
        </div>
        {!form ? (
          <p className="text-sm text-neutral-600">
            {form === null ? 'The settings could not be read.' : 'Loading…'}
          </p>
        ) : (
          <>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Field id={field('name')} label="Name" hint="Who receives the parcel" error={errors.name}>
                <Input
                  id={field('name')}
                  value={form.name}
                  maxLength={LIMITS.recipientName.max}
                  autoComplete="organization"
                  onChange={(e) => set('name', e.target.value)}
                  {...invalidProps(field('name'), errors.name ?? null)}
                />
              </Field>
              <Field id={field('address')} label="Address" error={errors.address}>
                <Input
                  id={field('address')}
                  value={form.address}
                  maxLength={LIMITS.addressField.max}
                  autoComplete="address-line1"
                  onChange={(e) => set('address', e.target.value)}
                  {...invalidProps(field('address'), errors.address ?? null)}
                />
              </Field>
              <Field id={field('city')} label="City" error={errors.city}>
                <Input
                  id={field('city')}
                  value={form.city}
                  maxLength={LIMITS.addressField.max}
                  autoComplete="address-level2"
                  onChange={(e) => set('city', e.target.value)}
                  {...invalidProps(field('city'), errors.city ?? null)}
                />
              </Field>
              <Field id={field('state')} label="State" hint="Optional: many countries print none">
                <Input
                  id={field('state')}
                  value={form.state}
                  maxLength={LIMITS.addressField.max}
                  autoComplete="address-level1"
                  onChange={(e) => set('state', e.target.value)}
                />
              </Field>
              <Field id={field('pincode')} label="Postal code" error={errors.pincode}>
                <Input
                  id={field('pincode')}
                  value={form.pincode}
                  maxLength={LIMITS.addressField.max}
                  autoComplete="postal-code"
                  onChange={(e) => set('pincode', e.target.value)}
                  {...invalidProps(field('pincode'), errors.pincode ?? null)}
                />
              </Field>
              <Field id={field('country')} label="Country" error={errors.country}>
                <select
                  id={field('country')}
                  value={form.country}
                  className={selectClass}
                  onChange={(e) => set('country', e.target.value)}
                  {...invalidProps(field('country'), errors.country ?? null)}
                >
                  <option value="">Choose a country…</option>
                  {countryOptions().map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </Field>
            </div>
            <Field
              id={field('instructions')}
              label="Return instructions"
              hint="Optional, e.g. what to put in the parcel and how to send it"
            >
              <textarea
                id={field('instructions')}
                value={form.instructions}
                maxLength={LIMITS.returnInstructions.max}
                rows={4}
                className={textareaClass}
                onChange={(e) => set('instructions', e.target.value)}
              />
            </Field>
            <Button type="submit" className="h-11 sm:h-10" disabled={saving}>
              {saving ? 'Saving...' : 'Save settings'}
            </Button>
          </>
        )}
      </form>
    </section>
  );
}

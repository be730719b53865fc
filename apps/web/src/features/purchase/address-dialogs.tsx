import { useState, type FormEvent } from 'react';
import { COUNTRY_CODES, LIMITS, MAX_ADDRESSES, type Address, type AddressFields } from '@emporium/contract';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { countryOptions } from '@/lib/countries';
import { addNewAddress, editAddress } from './addresses-slice';

/**
 * The address book's dialogs (spec §2 Account › Address, §5, §8): Add New Address / Edit Address and "Do you want to
 * delete this address?". Their code (Radix Dialog, the form) downloads when the shopper first reaches for one, not
 * with the checkout or account page (issue 46: first-load budget).
 */

const EMPTY: AddressFields = {
  name: '',
  address: '',
  city: '',
  state: '',
  pincode: '',
  phone: '',
  notes: '',
};

/** The browser's region (en-US → US) when it is a known country: the new address form's first guess (issue 27). */
function guessCountry(): string {
  const region = new Intl.Locale(navigator.language || 'en-US').maximize().region ?? 'US';
  return COUNTRY_CODES.includes(region) ? region : 'US';
}
/** The text fields in order; `optional` ones may stay blank (the spec's six are all required). */
const FIELDS: Array<{
  name: Exclude<keyof AddressFields, 'country' | 'notes'>;
  label: string;
  type?: string;
  max: number;
  optional?: boolean;
  autoComplete: string;
}> = [
  // Issue 40, item 5: the recipient, optional; the parcel needs a name, the spec's client sends none.
  { name: 'name', label: 'Full name', max: LIMITS.recipientName.max, optional: true, autoComplete: 'name' },
  { name: 'address', label: 'Address', max: LIMITS.addressField.max, autoComplete: 'address-line1' },
  { name: 'city', label: 'City', max: LIMITS.addressField.max, autoComplete: 'address-level2' },
  { name: 'state', label: 'State', max: LIMITS.addressField.max, autoComplete: 'address-level1' },
  { name: 'pincode', label: 'Pincode', max: LIMITS.addressField.max, autoComplete: 'postal-code' },
  { name: 'phone', label: 'Phone', type: 'tel', max: LIMITS.addressField.max, autoComplete: 'tel' },
];

export interface AddressDialogsProps {
  userId: string;
  /** The add/edit dialog: open, and the address being edited (null: a new one). */
  formOpen: boolean;
  editing: Address | null;
  onFormClose: () => void;
  /** The address whose deletion is being confirmed, or null. */
  toDelete: Address | null;
  onDeleteCancel: () => void;
  onDeleteConfirm: () => void;
}

export function AddressDialogs(props: AddressDialogsProps) {
  return (
    <>
      <AddressFormDialog
        open={props.formOpen}
        editing={props.editing}
        onClose={props.onFormClose}
        userId={props.userId}
      />
      <Dialog open={props.toDelete !== null} onOpenChange={(open) => !open && props.onDeleteCancel()}>
        <DialogContent>
          <DialogTitle className="text-lg font-bold">Do you want to delete this address?</DialogTitle>
          <DialogDescription className="text-neutral-600">{props.toDelete?.address}</DialogDescription>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" onClick={props.onDeleteCancel}>
              Cancel
            </Button>
            <Button variant="destructive" className="h-11 sm:h-10" onClick={props.onDeleteConfirm}>
              Continue
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

function AddressFormDialog({
  open,
  editing,
  onClose,
  userId,
}: {
  open: boolean;
  editing: Address | null;
  onClose: () => void;
  userId: string;
}) {
  const dispatch = useAppDispatch();
  const [form, setForm] = useState<AddressFields>(() =>
    editing
      ? {
          name: editing.name ?? '',
          address: editing.address,
          city: editing.city,
          state: editing.state,
          pincode: editing.pincode,
          phone: editing.phone,
          notes: editing.notes,
          country: editing.country,
        }
      : { ...EMPTY, country: guessCountry() },
  );
  const [saving, setSaving] = useState(false);

  const complete = FIELDS.every((f) => f.optional || form[f.name]?.trim()) && form.notes.trim() !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!complete) return;
    setSaving(true);
    try {
      if (editing) {
        const result = await dispatch(editAddress({ userId, addressId: editing._id, fields: form }));
        if (editAddress.fulfilled.match(result)) {
          toast({ title: 'Success', description: 'Address updated' });
          onClose();
        } else {
          toast({ title: 'Failed to update address', description: result.payload, variant: 'destructive' });
        }
      } else {
        const result = await dispatch(addNewAddress({ userId, fields: form }));
        if (addNewAddress.fulfilled.match(result)) {
          toast({ title: 'Success', description: 'Address saved' });
          onClose();
        } else if (result.payload === `You can only add ${MAX_ADDRESSES} addresses`) {
          toast({ title: "Can't add new address", description: result.payload, variant: 'destructive' });
        } else {
          toast({ title: 'Failed to add address', description: result.payload, variant: 'destructive' });
        }
      }
    } catch {
      toast({ title: 'An error occurred while saving the address', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogTitle className="text-lg font-bold">
          {editing ? 'Edit Address' : 'Add New Address'}
        </DialogTitle>
        <DialogDescription className="sr-only">All fields but the full name are required.</DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="mt-2 space-y-3">
          {FIELDS.map((f) => (
            <div key={f.name} className="space-y-1">
              <Label htmlFor={`address-${f.name}`}>
                {f.label}
                {f.optional && <span className="font-normal text-neutral-600"> (optional)</span>}
              </Label>
              <Input
                id={`address-${f.name}`}
                type={f.type ?? 'text'}
                maxLength={f.max}
                autoComplete={f.autoComplete}
                value={form[f.name] ?? ''}
                placeholder={`Enter your ${f.label.toLowerCase()}`}
                onChange={(e) => setForm({ ...form, [f.name]: e.target.value })}
              />
            </div>
          ))}
          <div className="space-y-1">
            <Label htmlFor="address-country">Country</Label>
            <select
              id="address-country"
              value={form.country}
              onChange={(e) => setForm({ ...form, country: e.target.value })}
              className="h-10 w-full rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
            >
              {countryOptions().map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className="space-y-1">
            <Label htmlFor="address-notes">Additional Notes</Label>
            <textarea
              id="address-notes"
              maxLength={LIMITS.addressNotes.max}
              value={form.notes}
              placeholder="Enter any additional notes"
              onChange={(e) => setForm({ ...form, notes: e.target.value })}
              className="min-h-20 w-full rounded-md border border-neutral-300 px-3 py-2 text-sm focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button type="button" variant="outline" className="h-11 sm:h-10" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" className="h-11 sm:h-10" disabled={!complete || saving}>
              {editing ? 'Update Address' : 'Add Address'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import { useEffect, useState, type FormEvent } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { COUNTRY_CODES, LIMITS, MAX_ADDRESSES, type Address, type AddressFields } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { cn } from '@/lib/cn';
import { countryName, countryOptions } from '@/lib/countries';
import {
  addNewAddress,
  deleteAddress,
  editAddress,
  fetchAllAddresses,
  selectAddresses,
} from './addresses-slice';

const EMPTY: AddressFields = { address: '', city: '', state: '', pincode: '', phone: '', notes: '' };

/** The browser's region (en-US → US) when it is a known country: the new address form's first guess (issue 27). */
function guessCountry(): string {
  const region = new Intl.Locale(navigator.language || 'en-US').maximize().region ?? 'US';
  return COUNTRY_CODES.includes(region) ? region : 'US';
}
const FIELDS: Array<{ name: keyof AddressFields; label: string; type?: string; max: number }> = [
  { name: 'address', label: 'Address', max: LIMITS.addressField.max },
  { name: 'city', label: 'City', max: LIMITS.addressField.max },
  { name: 'state', label: 'State', max: LIMITS.addressField.max },
  { name: 'pincode', label: 'Pincode', max: LIMITS.addressField.max },
  { name: 'phone', label: 'Phone', type: 'tel', max: LIMITS.addressField.max },
];

interface AddressBookProps {
  /** Checkout: the selected address id and how to select one. */
  selectedId?: string | null;
  onSelect?: (address: Address) => void;
  /**
   * Checkout on a phone (issue 27): show only the selected address and a "Change address" button that calls
   * `onExpand`, instead of every card.
   */
  collapsed?: boolean;
  onExpand?: () => void;
}

/**
 * The shopper's addresses (spec §2 Account › Address, §5, §8): Your Addresses, Add New Address (disabled at 3),
 * cards with Edit and Delete, the add/edit dialog and the delete confirmation. With `onSelect` (checkout) a card
 * can be selected.
 */
export function AddressBook({ selectedId, onSelect, collapsed, onExpand }: AddressBookProps) {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { addressList, isLoading } = useAppSelector(selectAddresses);
  const [editing, setEditing] = useState<Address | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Address | null>(null);

  useEffect(() => {
    if (user) void dispatch(fetchAllAddresses(user.userId));
  }, [dispatch, user]);

  if (!user) return <p className="text-neutral-600">Loading user data...</p>;
  const atLimit = addressList.length >= MAX_ADDRESSES;
  const shown = collapsed ? addressList.filter((a) => a._id === selectedId) : addressList;
  const folded = addressList.length - shown.length;

  function openAdd() {
    if (atLimit) {
      toast({
        title: "Can't add new address",
        description: `You can only add ${MAX_ADDRESSES} addresses`,
        variant: 'destructive',
      });
      return;
    }
    setEditing(null);
    setFormOpen(true);
  }

  async function confirmDelete() {
    if (!toDelete || !user) return;
    const result = await dispatch(deleteAddress({ userId: user.userId, addressId: toDelete._id }));
    setToDelete(null);
    if (deleteAddress.fulfilled.match(result)) toast({ title: 'Success', description: 'Address deleted' });
    else toast({ title: 'Failed to delete address', description: result.payload, variant: 'destructive' });
  }

  return (
    <section aria-labelledby="addresses-heading" className="@container min-w-0 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="addresses-heading" className="text-xl font-bold">
          Your Addresses
        </h2>
        <Button
          onClick={openAdd}
          aria-disabled={atLimit}
          className={cn('h-11 max-w-full sm:h-10', atLimit && 'opacity-50')}
        >
          Add New Address
        </Button>
      </div>
      {isLoading && addressList.length === 0 ? (
        <p className="text-neutral-600">Loading addresses...</p>
      ) : addressList.length === 0 ? (
        <p className="text-neutral-600">No addresses found. Add a new address to continue.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 @lg:grid-cols-2 @4xl:grid-cols-3">
          {shown.map((a) => {
            const selected = a._id === selectedId;
            return (
              <li
                key={a._id}
                data-testid="address-card"
                className={cn(
                  'relative flex min-w-0 flex-col gap-1 rounded-xl border bg-white p-4 text-sm break-words shadow-sm',
                  selected ? 'border-neutral-900 ring-2 ring-neutral-900' : 'border-neutral-200',
                )}
              >
                {onSelect && (
                  <button
                    type="button"
                    aria-pressed={selected}
                    aria-label={`Select address ${a.address}, ${a.city}`}
                    onClick={() => onSelect(a)}
                    className="absolute inset-0 cursor-pointer rounded-xl focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
                  />
                )}
                {selected && (
                  <Badge className="mb-1 self-start" aria-hidden="true">
                    Selected
                  </Badge>
                )}
                <p>
                  <span className="font-semibold">Address:</span> {a.address}
                </p>
                <p>
                  <span className="font-semibold">City:</span> {a.city}
                </p>
                <p>
                  <span className="font-semibold">State:</span> {a.state}
                </p>
                <p>
                  <span className="font-semibold">Pincode:</span> {a.pincode}
                </p>
                <p>
                  <span className="font-semibold">Country:</span> {countryName(a.country)}
                </p>
                <p>
                  <span className="font-semibold">Phone:</span> {a.phone}
                </p>
                <p className="break-words">
                  <span className="font-semibold">Notes:</span> {a.notes}
                </p>
                <div className="relative mt-2 flex flex-wrap gap-2">
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-11 sm:h-9"
                    onClick={() => {
                      setEditing(a);
                      setFormOpen(true);
                    }}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button size="sm" variant="outline" className="h-11 sm:h-9" onClick={() => setToDelete(a)}>
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {folded > 0 && (
        <Button variant="outline" className="h-11 sm:h-10" onClick={onExpand}>
          Change address ({folded} more)
        </Button>
      )}
      <AddressFormDialog
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        userId={user.userId}
      />
      <Dialog open={toDelete !== null} onOpenChange={(open) => !open && setToDelete(null)}>
        <DialogContent>
          <DialogTitle className="text-lg font-bold">Do you want to delete this address?</DialogTitle>
          <DialogDescription className="text-neutral-600">{toDelete?.address}</DialogDescription>
          <div className="mt-4 flex flex-wrap justify-end gap-2">
            <Button variant="outline" className="h-11 sm:h-10" onClick={() => setToDelete(null)}>
              Cancel
            </Button>
            <Button variant="destructive" className="h-11 sm:h-10" onClick={() => void confirmDelete()}>
              Continue
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
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

  const complete = Object.values(form).every((v) => v.trim() !== '');

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
        <DialogDescription className="sr-only">All fields are required.</DialogDescription>
        <form onSubmit={(e) => void submit(e)} className="mt-2 space-y-3">
          {FIELDS.map((f) => (
            <div key={f.name} className="space-y-1">
              <Label htmlFor={`address-${f.name}`}>{f.label}</Label>
              <Input
                id={`address-${f.name}`}
                type={f.type ?? 'text'}
                maxLength={f.max}
                value={form[f.name]}
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

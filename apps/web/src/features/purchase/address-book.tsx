import { Suspense, useEffect, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import { MAX_ADDRESSES, type Address } from '@emporium/contract';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { useSessionUser } from '@/app/session';
import { cn } from '@/lib/cn';
import { countryName } from '@/lib/countries';
import { lazyComponent } from '@/lib/lazy-component';
import { useReached } from '@/lib/use-reached';
import { deleteAddress, fetchAllAddresses, selectAddresses } from './addresses-slice';

// The dialogs (Radix Dialog and the form) download on first use; pointing at or focusing a button that opens one
// starts the download (issue 46: first-load budget).
const addressDialogs = lazyComponent(
  () => import('./address-dialogs'),
  (m) => m.AddressDialogs,
);
const warmDialogs = { onPointerEnter: addressDialogs.preload, onFocus: addressDialogs.preload };

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
 * cards with Edit and Delete (and the recipient's full name when given, issue 40), the add/edit dialog and the delete
 * confirmation. With `onSelect` (checkout) a card can be selected.
 */
export function AddressBook({ selectedId, onSelect, collapsed, onExpand }: AddressBookProps) {
  const dispatch = useAppDispatch();
  const user = useSessionUser();
  const { addressList, isLoading } = useAppSelector(selectAddresses);
  const [editing, setEditing] = useState<Address | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Address | null>(null);
  // Mounted from the first open on, so that a dialog closes as it opened.
  const dialogsUsed = useReached(formOpen || toDelete !== null);

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
          {...warmDialogs}
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
                {a.name && (
                  <p>
                    <span className="font-semibold">Full name:</span> {a.name}
                  </p>
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
                    {...warmDialogs}
                    onClick={() => {
                      setEditing(a);
                      setFormOpen(true);
                    }}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    className="h-11 sm:h-9"
                    {...warmDialogs}
                    onClick={() => setToDelete(a)}
                  >
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
      {dialogsUsed && (
        <Suspense fallback={null}>
          <addressDialogs.Component
            userId={user.userId}
            formOpen={formOpen}
            editing={editing}
            onFormClose={() => setFormOpen(false)}
            toDelete={toDelete}
            onDeleteCancel={() => setToDelete(null)}
            onDeleteConfirm={() => void confirmDelete()}
          />
        </Suspense>
      )}
    </section>
  );
}

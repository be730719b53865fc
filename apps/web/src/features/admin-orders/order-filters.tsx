import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ORDER_STATUSES } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { AdminOrderQuery } from '@/lib/admin/admin-api';
import { FIELD_CLASS, LabelledSelect, ListSearch } from '@/components/admin/list-controls';

export const NO_ORDER_FILTERS = {
  search: '',
  status: '',
  from: '',
  to: '',
  withdrawal: '',
  refund: '',
  payment: '',
} as const;

/** The on/off filters, each a checkbox: the query key and its value when on. */
const CHECKBOX_FILTERS = [
  { id: 'order-filter-withdrawal', label: 'Withdrawals to process', key: 'withdrawal', on: 'open' },
  { id: 'order-filter-refund', label: 'Refunds due', key: 'refund', on: 'due' },
  { id: 'order-filter-payment', label: 'Unpaid checkouts', key: 'payment', on: 'unpaid' },
] as const;

/**
 * The order list's filters (issue 11): a search box (the order number, either end of the order id, or the customer), a status filter,
 * a date range, "Withdrawals to process" (issue 26: orders whose shopper withdrew and that wait for the refund),
 * "Refunds due" (cancelled paid orders whose refund the provider refused), "Unpaid checkouts" (issue 40: checkouts
 * never paid, which the list leaves out otherwise) and
 * Clear filters. `onFilter` changes the query (back to page 1); the search text is debounced by the page. A link to
 * `/admin/orders?withdrawal=open` (the dashboard's) turns the withdrawal filter on, then leaves the address plain.
 */
export function OrderFilters({
  query,
  searchText,
  onSearchText,
  onFilter,
}: {
  query: AdminOrderQuery;
  searchText: string;
  onSearchText: (text: string) => void;
  onFilter: (change: Partial<AdminOrderQuery>) => void;
}) {
  const filtered = Boolean(
    query.search ||
    query.status ||
    query.from ||
    query.to ||
    query.withdrawal ||
    query.refund ||
    query.payment,
  );
  const [params, setParams] = useSearchParams();
  const linkedWithdrawals = params.get('withdrawal') === 'open';
  // The page passes a new `onFilter` on every render; the link is applied once, when it appears in the address.
  const onFilterRef = useRef(onFilter);
  useEffect(() => {
    onFilterRef.current = onFilter;
  });

  useEffect(() => {
    if (!linkedWithdrawals) return;
    const plain = new URLSearchParams(params);
    plain.delete('withdrawal');
    setParams(plain, { replace: true });
    onFilterRef.current({ withdrawal: 'open' });
  }, [linkedWithdrawals, params, setParams]);

  return (
    <div
      className="grid grid-cols-2 gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end"
      role="search"
    >
      <div className="col-span-2 space-y-1 md:col-span-1">
        <ListSearch
          id="order-search"
          label="Search orders"
          placeholder="Order number, ID, name or e-mail"
          value={searchText}
          onChange={onSearchText}
        />
      </div>
      <div className="col-span-2 space-y-1 md:col-span-1">
        <LabelledSelect
          id="order-filter-status"
          label="Status"
          value={query.status}
          onChange={(status) => onFilter({ status })}
          options={ORDER_STATUSES}
          placeholder="All statuses"
        />
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="order-filter-from">From</Label>
        <input
          id="order-filter-from"
          type="date"
          className={FIELD_CLASS}
          value={query.from}
          max={query.to || undefined}
          onChange={(e) => onFilter({ from: e.target.value })}
        />
      </div>
      <div className="min-w-0 space-y-1">
        <Label htmlFor="order-filter-to">To</Label>
        <input
          id="order-filter-to"
          type="date"
          className={FIELD_CLASS}
          value={query.to}
          min={query.from || undefined}
          onChange={(e) => onFilter({ to: e.target.value })}
        />
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-x-6 md:order-last md:col-span-5">
        {CHECKBOX_FILTERS.map(({ id, label, key, on }) => (
          <span key={id} className="flex min-h-11 items-center gap-2 md:min-h-0">
            <Checkbox
              id={id}
              checked={query[key] === on}
              onCheckedChange={(c) => onFilter({ [key]: c === true ? on : '' })}
            />
            <Label htmlFor={id} className="cursor-pointer">
              {label}
            </Label>
          </span>
        ))}
      </div>
      <Button
        variant="ghost"
        className="col-span-2 h-11 md:col-span-1 md:h-10"
        disabled={!filtered && !searchText}
        onClick={() => {
          onSearchText('');
          onFilter(NO_ORDER_FILTERS);
        }}
      >
        Clear filters
      </Button>
    </div>
  );
}

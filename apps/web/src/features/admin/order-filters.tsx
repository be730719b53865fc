import { ORDER_STATUSES } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import type { AdminOrderQuery } from './admin-api';
import { FIELD_CLASS, LabelledSelect, ListSearch } from './list-controls';

export const NO_ORDER_FILTERS = { search: '', status: '', from: '', to: '' } as const;

/**
 * The order list's filters (issue 11): a search box (the order number, either end of the order id, or the customer), a status filter,
 * a date range and Clear filters. `onFilter` changes the query (back to page 1); the search text is debounced by the
 * page.
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
  const filtered = Boolean(query.search || query.status || query.from || query.to);
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

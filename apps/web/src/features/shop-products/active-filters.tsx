import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { facetLabel } from '@emporium/contract';
import { FILTER_GROUPS, type FilterGroup, type Filters } from '@/lib/filters';

/** How a filter value is shown: as stored for categories and brands, a facet's in its display form ("XL", "Red"). */
function labelOf(group: FilterGroup, value: string): string {
  return group === 'size' || group === 'colour' ? facetLabel(group, value) : value;
}

/**
 * The active filter values in order (categories, brands, sizes, colours) with their labels, e.g. `Men · Nike · 42`
 * for the listing's heading.
 */
export function activeFilterValues(
  filters: Filters,
): Array<{ group: FilterGroup; value: string; label: string }> {
  return FILTER_GROUPS.flatMap((group) =>
    filters[group].map((value) => ({ group, value, label: labelOf(group, value) })),
  );
}

interface ActiveFiltersProps {
  filters: Filters;
  onRemove: (group: FilterGroup, value: string) => void;
  onClearAll: () => void;
}

/** A chip per active filter value (pressing it removes that value) and "Clear all". Nothing when no filter is set. */
export function ActiveFilters({ filters, onRemove, onClearAll }: ActiveFiltersProps) {
  const active = activeFilterValues(filters);
  if (active.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-neutral-200 px-4 py-3">
      <span id="active-filters-label" className="sr-only">
        Active filters
      </span>
      <ul aria-labelledby="active-filters-label" className="flex min-w-0 flex-wrap gap-2">
        {active.map(({ group, value, label }) => (
          <li key={`${group}:${value}`} className="min-w-0">
            <button
              type="button"
              data-testid="filter-chip"
              aria-label={`Remove filter ${label}`}
              onClick={() => onRemove(group, value)}
              className="inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full border border-neutral-300 bg-neutral-100 py-1 pr-2 pl-3 text-sm font-medium text-neutral-900 hover:bg-neutral-200 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
            >
              <span className="truncate">{label}</span>
              <X className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="link" size="sm" className="h-8 px-1" onClick={onClearAll}>
        Clear all
      </Button>
    </div>
  );
}

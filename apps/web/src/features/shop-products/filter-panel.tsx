import { useId, useState } from 'react';
import { LoaderCircle, SlidersHorizontal } from 'lucide-react';
import { BRANDS, CATEGORIES, FILTER_COLLAPSE_AFTER } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { FILTER_GROUPS, type FilterGroup, type Filters } from '@/lib/filters';

const GROUPS: Array<{ id: FilterGroup; label: string; options: readonly string[] }> = [
  { id: 'category', label: 'Category', options: CATEGORIES },
  { id: 'brand', label: 'Brand', options: BRANDS },
];

function activeCount(filters: Filters): number {
  return FILTER_GROUPS.reduce((sum, group) => sum + filters[group].length, 0);
}

interface FilterPanelProps {
  filters: Filters;
  onToggle: (group: FilterGroup, value: string) => void;
  className?: string;
}

/**
 * The listing's Filters panel (spec §2) as a column beside the grid: one group per filter with "Show More (n more)"
 * after FILTER_COLLAPSE_AFTER options. Narrower screens get the same groups in FilterDrawer instead.
 */
export function FilterPanel({ filters, onToggle, className }: FilterPanelProps) {
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className={cn('self-start rounded-2xl border border-neutral-200 bg-white shadow-sm', className)}
    >
      <h2 id={headingId} className="border-b border-neutral-200 p-4 text-lg font-extrabold">
        Filters
      </h2>
      <FilterGroups filters={filters} onToggle={onToggle} className="space-y-6 p-4" />
    </aside>
  );
}

interface FilterDrawerProps extends FilterPanelProps {
  /** The number of products the current filters match (the listing's "No. of Products"). */
  total: number;
  /** A new list is on its way, so `total` is about to change. */
  isLoading: boolean;
  onClearAll: () => void;
}

/**
 * The "Filters" button (with the number of active filters) and the drawer it opens on phones and tablets. Each tick
 * applies at once, as in the side panel; the footer button names how many products match and closes the drawer.
 */
export function FilterDrawer({
  filters,
  total,
  isLoading,
  onToggle,
  onClearAll,
  className,
}: FilterDrawerProps) {
  const active = activeCount(filters);
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm" className={cn('h-11 sm:h-9', className)}>
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
        <div className="flex min-h-8 items-center gap-2 pr-10">
          <SheetTitle>Filters</SheetTitle>
          {active > 0 && (
            <Button variant="link" size="sm" className="ml-auto" onClick={onClearAll}>
              Clear all
            </Button>
          )}
        </div>
        <SheetDescription className="sr-only">Each filter applies as soon as it is ticked.</SheetDescription>
        <FilterGroups
          filters={filters}
          onToggle={onToggle}
          touch
          className="-mx-6 flex-1 space-y-6 overflow-y-auto border-t border-neutral-200 px-6 pt-4"
        />
        <div className="-mx-6 -mb-6 border-t border-neutral-200 bg-white px-6 py-4">
          <SheetClose asChild>
            <Button className="h-11 w-full" aria-busy={isLoading}>
              {isLoading && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
              {total === 1 ? 'Show 1 result' : `Show ${total} results`}
            </Button>
          </SheetClose>
        </div>
      </SheetContent>
    </Sheet>
  );
}

interface FilterGroupsProps extends FilterPanelProps {
  /** Rows tall enough to tap (the drawer); the side panel keeps them compact. */
  touch?: boolean;
}

function FilterGroups({ filters, onToggle, touch = false, className }: FilterGroupsProps) {
  // The side panel and the drawer can both be in the page, so their ids must differ.
  const idPrefix = useId();
  return (
    <div className={className}>
      {GROUPS.map((group) => (
        <FilterGroupOptions
          key={group.id}
          idPrefix={idPrefix}
          group={group.id}
          label={group.label}
          options={group.options}
          selected={filters[group.id]}
          touch={touch}
          onToggle={onToggle}
        />
      ))}
    </div>
  );
}

interface FilterGroupOptionsProps {
  idPrefix: string;
  group: FilterGroup;
  label: string;
  options: readonly string[];
  selected: string[];
  touch: boolean;
  onToggle: (group: FilterGroup, value: string) => void;
}

function FilterGroupOptions({
  idPrefix,
  group,
  label,
  options,
  selected,
  touch,
  onToggle,
}: FilterGroupOptionsProps) {
  // A selected option is never hidden: start expanded when one sits beyond the first options.
  const [expanded, setExpanded] = useState(() =>
    selected.some((value) => options.indexOf(value) >= FILTER_COLLAPSE_AFTER),
  );
  const hidden = options.length - FILTER_COLLAPSE_AFTER;
  const visible = expanded ? options : options.slice(0, FILTER_COLLAPSE_AFTER);
  const listId = `${idPrefix}-${group}-options`;

  return (
    <fieldset>
      <legend className="text-base font-bold">{label}</legend>
      <div id={listId} className={touch ? 'mt-1 grid' : 'mt-2 grid gap-2'}>
        {visible.map((option) => {
          const id = `${idPrefix}-${group}-${option.replace(/[^a-z0-9]+/gi, '-')}`;
          return (
            <div key={option} className={cn('flex items-center', touch ? 'gap-3' : 'gap-2')}>
              <Checkbox
                id={id}
                checked={selected.includes(option)}
                onCheckedChange={() => onToggle(group, option)}
              />
              <Label htmlFor={id} className={cn('cursor-pointer font-normal', touch && 'flex-1 py-2.5')}>
                {option}
              </Label>
            </div>
          );
        })}
      </div>
      {hidden > 0 && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
          className={cn(
            'cursor-pointer text-sm font-medium text-neutral-700 underline-offset-4 hover:text-neutral-900 hover:underline',
            touch ? 'py-2.5' : 'mt-2',
          )}
        >
          {expanded ? 'Show Less' : `Show More (${hidden} more)`}
        </button>
      )}
    </fieldset>
  );
}

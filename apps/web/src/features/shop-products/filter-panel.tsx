import { useId, useState } from 'react';
import { SlidersHorizontal } from 'lucide-react';
import {
  BRANDS,
  CATEGORIES,
  FILTER_COLLAPSE_AFTER,
  facetLabel,
  OPTION_FACETS,
  type ListingFacets,
} from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { DeferredPopup, useDeferredPopup, type StandInProps } from '@/components/ui/deferred-popup';
import { cn } from '@/lib/cn';
import { FACET_GROUPS, FILTER_GROUPS, type FilterGroup, type Filters } from '@/lib/filters';
import { lazyComponent } from '@/lib/lazy-component';

const drawerSheet = lazyComponent(
  () => import('./filter-drawer-sheet'),
  (m) => m.FilterDrawerSheet,
);

/** A value of a filter group and how its checkbox reads ("Men", or a facet's "42 (3)"). */
interface FilterOption {
  value: string;
  label: string;
}

interface Group {
  id: FilterGroup;
  label: string;
  options: FilterOption[];
}

const plain = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const FIXED_GROUPS: Group[] = [
  { id: 'category', label: 'Category', options: plain(CATEGORIES) },
  { id: 'brand', label: 'Brand', options: plain(BRANDS) },
];

/**
 * The listing's groups: Category and Brand, then Size and Colour (issue 28) with the values the catalog's variants
 * offer and how many products matching the other filters have each ("42 (3)"). A ticked value the answer no longer
 * counts stays listed (at 0) so it can be unticked; a facet group without values is left out.
 */
function groupsOf(filters: Filters, facets: ListingFacets | null | undefined): Group[] {
  const facetGroups = FACET_GROUPS.flatMap((facet): Group[] => {
    const counted = facets?.[facet] ?? [];
    const missing = filters[facet].filter((value) => !counted.some((c) => c.value === value));
    const options = [...counted, ...missing.map((value) => ({ value, count: 0 }))].map(
      ({ value, count }) => ({
        value,
        label: `${facetLabel(facet, value)} (${count})`,
      }),
    );
    return options.length > 0 ? [{ id: facet, label: OPTION_FACETS[facet].label, options }] : [];
  });
  return [...FIXED_GROUPS, ...facetGroups];
}

function activeCount(filters: Filters): number {
  return FILTER_GROUPS.reduce((sum, group) => sum + filters[group].length, 0);
}

interface FilterPanelProps {
  filters: Filters;
  /** The Size and Colour facets of the list shown (issue 28); none until a list has been answered. */
  facets?: ListingFacets | null;
  onToggle: (group: FilterGroup, value: string) => void;
  className?: string;
}

/**
 * The listing's Filters panel (spec §2) as a column beside the grid: one group per filter with "Show More (n more)"
 * after FILTER_COLLAPSE_AFTER options. Narrower screens get the same groups in FilterDrawer instead.
 */
export function FilterPanel({ filters, facets, onToggle, className }: FilterPanelProps) {
  const headingId = useId();
  return (
    <aside
      aria-labelledby={headingId}
      className={cn('self-start rounded-2xl border border-neutral-200 bg-white shadow-sm', className)}
    >
      <h2 id={headingId} className="border-b border-neutral-200 p-4 text-lg font-extrabold">
        Filters
      </h2>
      <FilterGroups filters={filters} facets={facets} onToggle={onToggle} className="space-y-6 p-4" />
    </aside>
  );
}

export interface FilterDrawerProps extends FilterPanelProps {
  /** The number of products the current filters match (the listing's "No. of Products"). */
  total: number;
  /** A new list is on its way, so `total` is about to change. */
  isLoading: boolean;
  onClearAll: () => void;
}

/**
 * The "Filters" button (with the number of active filters) and the drawer it opens on phones and tablets
 * (filter-drawer-sheet.tsx, with its Radix code, downloads on first use: issue 13).
 */
export function FilterDrawer({ className, ...drawer }: FilterDrawerProps) {
  const sheet = useDeferredPopup('dialog', drawerSheet.preload);
  const active = activeCount(drawer.filters);
  const button = (props?: StandInProps) => (
    <Button variant="outline" size="sm" className={cn('h-11 sm:h-9', className)} {...props}>
      <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
      {active > 0 ? `Filters (${active})` : 'Filters'}
    </Button>
  );
  return (
    <DeferredPopup loaded={sheet.loaded} standIn={button(sheet.standInProps)}>
      <drawerSheet.Component
        {...drawer}
        open={sheet.open}
        onOpenChange={sheet.setOpen}
        trigger={button()}
        active={active}
      />
    </DeferredPopup>
  );
}

interface FilterGroupsProps extends FilterPanelProps {
  /** Rows tall enough to tap (the drawer); the side panel keeps them compact. */
  touch?: boolean;
}

export function FilterGroups({ filters, facets, onToggle, touch = false, className }: FilterGroupsProps) {
  // Each label points at its checkbox by id: a prefix of this instance's own keeps the ids unique in the page.
  const idPrefix = useId();
  return (
    <div className={className}>
      {groupsOf(filters, facets).map((group) => (
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
  options: FilterOption[];
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
    selected.some((value) => options.findIndex((o) => o.value === value) >= FILTER_COLLAPSE_AFTER),
  );
  const hidden = options.length - FILTER_COLLAPSE_AFTER;
  const visible = expanded ? options : options.slice(0, FILTER_COLLAPSE_AFTER);
  const listId = `${idPrefix}-${group}-options`;

  return (
    <fieldset>
      <legend className="text-base font-bold">{label}</legend>
      <div id={listId} className={touch ? 'mt-1 grid' : 'mt-2 grid gap-2'}>
        {visible.map(({ value, label: text }) => {
          const id = `${idPrefix}-${group}-${encodeURIComponent(value).replace(/[^a-z0-9]+/gi, '-')}`;
          return (
            <div key={value} className={cn('flex items-center', touch ? 'gap-3' : 'gap-2')}>
              <Checkbox
                id={id}
                checked={selected.includes(value)}
                onCheckedChange={() => onToggle(group, value)}
              />
              <Label htmlFor={id} className={cn('cursor-pointer font-normal', touch && 'flex-1 py-2.5')}>
                {text}
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

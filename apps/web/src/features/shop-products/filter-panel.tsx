import { useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { BRANDS, CATEGORIES, FILTER_COLLAPSE_AFTER } from '@emporium/contract';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import type { FilterGroup, Filters } from '@/lib/filters';

const GROUPS: Array<{ id: FilterGroup; label: string; options: readonly string[] }> = [
  { id: 'category', label: 'Category', options: CATEGORIES },
  { id: 'brand', label: 'Brand', options: BRANDS },
];

interface FilterPanelProps {
  filters: Filters;
  onToggle: (group: FilterGroup, value: string) => void;
}

/**
 * The listing's Filters panel (spec §2): one group per filter with "Show More (n more)" after
 * FILTER_COLLAPSE_AFTER options. On phones the groups fold behind a toggle so the products stay on the first
 * screen; from the `md` breakpoint up they are always shown.
 */
export function FilterPanel({ filters, onToggle }: FilterPanelProps) {
  const [open, setOpen] = useState(false);
  const active = filters.category.length + filters.brand.length;
  return (
    <aside
      aria-labelledby="filters-heading"
      className="self-start rounded-2xl border border-neutral-200 bg-white shadow-sm"
    >
      <div
        className={`flex items-center justify-between gap-2 border-neutral-200 p-4 ${open ? 'border-b' : 'md:border-b'}`}
      >
        <h2 id="filters-heading" className="text-lg font-extrabold">
          Filters
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="filter-groups"
          onClick={() => setOpen(!open)}
          className="flex cursor-pointer items-center gap-1 rounded-md px-2 py-1 text-sm font-medium text-neutral-700 hover:bg-neutral-100 md:hidden"
        >
          {open ? 'Hide filters' : active > 0 ? `Show filters (${active} selected)` : 'Show filters'}
          <ChevronDown aria-hidden className={open ? 'size-4 rotate-180' : 'size-4'} />
        </button>
      </div>
      <div id="filter-groups" className={open ? 'space-y-6 p-4' : 'hidden space-y-6 p-4 md:block'}>
        {GROUPS.map((group) => (
          <FilterGroupOptions
            key={group.id}
            group={group.id}
            label={group.label}
            options={group.options}
            selected={filters[group.id]}
            onToggle={onToggle}
          />
        ))}
      </div>
    </aside>
  );
}

interface FilterGroupOptionsProps {
  group: FilterGroup;
  label: string;
  options: readonly string[];
  selected: string[];
  onToggle: (group: FilterGroup, value: string) => void;
}

function FilterGroupOptions({ group, label, options, selected, onToggle }: FilterGroupOptionsProps) {
  // A selected option is never hidden: start expanded when one sits beyond the first options.
  const [expanded, setExpanded] = useState(() =>
    selected.some((value) => options.indexOf(value) >= FILTER_COLLAPSE_AFTER),
  );
  const hidden = options.length - FILTER_COLLAPSE_AFTER;
  const visible = expanded ? options : options.slice(0, FILTER_COLLAPSE_AFTER);
  const listId = `filter-${group}-options`;

  return (
    <fieldset>
      <legend className="text-base font-bold">{label}</legend>
      <div id={listId} className="mt-2 grid gap-2">
        {visible.map((option) => {
          const id = `filter-${group}-${option.replace(/[^a-z0-9]+/gi, '-')}`;
          return (
            <div key={option} className="flex items-center gap-2">
              <Checkbox
                id={id}
                checked={selected.includes(option)}
                onCheckedChange={() => onToggle(group, option)}
              />
              <Label htmlFor={id} className="cursor-pointer font-normal">
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
          className="mt-2 cursor-pointer text-sm font-medium text-neutral-700 underline-offset-4 hover:text-neutral-900 hover:underline"
        >
          {expanded ? 'Show Less' : `Show More (${hidden} more)`}
        </button>
      )}
    </fieldset>
  );
}

import { ArrowUpDown } from 'lucide-react';
import { SORT_OPTIONS, type SortBy } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { parseSortBy } from '@/lib/filters';

interface SortMenuProps {
  sortBy: SortBy;
  onChange: (sortBy: SortBy) => void;
}

/**
 * The "Sort by" radio menu (spec §2), its button naming the current order. On phones the button is tap-sized and
 * its label takes two lines, so it fits beside the Filters button.
 */
export function SortMenu({ sortBy, onChange }: SortMenuProps) {
  const label = SORT_OPTIONS.find((option) => option.id === sortBy)?.label ?? '';
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" className="h-11 sm:h-9">
          <ArrowUpDown className="hidden h-4 w-4 sm:block" aria-hidden="true" />
          <span className="flex flex-col items-start leading-tight sm:block">
            <span className="text-xs text-neutral-600 sm:text-sm sm:text-neutral-900">Sort by: </span>
            <span>{label}</span>
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52">
        <DropdownMenuRadioGroup value={sortBy} onValueChange={(value) => onChange(parseSortBy(value))}>
          {SORT_OPTIONS.map((option) => (
            <DropdownMenuRadioItem key={option.id} value={option.id}>
              {option.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

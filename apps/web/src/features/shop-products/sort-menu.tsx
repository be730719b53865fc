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

export function SortMenu({ sortBy, onChange }: SortMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <ArrowUpDown className="h-4 w-4" aria-hidden="true" />
          <span>{`Sort by: ${SORT_OPTIONS.find((option) => option.id === sortBy)?.label ?? ''}`}</span>
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

import type { ReactElement } from 'react';
import { SORT_OPTIONS, type SortBy } from '@emporium/contract';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useFirstItemFocus } from '@/components/ui/deferred-popup';
import { parseSortBy } from '@/lib/filters';

export interface SortMenuDropdownProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Sort by" button (sort-menu.tsx), made the menu's trigger. */
  trigger: ReactElement;
  sortBy: SortBy;
  onChange: (sortBy: SortBy) => void;
  /** The menu mounts open from a key press on the stand-in button: focus its first item, as Radix would. */
  focusFirstItem: boolean;
}

/** The sort options as a radio menu (spec §2), loaded on first open by SortMenu. */
export function SortMenuDropdown({
  open,
  onOpenChange,
  trigger,
  sortBy,
  onChange,
  focusFirstItem,
}: SortMenuDropdownProps) {
  // Only for the open the menu mounts with; later opens go through Radix's own trigger.
  const onFocus = useFirstItemFocus(focusFirstItem);
  return (
    <DropdownMenu open={open} onOpenChange={onOpenChange} modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-52" onFocus={onFocus}>
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

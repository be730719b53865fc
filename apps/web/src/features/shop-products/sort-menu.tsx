import { ArrowUpDown } from 'lucide-react';
import { SORT_OPTIONS, type SortBy } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { DeferredPopup, useDeferredPopup, type StandInProps } from '@/components/ui/deferred-popup';
import { lazyComponent } from '@/lib/lazy-component';

// The menu and its Radix primitives download on first use, not with the listing (issue 13).
const dropdown = lazyComponent(
  () => import('./sort-menu-dropdown'),
  (m) => m.SortMenuDropdown,
);

interface SortMenuProps {
  sortBy: SortBy;
  onChange: (sortBy: SortBy) => void;
}

/**
 * The "Sort by" radio menu (spec §2), its button naming the current order. Below 1024 px the button is tap-sized
 * (44 px, issue 40 item 11); on phones its label takes two lines, so it fits beside the Filters button.
 */
export function SortMenu({ sortBy, onChange }: SortMenuProps) {
  const menu = useDeferredPopup('menu', dropdown.preload);
  const label = SORT_OPTIONS.find((option) => option.id === sortBy)?.label ?? '';
  const button = (props?: StandInProps) => (
    <Button variant="outline" size="sm" className="h-11 lg:h-9" {...props}>
      <ArrowUpDown className="hidden h-4 w-4 sm:block" aria-hidden="true" />
      <span className="flex flex-col items-start leading-tight sm:block">
        <span className="text-xs text-neutral-600 sm:text-sm sm:text-neutral-900">Sort by: </span>
        <span>{label}</span>
      </span>
    </Button>
  );
  return (
    <DeferredPopup loaded={menu.loaded} standIn={button(menu.standInProps)}>
      <dropdown.Component
        open={menu.open}
        onOpenChange={menu.setOpen}
        trigger={button()}
        sortBy={sortBy}
        onChange={onChange}
        focusFirstItem={menu.openedByKeyboard}
      />
    </DeferredPopup>
  );
}

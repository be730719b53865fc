import type { ReactElement } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetTitle,
  SheetTrigger,
} from '@/components/ui/sheet';
import { FilterGroups, type FilterDrawerProps } from './filter-panel';

export interface FilterDrawerSheetProps extends Omit<FilterDrawerProps, 'className'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The "Filters" button (filter-panel.tsx), made the drawer's trigger. */
  trigger: ReactElement;
  /** How many filters are ticked. */
  active: number;
}

/**
 * The filter drawer itself, loaded on first open by FilterDrawer. Each tick applies at once, as in the side panel;
 * the footer button names how many products match and closes the drawer.
 */
export function FilterDrawerSheet({
  open,
  onOpenChange,
  trigger,
  active,
  filters,
  facets,
  total,
  isLoading,
  onToggle,
  onClearAll,
}: FilterDrawerSheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
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
          facets={facets}
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

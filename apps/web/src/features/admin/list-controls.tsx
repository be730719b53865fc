import { Search } from 'lucide-react';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The search box of an admin list: a labelled search input with a magnifier, bounded like the server's query. */
export function ListSearch(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Label htmlFor={props.id}>{props.label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-neutral-500"
          aria-hidden="true"
        />
        <Input
          id={props.id}
          type="search"
          className="pl-9"
          placeholder={props.placeholder}
          maxLength={LIMITS.searchQuery.max}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
    </>
  );
}

/** Previous / Page n of m / Next under an admin list (44 px tap targets on phones). */
export function ListPager(props: {
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label={props.label} className="mt-4 flex items-center justify-between gap-2 text-sm">
      <Button
        size="sm"
        variant="outline"
        className="h-11 sm:h-9"
        disabled={props.page <= 1}
        onClick={() => props.onPage(props.page - 1)}
      >
        Previous
      </Button>
      <span>
        Page {props.page} of {props.pages}
      </span>
      <Button
        size="sm"
        variant="outline"
        className="h-11 sm:h-9"
        disabled={props.page >= props.pages}
        onClick={() => props.onPage(props.page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}

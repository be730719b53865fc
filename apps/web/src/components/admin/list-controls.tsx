import { Search } from 'lucide-react';
import { LIMITS } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** The look of the admin's native form fields (selects, date inputs). */
export const FIELD_CLASS =
  'h-10 w-full min-w-0 rounded-md border border-neutral-300 bg-white px-3 text-sm focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none';

/**
 * A labelled native select. `options` are values shown as they are, or `{value, label}` pairs; `placeholder`, when
 * given, is a first option with the value '' (no filter, or nothing chosen yet).
 */
export function LabelledSelect<T extends string>(props: {
  id: string;
  label: string;
  value: T | '';
  onChange: (value: T | '') => void;
  options: ReadonlyArray<T | { value: T; label: string }>;
  placeholder?: string;
}) {
  return (
    <>
      <Label htmlFor={props.id}>{props.label}</Label>
      <select
        id={props.id}
        className={FIELD_CLASS}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value as T | '')}
      >
        {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
        {props.options.map((o) =>
          typeof o === 'string' ? (
            <option key={o}>{o}</option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
    </>
  );
}

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

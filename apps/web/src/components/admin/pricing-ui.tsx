/**
 * Pieces shared by the admin pricing pages (issue 27): the stacked-card table classes, form helpers and the list
 * loader with its toasts. Country names are lib/countries.ts, typed numbers lib/typed-numbers.ts.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';

/** A native select styled like the Input. */
export const selectClass =
  'h-10 w-full rounded-lg border border-neutral-300 bg-white px-2 text-sm text-neutral-900 shadow-sm ' +
  'focus-visible:border-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900/20 focus-visible:outline-none';

/**
 * Classes of a table whose rows are two-column cards on a narrow screen and table rows from `at` on (so nothing
 * scrolls sideways on a phone). `at` is the Tailwind breakpoint prefix, spelled out so the classes are generated.
 */
export const TABLE = {
  md: {
    table: 'block w-full text-left text-sm md:table',
    head: 'hidden border-b border-neutral-200 text-neutral-600 md:table-header-group',
    body: 'block space-y-3 md:table-row-group md:space-y-0',
    row: 'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 bg-white p-3 md:table-row md:rounded-none md:border-0 md:border-b md:border-neutral-100 md:bg-transparent md:p-0',
    cell: 'min-w-0 break-words md:py-2 md:pr-3 md:align-top',
    label: 'block text-xs text-neutral-600 md:hidden',
    wide: 'col-span-2 md:col-span-1',
  },
  xl: {
    table: 'block w-full text-left text-sm xl:table',
    head: 'hidden border-b border-neutral-200 text-neutral-600 xl:table-header-group',
    body: 'block space-y-3 xl:table-row-group xl:space-y-0',
    row: 'grid grid-cols-2 gap-x-3 gap-y-2 rounded-xl border border-neutral-200 bg-white p-3 sm:grid-cols-3 xl:table-row xl:rounded-none xl:border-0 xl:border-b xl:border-neutral-100 xl:bg-transparent xl:p-0',
    cell: 'min-w-0 break-words xl:py-2 xl:pr-3 xl:align-top',
    label: 'block text-xs text-neutral-600 xl:hidden',
    wide: 'col-span-2 sm:col-span-3 xl:col-span-1',
  },
} as const;

/** A row's Edit and Delete buttons (tall enough to tap on a phone), named after the row for screen readers. */
export function RowActions({
  name,
  at,
  onEdit,
  onDelete,
}: {
  /** What the row is, e.g. "Express" or "VAT for Germany": the buttons read "Edit Express", "Delete Express". */
  name: string;
  /** The table's breakpoint (`TABLE`), from which the buttons are compact and right-aligned. */
  at: 'md' | 'xl';
  onEdit: () => void;
  onDelete: () => void;
}) {
  const height = at === 'md' ? 'h-11 md:h-9' : 'h-11 xl:h-9';
  return (
    <div className={at === 'md' ? 'flex gap-2 md:justify-end' : 'flex gap-2 xl:justify-end'}>
      <Button size="sm" variant="outline" className={height} aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button
        size="sm"
        variant="destructive"
        className={height}
        aria-label={`Delete ${name}`}
        onClick={onDelete}
      >
        Delete
      </Button>
    </div>
  );
}

/** The ARIA attributes of an input whose error (`<id>-error`) shows under it; none without an error. */
export function invalidProps(id: string, error: string | null) {
  return error ? { 'aria-describedby': `${id}-error`, 'aria-invalid': true as const } : {};
}

/** A labelled field of a pricing form, with its error under it (linked by `aria-describedby` by the caller). */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('min-w-0 space-y-1', className)}>
      <label htmlFor={id} className="block text-sm font-medium text-neutral-800">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-neutral-600">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * Loads an admin list and reloads it on demand; a failed load raises an error toast. `items` is null until the
 * first answer.
 */
export function useAdminList<T>(load: () => Promise<T>, what: string) {
  const [items, setItems] = useState<T | null>(null);
  const failed = useCallback(
    (error: unknown) =>
      toast({
        title: 'Error',
        description: errorMessage(error, `Failed to load ${what}`),
        variant: 'destructive',
      }),
    [what],
  );
  useEffect(() => {
    let live = true;
    load().then((answer) => live && setItems(answer), failed);
    return () => {
      live = false;
    };
  }, [load, failed]);
  const reload = useCallback(async () => {
    try {
      setItems(await load());
    } catch (error) {
      failed(error);
    }
  }, [load, failed]);
  return { items, reload };
}

/**
 * Runs an admin write, then a success toast with the server's message (or `title`) and `after`; a refusal raises
 * an error toast with the server's message. Resolves with whether it worked.
 */
export async function runWithToast(
  write: () => Promise<{ message?: string }>,
  title: string,
  failure: string,
  after?: () => Promise<void> | void,
): Promise<boolean> {
  try {
    const answer = await write();
    toast({ title: answer.message ?? title });
    await after?.();
    return true;
  } catch (error) {
    toast({ title: failure, description: errorMessage(error, failure), variant: 'destructive' });
    return false;
  }
}

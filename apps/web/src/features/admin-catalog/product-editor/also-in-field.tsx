import { CATEGORIES } from '@emporium/contract';
import { cn } from '@/lib/cn';

/** How many categories a product may be in besides its Category (issue 40: at most 3 in all; the API answers 400). */
export const ALSO_IN_MAX = 2;

/**
 * A product's categories once its Category is set to `category`: `category` first, then those ticked under "Also in"
 * (the old Category is left out; a ticked one that becomes the Category leaves "Also in"), each once, at most 3.
 */
export function withCategory(categories: readonly string[], category: string): string[] {
  return [category, ...categories.slice(1).filter((c) => c !== category)].slice(0, ALSO_IN_MAX + 1);
}

/** `categories` with `other` ticked or unticked under "Also in"; ticking beyond ALSO_IN_MAX changes nothing. */
export function toggleAlsoIn(categories: readonly string[], other: string, on: boolean): string[] {
  const [first = '', ...also] = categories;
  const next = on ? [...also.filter((c) => c !== other), other] : also.filter((c) => c !== other);
  return next.length > ALSO_IN_MAX ? [...categories] : [first, ...next];
}

/**
 * "Also in" of the admin's product forms (issue 40, item 3): the categories a product is filed under besides its
 * Category, as checkboxes, at most ALSO_IN_MAX (the others are disabled once that many are ticked). `categories` is
 * the product's list as the API speaks it (`category` first); `onChange` gets the new list.
 */
export function AlsoInField({
  id,
  categories,
  onChange,
  disabled = false,
}: {
  id: string;
  categories: readonly string[];
  onChange: (categories: string[]) => void;
  disabled?: boolean;
}) {
  const [first, ...also] = categories;
  const full = also.length >= ALSO_IN_MAX;
  return (
    <fieldset className="min-w-0 space-y-1" aria-describedby={`${id}-hint`} disabled={disabled}>
      <legend className="text-sm leading-none font-medium">Also in</legend>
      <p id={`${id}-hint`} className="pt-1 text-xs text-neutral-600">
        Up to {ALSO_IN_MAX} more categories where shoppers also find it
        {also.length > 0 ? ` (${also.length} chosen)` : ''}
      </p>
      <div className="grid grid-cols-1 gap-x-3 min-[360px]:grid-cols-2">
        {CATEGORIES.filter((c) => c !== first).map((c) => {
          const checked = also.includes(c);
          const off = !checked && full;
          return (
            <label
              key={c}
              className={cn(
                'flex min-h-11 min-w-0 items-center gap-2 text-sm sm:min-h-9',
                off ? 'cursor-not-allowed text-neutral-400' : 'cursor-pointer',
              )}
            >
              <input
                type="checkbox"
                name={`${id}-${c}`}
                checked={checked}
                disabled={off}
                onChange={(e) => onChange(toggleAlsoIn(categories, c, e.target.checked))}
                className="h-4 w-4 shrink-0 accent-neutral-900"
              />
              <span className="min-w-0 break-words">{c}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

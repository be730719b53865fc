import { ChevronDown } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';

/**
 * A folded list of checkboxes limiting a discount code to some categories or brands (issue 27); the summary says
 * what is chosen ("All" when nothing is).
 */
export function ScopePicker({
  legend,
  options,
  value,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  value: string[];
  onChange: (chosen: string[]) => void;
}) {
  return (
    <details className="group col-span-2 rounded-lg border border-neutral-200 text-sm">
      <summary className="flex min-h-11 list-none [&::-webkit-details-marker]:hidden cursor-pointer items-center justify-between gap-2 px-3 font-medium">
        <span>{legend}</span>
        <span className="flex min-w-0 items-center gap-1 font-normal text-neutral-600">
          <span className="min-w-0 truncate">{value.length === 0 ? 'All' : value.join(', ')}</span>
          <ChevronDown
            className="h-4 w-4 shrink-0 transition-transform group-open:rotate-180"
            aria-hidden="true"
          />
        </span>
      </summary>
      <fieldset className="grid grid-cols-1 gap-1 border-t border-neutral-200 p-3 min-[420px]:grid-cols-2">
        <legend className="sr-only">{legend}</legend>
        {options.map((option) => (
          <label key={option} className="flex min-h-9 items-center gap-2">
            <Checkbox
              checked={value.includes(option)}
              onCheckedChange={(c) =>
                onChange(c === true ? [...value, option] : value.filter((v) => v !== option))
              }
            />
            {option}
          </label>
        ))}
      </fieldset>
    </details>
  );
}

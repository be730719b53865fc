import type { ComponentProps } from 'react';
import { Check } from 'lucide-react';
import { cn } from '@/lib/cn';

interface CheckboxProps extends Omit<ComponentProps<'button'>, 'type' | 'role' | 'value'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
}

/**
 * A checkbox as WAI-ARIA's checkbox pattern has it: a button with role checkbox and aria-checked, toggled by a press
 * or Space (not Enter), named by a `<label>` (htmlFor its id, or around it), drawn like shadcn/ui's. Radix's Checkbox
 * renders the same, with state and presence machinery the shop does not use, and would cost the listing about 5 kB
 * and three more requests on its first load (issue 46).
 */
export function Checkbox({
  checked,
  onCheckedChange,
  className,
  onClick,
  onKeyDown,
  ...props
}: CheckboxProps) {
  return (
    <button
      type="button"
      role="checkbox"
      aria-checked={checked}
      data-state={checked ? 'checked' : 'unchecked'}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) onCheckedChange(!checked);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        // A checkbox toggles on Space only (WAI-ARIA); a button would also click on Enter.
        if (event.key === 'Enter') event.preventDefault();
      }}
      className={cn(
        'peer flex h-4 w-4 shrink-0 cursor-pointer items-center justify-center rounded border border-neutral-400 bg-white',
        'focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:outline-none',
        'data-[state=checked]:border-neutral-900 data-[state=checked]:bg-neutral-900 data-[state=checked]:text-white',
        'disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    >
      {checked && <Check className="h-3 w-3" strokeWidth={3} aria-hidden="true" />}
    </button>
  );
}

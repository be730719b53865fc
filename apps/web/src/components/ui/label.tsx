import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/**
 * A form label: a native `<label>` (name its control with `htmlFor`). Radix's Label adds only that a double click
 * on it selects no text, and would bring the Radix primitive's chunk to every page with a form (issue 46).
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm font-medium text-neutral-800', className)} {...props} />;
}

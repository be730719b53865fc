import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  default: 'bg-neutral-900 text-white',
  secondary: 'bg-neutral-100 text-neutral-800',
  sale: 'bg-red-600 text-white',
  outline: 'border border-neutral-300 text-neutral-800',
} as const;

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: keyof typeof VARIANTS;
}

export function Badge({ className, variant = 'default', ...props }: BadgeProps) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  );
}

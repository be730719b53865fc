import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const VARIANTS = {
  default: 'bg-neutral-900 text-white shadow-sm hover:bg-neutral-800',
  secondary: 'bg-neutral-100 text-neutral-900 hover:bg-neutral-200',
  outline: 'border border-neutral-300 bg-white text-neutral-900 shadow-sm hover:bg-neutral-50',
  ghost: 'text-neutral-800 hover:bg-neutral-100',
  destructive: 'bg-red-600 text-white shadow-sm hover:bg-red-700',
  link: 'text-neutral-900 underline-offset-4 hover:underline',
} as const;

const SIZES = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3 text-sm',
  lg: 'h-11 px-6',
  icon: 'h-10 w-10',
} as const;

interface ButtonLook {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * The button's classes, for a link that looks like a button (`<Link className={buttonClasses()}>`); a plain
 * function rather than an `asChild` slot, which would load Radix Slot with every page that shows a button.
 */
export function buttonClasses({ variant = 'default', size = 'default', className }: ButtonLook = {}): string {
  return cn(
    'inline-flex cursor-pointer items-center justify-center gap-2 rounded-lg text-sm font-medium whitespace-nowrap transition-colors',
    'focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:outline-none',
    'disabled:pointer-events-none disabled:opacity-50',
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export interface ButtonProps extends ComponentProps<'button'>, ButtonLook {}

/** A `<button type="button">` in one of the shop's variants and sizes. */
export function Button({ className, variant, size, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}

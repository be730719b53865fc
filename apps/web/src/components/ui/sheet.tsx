import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { ModalContent } from './modal-content';

/** A side drawer built on Radix Dialog (focus trap, Escape, labelled by its title). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

const SIDES = {
  left: 'inset-y-0 left-0 h-full w-3/4 max-w-xs border-r',
  right: 'inset-y-0 right-0 h-full w-full max-w-md border-l',
} as const;

interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  side?: keyof typeof SIDES;
}

export function SheetContent({ className, side = 'right', ...props }: SheetContentProps) {
  return (
    <ModalContent
      backdropClassName="bg-black/50"
      className={cn(
        'fixed z-50 flex flex-col gap-4 border-neutral-200 bg-white p-6 shadow-xl focus:outline-none',
        SIDES[side],
        className,
      )}
      {...props}
    />
  );
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-bold text-neutral-900', className)} {...props} />;
}

export function SheetDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-neutral-600', className)} {...props} />;
}

import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Backdrop, focusAfterPaint, PageLock, ScrollLock } from './modal-backdrop';

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

export function SheetContent({
  className,
  children,
  side = 'right',
  onOpenAutoFocus,
  ...props
}: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Backdrop className="bg-black/50" />
      <ScrollLock>
        <DialogPrimitive.Content
          className={cn(
            'fixed z-50 flex flex-col gap-4 overflow-y-auto overscroll-contain border-neutral-200 bg-white p-6 shadow-xl focus:outline-none',
            SIDES[side],
            className,
          )}
          onOpenAutoFocus={focusAfterPaint(onOpenAutoFocus)}
          {...props}
        >
          <PageLock />
          {children}
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute top-1 right-1 cursor-pointer rounded-md p-3.5 text-neutral-500 sm:top-4 sm:right-4 sm:p-1 hover:bg-neutral-100 hover:text-neutral-900 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </ScrollLock>
    </DialogPrimitive.Portal>
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

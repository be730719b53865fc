import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '@/lib/cn';
import { Backdrop, focusAfterPaint, PageLock, ScrollLock } from './modal-backdrop';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

const SIZES = { md: 'max-w-lg', xl: 'max-w-4xl' } as const;

interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  size?: keyof typeof SIZES;
}

export function DialogContent({
  className,
  children,
  size = 'md',
  onOpenAutoFocus,
  ...props
}: DialogContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Backdrop className="bg-black/60" />
      <ScrollLock>
        <DialogPrimitive.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain',
            'rounded-2xl bg-white p-6 shadow-xl focus:outline-none',
            SIZES[size],
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

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-bold text-neutral-900', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-neutral-600', className)} {...props} />;
}

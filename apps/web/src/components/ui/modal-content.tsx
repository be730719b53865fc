import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { Backdrop, focusAfterPaint, PageLock, ScrollLock } from './modal-backdrop';

interface ModalContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** The backdrop's colour (Tailwind classes). */
  backdropClassName: string;
}

/**
 * The open layer shared by dialogs and sheets: the backdrop, the Radix Content (`className` places and sizes it) with
 * the page kept still under it (PageLock, ScrollLock), focus moved in after the first paint, and a Close button in
 * its top right corner.
 */
export function ModalContent({ backdropClassName, children, onOpenAutoFocus, ...props }: ModalContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Backdrop className={backdropClassName} />
      <ScrollLock>
        <DialogPrimitive.Content onOpenAutoFocus={focusAfterPaint(onOpenAutoFocus)} {...props}>
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

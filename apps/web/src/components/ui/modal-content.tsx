import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { RemoveScroll } from 'react-remove-scroll';
import { cn } from '@/lib/cn';
import { Backdrop, focusAfterPaint, PageLock } from './modal-backdrop';

interface ModalContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** The backdrop's colour (Tailwind classes). */
  backdropClassName: string;
}

/**
 * The open layer shared by dialogs and sheets: the backdrop, the Radix Content (`className` places and sizes it) with
 * the page kept still under it (PageLock), focus moved in after the first paint, and a Close button in its top right
 * corner.
 *
 * The page does not scroll under it: wheel and touch scrolling outside the content, or past its ends, are cancelled by
 * react-remove-scroll's listeners (the library Radix's Overlay uses) without its style sheet
 * (`removeScrollBar={false}`), and the keys that scroll stop at the content (`overscroll-behavior: contain`).
 * `overflow: hidden` on the root element, the usual lock, made the tap that opens the cart panel lay out and re-paint
 * the whole listing (issue 29, from a Chromium trace).
 */
export function ModalContent({
  backdropClassName,
  className,
  children,
  onOpenAutoFocus,
  ...props
}: ModalContentProps) {
  return (
    <DialogPrimitive.Portal>
      <Backdrop className={backdropClassName} />
      <RemoveScroll removeScrollBar={false} allowPinchZoom forwardProps>
        <DialogPrimitive.Content
          className={cn('overflow-y-auto overscroll-contain', className)}
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
      </RemoveScroll>
    </DialogPrimitive.Portal>
  );
}

import { useSyncExternalStore } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS } from '@emporium/contract';
import { cn } from '@/lib/cn';
import { currentToast, dismissToast, subscribeToasts } from './toast-store';

/** For code already loading the Toaster (the admin chunk); shop code imports these from toast-store. */
export { addToastAction, toast } from './toast-store';

/**
 * Where toasts appear (issue 40, item 6): never over what they talk about. On phones at the bottom, full width (the
 * cart lines, the payment's check mark and the forms' headings sit above); from 768 px bottom-left, 384 px wide
 * (a 416 px viewport less its padding), clear of the right-hand cart panel (at most 448 px) and of the centred or
 * right-hand main buttons. Opening the cart panel closes the toast (cart-sheet.tsx), so it never covers its lines.
 */
const VIEWPORT_PLACEMENT = 'inset-x-0 bottom-0 md:right-auto md:w-[26rem]';

/** Renders the store's toast; the default export lets main.tsx load it lazily. */
export default function Toaster() {
  const active = useSyncExternalStore(subscribeToasts, currentToast, currentToast);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="down">
      {active && (
        <ToastPrimitive.Root
          key={active.id}
          open={active.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(active.id);
          }}
          data-testid="toast"
          className={cn(
            'relative flex w-full flex-wrap items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            active.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-neutral-200 bg-white text-neutral-900',
          )}
        >
          <div className="grid min-w-0 flex-1 gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{active.title}</ToastPrimitive.Title>
            {active.description && (
              <ToastPrimitive.Description
                className={cn('text-sm', active.variant !== 'destructive' && 'text-neutral-700')}
              >
                {active.description}
              </ToastPrimitive.Description>
            )}
          </div>
          {active.action && (
            <ToastPrimitive.Action
              altText={active.action.label}
              onClick={active.action.onClick}
              className="inline-flex h-8 shrink-0 cursor-pointer items-center self-center rounded-md border border-neutral-300 bg-white px-3 text-sm font-medium text-neutral-900 shadow-sm hover:bg-neutral-50 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none"
            >
              {active.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:outline-none"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport
        className={cn(
          'fixed z-[100] m-0 flex w-full list-none flex-col gap-2 p-4 outline-none',
          VIEWPORT_PLACEMENT,
        )}
      />
    </ToastPrimitive.Provider>
  );
}

import { useSyncExternalStore } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { TOAST_DURATION_MS } from '@emporium/contract';
import { cn } from '@/lib/cn';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ToastState extends ToastOptions {
  id: number;
  open: boolean;
}

/** One toast at a time (spec §8): a new toast replaces the one on screen. */
let current: ToastState | null = null;
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function toast(options: ToastOptions): void {
  current = { ...options, id: nextId++, open: true };
  emit();
}

function dismiss(id: number): void {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): ToastState | null {
  return current;
}

export function Toaster() {
  const active = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right">
      {active && (
        <ToastPrimitive.Root
          key={active.id}
          open={active.open}
          onOpenChange={(open) => {
            if (!open) dismiss(active.id);
          }}
          className={cn(
            'relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
            active.variant === 'destructive'
              ? 'border-red-700 bg-red-600 text-white'
              : 'border-neutral-200 bg-white text-neutral-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{active.title}</ToastPrimitive.Title>
            {active.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {active.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-3 right-3 cursor-pointer rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:outline-none"
          >
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] m-0 flex w-full max-w-sm list-none flex-col gap-2 p-4 outline-none" />
    </ToastPrimitive.Provider>
  );
}

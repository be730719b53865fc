/**
 * The toast store (spec §8: one toast at a time, a new one replaces the one on screen). Kept apart from the Toaster
 * component (toast.tsx, Radix Toast) so that raising a toast costs no UI code: the Toaster is loaded after the first
 * paint and shows whatever the store holds when it mounts.
 */
/** A button inside the toast (e.g. "View cart"); pressing it runs `onClick` and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: ToastAction;
}

export interface ToastState extends ToastOptions {
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

/**
 * Adds an action button to the toast on screen when it still shows `title`, without replacing it (same id, so it
 * does not animate in again or restart its 5000 ms). Lets a caller that did not raise the toast offer a follow-up,
 * e.g. "View cart" on "Product added to cart". Answers whether the toast was found.
 */
export function addToastAction(title: string, action: ToastAction): boolean {
  if (!current?.open || current.title !== title) return false;
  current = { ...current, action };
  emit();
  return true;
}

export function dismissToast(id: number): void {
  if (current?.id === id) {
    current = { ...current, open: false };
    emit();
  }
}

/** Closes the toast on screen, whichever it is (opening the cart panel closes "Product added to cart": issue 40). */
export function dismissCurrentToast(): void {
  if (current?.open) dismissToast(current.id);
}

export function subscribeToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentToast(): ToastState | null {
  return current;
}

/** The order being paid, kept in session storage between checkout and the payment return (spec §4). */
const KEY = 'currentOrderId';

export function saveCurrentOrderId(orderId: string): void {
  sessionStorage.setItem(KEY, JSON.stringify(orderId));
}

export function readCurrentOrderId(): string | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}

export function clearCurrentOrderId(): void {
  sessionStorage.removeItem(KEY);
}

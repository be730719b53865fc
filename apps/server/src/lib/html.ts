/** Small helpers for the text and HTML the server writes itself (sandbox pages, e-mails, messages). */
import { toDollars } from '@emporium/contract';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attributes. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const USD = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Cents as dollars with two decimals, thousands separators and a dollar sign, as the shop shows them (spec §9). */
export function formatCents(cents: number): string {
  return `$${USD.format(toDollars(cents))}`;
}

/** A day as the shop's messages write it ("March 1, 2099"), in `timeZone` (IANA; default UTC). */
export function formatDay(date: Date, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone,
  }).format(date);
}

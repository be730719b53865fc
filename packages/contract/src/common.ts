import { z } from 'zod';

/** Every failure answers this shape (DESIGN.md §4 "Errors and responses"). */
export const ErrorResponse = z.object({ success: z.literal(false), message: z.string() });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** A response that only says whether it worked. */
export const MessageResponse = z.object({ success: z.boolean(), message: z.string().optional() });
export type MessageResponse = z.infer<typeof MessageResponse>;

/** Server-generated identifiers (UUID v4 text). */
export const Id = z.uuid();
export const IdParams = z.object({ id: z.string().max(64) });

/** Money in dollars with at most two decimals, as the API speaks it (DESIGN.md §4). */
export const Money = z.number().nonnegative();

/** Turns dollars into integer cents without floating-point drift. */
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}
/** Turns integer cents into dollars with two decimals. */
export function toDollars(cents: number): number {
  return Math.round(cents) / 100;
}

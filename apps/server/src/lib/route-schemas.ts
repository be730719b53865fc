/** Response schemas shared by route declarations. */
import { ErrorResponse } from '@emporium/contract';

/**
 * The `{success: false, message}` schema for each listed status code, for a route's `response` map
 * (e.g. `response: { 200: CartResponse, ...errorResponses(400, 401, 403, 404, 409) }`).
 */
export function errorResponses<const C extends number>(...codes: C[]): Record<C, typeof ErrorResponse> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse])) as Record<C, typeof ErrorResponse>;
}

/**
 * An error that the error handler turns into `{success: false, message}` with its status code.
 * Throw it from services for every expected failure (400, 401, 403, 404, 409, 429). `shed`: a refusal to shed load
 * (a 503 under a flood), held like a 429 before it goes out (lib/refusal-hold.ts).
 */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    public readonly shed = false,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorised user!') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

/** True when `id` has the shape of a UUID, so it can be compared with a uuid column without a cast error. */
export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

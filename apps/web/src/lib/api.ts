import { readToken } from './token-storage';

/** An answer from the server that said `success: false` or came with an error status. */
export class ApiError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

function readMessage(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') {
    return data.message;
  }
  return undefined;
}

function saysFailure(data: unknown): boolean {
  return Boolean(data && typeof data === 'object' && 'success' in data && data.success === false);
}

function requestInit(options: RequestOptions): RequestInit {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  return {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  };
}

/** How long a read started at page load waits to be used (ms); after that a screen asks the server again. */
const PREFETCH_TTL_MS = 10_000;
const prefetched = new Map<string, { response: Promise<Response>; expires: number }>();

/**
 * Starts `GET path` now (with `headers`, if given), for a screen or the startup session check that will ask for it
 * once the app's code has run (the router calls this at page load: issue 13, the first screen's data no longer
 * waits for it). The first `apiRequest` for the same path within PREFETCH_TTL_MS takes this answer instead of asking
 * again; a failed read is asked again then.
 */
export function prefetchGet(path: string, headers?: Record<string, string>): void {
  if (prefetched.has(path)) return;
  const response = fetch(path, requestInit({ headers }));
  response.catch(() => undefined);
  prefetched.set(path, { response, expires: Date.now() + PREFETCH_TTL_MS });
}

function takePrefetched(path: string, options: RequestOptions): Promise<Response> | undefined {
  const entry = prefetched.get(path);
  if (!entry) return undefined;
  prefetched.delete(path);
  const plainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.signal;
  return plainGet && entry.expires > Date.now() ? entry.response : undefined;
}

/**
 * Calls the API on the same origin with credentials and the bearer token when one is stored. Resolves with the
 * parsed JSON body; throws an ApiError carrying the server's message when the answer is not a success, and rejects
 * with the abort (a DOMException named AbortError) when `signal` is aborted before the body is read.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const early = takePrefetched(path, options);
  const response = early
    ? await early.catch(() => fetch(path, requestInit(options)))
    : await fetch(path, requestInit(options));

  let data: unknown = null;
  try {
    data = await response.json();
  } catch (err) {
    // A caller that aborted while the body was read gets the abort, never an answer of `null` (issue 40, item 11).
    if (options.signal?.aborted) throw err;
    data = null;
  }

  if (!response.ok || saysFailure(data)) {
    throw new ApiError(readMessage(data) ?? `Request failed with status ${response.status}`, response.status);
  }
  return data as T;
}

/** The message to show for a failed call: the server's message when it answered, otherwise the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

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

/**
 * Calls the API on the same origin with credentials and the bearer token when one is stored. Resolves with the
 * parsed JSON body; throws an ApiError carrying the server's message when the answer is not a success.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = readToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  const response = await fetch(path, {
    method: options.method ?? 'GET',
    credentials: 'include',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });

  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
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

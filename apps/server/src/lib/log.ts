/**
 * Logging rules (DESIGN.md §2 pino): error objects are logged without the values a failed query carried. Drizzle's
 * query errors put the SQL parameters into the message and a `params` field (an argon2 hash at registration, a full
 * address at checkout); PostgreSQL's `detail` repeats key values. Those are dropped; the SQL text, the SQLSTATE and
 * the stack stay.
 */
import { stdSerializers } from 'pino';
import { sqlState } from '../db/client.ts';

type Serialized = Record<string, unknown> & { type: string; message: string; stack: string };

function scrub(err: Serialized): Serialized {
  if ('params' in err) {
    delete err.params;
    if (typeof err.query === 'string') err.message = `Failed query: ${err.query}`;
    err.stack = typeof err.stack === 'string' ? err.stack.replace(/\nparams:[^\n]*/, '') : err.stack;
  }
  delete err.detail;
  delete err.parameters;
  if (err.cause && typeof err.cause === 'object') err.cause = scrub({ ...(err.cause as Serialized) });
  return err;
}

/** pino `err` serializer that keeps query parameters and row details out of the log (the SQLSTATE stays). */
export function errSerializer(err: Error): Serialized {
  const serialized = scrub({ ...(stdSerializers.err(err) as unknown as Serialized) });
  const state = sqlState(err);
  if (state) serialized.sqlState = state;
  return serialized;
}

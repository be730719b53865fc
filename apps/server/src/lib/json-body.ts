/**
 * JSON request bodies (DESIGN.md §4 "Errors and responses"; issue: no request may stall the shop). The largest real
 * body outside uploads is a product of about 7 KB, so bodies stop at `JSON_BODY_LIMIT`; nesting deeper than
 * `MAX_JSON_DEPTH` is refused by a linear scan before `JSON.parse` does any work; and a NUL character, which
 * PostgreSQL cannot store in text, is refused with a clear 400 wherever it appears (body, path or query).
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from './http-error.ts';

/** Bytes of a JSON body (uploads are multipart and have their own limit). */
export const JSON_BODY_LIMIT = 64 * 1024;
/** Deepest nesting of arrays and objects accepted; spec §7's deepest body (order create) nests 3 levels. */
export const MAX_JSON_DEPTH = 16;

export const NUL_MESSAGE = 'Text may not contain NUL characters';

/** True when no array or object in `text` nests deeper than `max` (strings and escapes are skipped). */
export function jsonDepthWithin(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      if (++depth > max) return false;
    } else if (c === 93 || c === 125) {
      depth--;
    }
  }
  return true;
}

const TIMED_OUT = JSON.stringify({ success: false, message: 'Request timed out' });

/**
 * Cuts a request whose body has not fully arrived `timeoutMs` after its headers (a slow-body attack holding a
 * connection and a file descriptor open): 408 and the connection is closed.
 */
export function boundBodyTime(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    // Injected requests (tests) have no real socket to cut; a request without a body (no Content-Length, no
    // Transfer-Encoding: RFC 9112 §6.3) was whole when its headers arrived, which Node's own timeout bounds.
    const bodyless =
      raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined;
    if (bodyless || raw.complete || typeof raw.socket?.end !== 'function') return done();
    const timer = setTimeout(() => {
      if (raw.complete || raw.socket.destroyed || reply.sent) return;
      raw.socket.end(
        `HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-type: application/json\r\n` +
          `content-length: ${Buffer.byteLength(TIMED_OUT)}\r\n\r\n${TIMED_OUT}`,
      );
      raw.socket.destroySoon();
    }, timeoutMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    reply.raw.once('finish', () => clearTimeout(timer));
    done();
  });
}

/** Installs the bounded JSON parser and the NUL check for paths and query strings. */
export function boundJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: JSON_BODY_LIMIT },
    (request, body, done) => {
      const text = body as string;
      if (!jsonDepthWithin(text, MAX_JSON_DEPTH))
        return done(badRequest('Request body is nested too deeply'), undefined);
      if (text.includes('\\u0000')) return done(badRequest(NUL_MESSAGE), undefined);
      return parseJson(request, text, done);
    },
  );
  app.addHook('onRequest', (request, _reply, done) => {
    done(/%00|\0/i.test(request.url) ? badRequest(NUL_MESSAGE) : undefined);
  });
}

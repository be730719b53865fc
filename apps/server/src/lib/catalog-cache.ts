/**
 * The catalog response cache (DESIGN.md §6; issue: a listing served near the framework's ceiling). Public catalog
 * answers (listing, product details, feature images, search) are kept per instance, already serialized and
 * compressed (brotli and gzip, each made on the first request that asks for it), keyed by the route's normalised
 * query and the catalog generation. Every catalog write (a
 * product edit, a sale or restock, a review, a feature image) starts a new generation here and, through the bus
 * (Redis pub/sub), on every instance; `ttlMs` bounds how stale an answer can be if a message is lost or there is
 * no Redis. Per-user answers are never cached; add-to-cart and capture always read the database.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import type { ImageStore } from '../storage/image-store.ts';
import type { Bus } from './bus.ts';

/** A serialized answer; its brotli and gzip forms are made the first time a client asks for each, then kept. */
export interface CachedAnswer {
  json: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
  expires: number;
  /** The catalog generation it was read in; an answer of an older one is never served again. */
  generation: number;
}

export interface CatalogCache {
  /** The catalog changed (here): forget every cached answer on every instance. */
  changed(): void;
  /** Runs `fn` when the catalog changed anywhere (e.g. to drop other caches of catalog data). */
  onChange(fn: () => void): void;
  /** The cached answer for `key`, or `produce`'s, computed once however many ask at the same time. */
  answer(key: string, produce: () => Promise<unknown>): Promise<CachedAnswer>;
  /**
   * Answers in the encoding the client accepts (br, gzip or none), with Vary and a strong ETag (304 on match), and
   * remembers the answer under the request's exact address for `sendKnown`.
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): FastifyReply;
  /**
   * A route-level onRequest hook, placed after the route's rate limit: a request whose exact address (path and query
   * string as sent) was answered before in this generation gets that answer at once, without parsing its query
   * again or running the handler; any other goes on. Only addresses that passed validation are ever remembered.
   */
  sendKnown(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
  readonly size: number;
}

/**
 * How a service says that it committed a change to what catalog answers show (a product, its stock or price, a
 * review, a feature image). Called after the commit and only when something changed: a refused, failed or no-op
 * request renews nothing (issue 24: a junk request must not empty every instance's cache).
 */
export type CatalogChanges = Pick<CatalogCache, 'changed'>;

/** What a cached catalog read needs: the database, the image store (for image URLs) and the cache itself. */
export interface CatalogReads {
  db: Db;
  images: ImageStore;
  cache: CatalogCache;
}

const CHANNEL = 'catalog-changed';

/** Keys of search answers start with this; they are kept apart from the other answers (see createCatalogCache). */
export const SEARCH_KEY_PREFIX = 'search:';

/**
 * `maxEntries` answers of each kind are kept (least recently used out first): pages and products, and separately
 * search answers (keys starting with SEARCH_KEY_PREFIX), so that a run of distinct searches never pushes the
 * listing's pages out.
 */
export function createCatalogCache(bus: Bus, options: { ttlMs: number; maxEntries?: number }): CatalogCache {
  const maxEntries = options.maxEntries ?? 500;
  let generation = 0;
  const pages = new Map<string, CachedAnswer>();
  const searches = new Map<string, CachedAnswer>();
  const kept = (key: string) => (key.startsWith(SEARCH_KEY_PREFIX) ? searches : pages);
  const inFlight = new Map<string, Promise<CachedAnswer>>();
  // Exact request addresses → the answer sent for them (several addresses may share one answer).
  const byAddress = new Map<string, CachedAnswer>();
  const current = (answer: CachedAnswer) => answer.generation === generation && answer.expires > Date.now();
  const listeners: Array<() => void> = [];
  const forget = () => {
    generation++;
    pages.clear();
    searches.clear();
    byAddress.clear();
    inFlight.clear();
    for (const fn of listeners) fn();
  };
  bus.subscribe(CHANNEL, forget);

  const encode = (value: unknown, readIn: number): CachedAnswer => {
    const json = Buffer.from(JSON.stringify(value));
    return {
      json,
      etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
      expires: Date.now() + options.ttlMs,
      generation: readIn,
    };
  };
  const brotli = (json: Buffer) =>
    brotliCompressSync(json, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
    });

  const send: CatalogCache['send'] = (request, reply, answer) => {
    if (current(answer) && byAddress.get(request.url) !== answer) {
      byAddress.set(request.url, answer);
      if (byAddress.size > maxEntries * 2) byAddress.delete(byAddress.keys().next().value!);
    }
    // Added to any Vary already set (CORS's Origin), so that shared caches keep answers for other origins apart.
    const vary = reply.getHeader('vary');
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    if (/\bbr\b/.test(accepts)) {
      answer.br ??= brotli(answer.json);
      return reply.header('content-encoding', 'br').send(answer.br);
    }
    if (/\bgzip\b/.test(accepts)) {
      answer.gzip ??= gzipSync(answer.json, { level: 6 });
      return reply.header('content-encoding', 'gzip').send(answer.gzip);
    }
    return reply.send(answer.json);
  };

  return {
    changed() {
      forget();
      bus.publish(CHANNEL, String(Date.now()));
    },
    onChange(fn) {
      listeners.push(fn);
    },
    async answer(key, produce) {
      const entries = kept(key);
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now()) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      const pending = inFlight.get(key);
      if (pending) return pending;
      const started = generation;
      const work = produce()
        .then((value) => encode(value, started))
        .finally(() => inFlight.delete(key));
      inFlight.set(key, work);
      const answer = await work;
      // An answer computed across a catalog change may hold old data: serve it to its callers, never keep it.
      if (started === generation) {
        entries.set(key, answer);
        if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      }
      return answer;
    },
    send,
    sendKnown(request, reply, done) {
      const known = byAddress.get(request.url);
      if (known && current(known)) send(request, reply, known);
      else done();
    },
    get size() {
      return pages.size + searches.size;
    },
  };
}

/**
 * The catalog response cache (DESIGN.md §6; issue: a listing served near the framework's ceiling). Public catalog
 * answers (listing, product details, feature images, search) are kept per instance, already serialized and
 * compressed (brotli and gzip, each made on the first request that asks for it), keyed by the route's normalised
 * query and the catalog generation. Every catalog write (a product edit, a review, a feature image) starts a new
 * generation here and, through the bus (Redis pub/sub), on every instance; `ttlMs` bounds how stale an answer can be
 * if a message is lost or there is no Redis. A sale, cancellation or restock that leaves every product it touches in
 * stock changes no order, count or facet: it forgets only the answers that show those products (issue 29: a flash
 * sale costs one product's freshness, not every answer), here at once and on the other instances through the bus, in
 * batches. One that sells a product out, brings one back or moves its price changes the listing's order too: it also
 * renews the answers that depend on that order (listing pages, searches, Featured Products), but not the products'
 * details, the hero images or the fragments of other products (issue 46: a shopper buying a product's last units
 * renewed the whole cache on every instance). When the move says what the stock is now (a capture's reservation
 * does), those answers are patched with it instead: a listing page or a product's details is rebuilt from what it
 * was read from, without the database. Per-user answers are never cached; add-to-cart and capture always read the
 * database.
 * Memory is bounded twice: by entries and by bytes (serialized and compressed forms together). Answers above
 * `ASYNC_COMPRESS_BYTES` are compressed on libuv's thread pool, not on the event loop (issue 24: an unpaged listing of
 * 1,000 products cost 5-10 ms of brotli on the loop each time it was asked cold).
 */
import { createHash, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync, type BrotliOptions } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Product } from '@emporium/contract';
import type { Db } from '../db/client.ts';
import type { SessionCache } from '../modules/auth/session.service.ts';
import type { ImageStore } from '../storage/image-store.ts';
import { readToken } from './access.ts';
import type { Bus } from './bus.ts';
import { HttpError } from './http-error.ts';

/** A serialized answer; its brotli and gzip forms are made the first time a client asks for each, then kept. */
export interface CachedAnswer {
  /** The cache key it is kept under. */
  key: string;
  json: Buffer;
  br?: Buffer | Promise<Buffer>;
  gzip?: Buffer | Promise<Buffer>;
  etag: string;
  expires: number;
  /** The catalog generation it was read in; an answer of an older one is never served again. */
  generation: number;
  /** When its read began (ms since the epoch). */
  readAt: number;
  /**
   * Set on a large answer (LARGE_ANSWER_BYTES) when the stock of a product it shows moved: it is served until it is
   * STALE_RENEW_MS old, then renewed (see CatalogCache.stockMoved).
   */
  stale?: true;
  /**
   * The ids of the products it shows (their stock, in particular), forgotten with it when their stock moves;
   * undefined: it may show any product, so any stock move forgets it.
   */
  products?: readonly string[];
  /** Builds its JSON again with the stock known now (RawJson.rebuild). */
  rebuild?: Rebuild;
  /** Set when the stock of a product it shows moved and the move said what it is now: rebuilt before it is sent. */
  dirty?: true;
  /**
   * Whether it depends on the listing's order (in stock first, then the sort's key: which products a page or a
   * search shows, Featured Products): renewed when a product sells out, comes back or changes price. Every answer
   * does unless it says otherwise (RawJson `unordered`).
   */
  ordered: boolean;
}

/**
 * A product's stock after a move, as the writer read it in the same statement: its total, its version (which every
 * write bumps, so of two moves told out of order the later wins) and each variant's stock by variant id.
 */
export interface ProductStock {
  id: string;
  totalStock: number;
  version: number;
  variants: Readonly<Record<string, number>>;
  /** The product's prices after the move (cents): a variant selling out may change them (issue 46). */
  priceCents?: number;
  salePriceCents?: number;
}

/** The fields of a product answer (`Product`, dollars) that a told stock move sets. */
export function stockFields(stock: ProductStock): {
  totalStock: number;
  version: number;
  price?: number;
  salePrice?: number;
} {
  return {
    totalStock: stock.totalStock,
    version: stock.version,
    ...(stock.priceCents === undefined ? {} : { price: stock.priceCents / 100 }),
    ...(stock.salePriceCents === undefined ? {} : { salePrice: stock.salePriceCents / 100 }),
  };
}

/**
 * Whether a told stock move put a product answer on another sale price (issue 46: a variant sold out), whose 30-day
 * lowest price (issue 41) the move does not tell: such an answer is read again rather than patched.
 */
export function repriced(product: Pick<Product, 'price' | 'salePrice'>, stock: ProductStock): boolean {
  const sale = stock.salePriceCents ?? Math.round(product.salePrice * 100);
  const changed =
    (stock.priceCents !== undefined && Math.round(product.price * 100) !== stock.priceCents) ||
    (stock.salePriceCents !== undefined && Math.round(product.salePrice * 100) !== stock.salePriceCents);
  return changed && sale > 0;
}

/**
 * A product answer with a told stock move's fields (stockFields); a product no longer on sale loses its
 * `lowestPrice30Days` (issue 41: shown only with a sale price).
 */
export function patchedProduct<P extends Pick<Product, 'lowestPrice30Days'>>(
  product: P,
  stock: ProductStock,
): P {
  const patched = { ...product, ...stockFields(stock) };
  if (stock.salePriceCents !== 0) return patched;
  const { lowestPrice30Days: _gone, ...rest } = patched;
  return rest as P;
}

/**
 * Builds an answer's JSON again after stock it shows moved, from what it was built from and the stock known now
 * (`stockOf`, undefined for a product no move told about); fragments (CatalogCache.fragment) are patched already.
 * Undefined when it cannot (a fragment it needs is gone): the answer is then read again.
 */
export type Rebuild = (stockOf: (productId: string) => ProductStock | undefined) => string | undefined;

/**
 * A value already serialized: `CatalogCache.answer` keeps its text as the answer's JSON instead of stringifying it
 * (an answer assembled from cached fragments, modules/products/answers.ts). `products`: the ids of the products it
 * shows (CachedAnswer.products); left out, any stock move forgets it. `rebuild`: how to build it again when their
 * stock moves (a small answer is then patched, not read again).
 */
export class RawJson {
  constructor(
    readonly text: string,
    readonly products?: readonly string[],
    readonly rebuild?: Rebuild,
    /** True for an answer that does not depend on the listing's order (a product's details, the hero images). */
    readonly unordered = false,
  ) {}
}

/**
 * Stock that moved in a committed transaction (a capture's reservation, a cancellation or refund that gave units
 * back): the products whose stock changed, and whether any of them sold out, came back into stock or changed price
 * (a variant selling out, issue 46), which changes the listing's order (in stock first, then the price) and Featured
 * Products.
 */
export interface StockMove {
  productIds: readonly string[];
  soldOutChanged: boolean;
  /** The stock of those products after the move, when the writer read it (a capture's reservation does). */
  stock?: readonly ProductStock[];
}

export interface CatalogCache {
  /** The catalog changed (here): forget every cached answer on every instance. */
  changed(): void;
  /**
   * Stock moved (here, committed): the answers showing those products and their fragments are forgotten here at once
   * and on the other instances with the next batch (STOCK_BATCH_MS), while every other answer stays; a move that
   * sold a product out, brought one back or moved its price (`soldOutChanged`) also renews every answer that depends
   * on the listing's order (CachedAnswer.ordered), here and with the batch elsewhere. A product whose stock the move
   * tells (`stock`) has its fragment patched instead, and the small answers showing it that can be rebuilt (RawJson
   * `rebuild`) are rebuilt at their next request, without the database; the batch tells the other instances too. A
   * large answer (an unpaged listing, LARGE_ANSWER_BYTES) is not forgotten but marked stale: the first request once
   * it is STALE_RENEW_MS old renews it, and requests meanwhile get it as it is, so a flash sale renews a
   * whole-catalog answer a few times a second instead of at every sale (each renewal serializes and compresses up to
   * a megabyte).
   */
  stockMoved(move: StockMove): void;
  /** Runs `fn` when the catalog changed anywhere (e.g. to drop other caches of catalog data). */
  onChange(fn: () => void): void;
  /**
   * The cached answer for `key`, or `produce`'s (a value to serialize, or RawJson), computed once however many ask
   * at the same time. With `client` (the request asking), an answer that must be computed is charged to that
   * client's budget of cold answers (coldClientKey: its session when this instance knows it, else its address):
   * past it, HttpError 429 with Retry-After and nothing is computed.
   */
  answer(key: string, produce: () => Promise<unknown>, client?: FastifyRequest): Promise<CachedAnswer>;
  /**
   * Answers in the encoding the client accepts (br, gzip or none), with Vary and a strong ETag (304 on match), and
   * remembers the answer under the request's exact address for `sendKnown`. Resolves once the reply is sent (a
   * large answer's first compression happens off the event loop).
   */
  send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): Promise<FastifyReply>;
  /**
   * A route-level onRequest hook, placed after the route's rate limit: a request whose exact address (path and query
   * string as sent) was answered before in this generation gets that answer at once, without parsing its query
   * again or running the handler; any other goes on. Only addresses that passed validation are ever remembered.
   */
  sendKnown(request: FastifyRequest, reply: FastifyReply, done: () => void): void;
  /**
   * A product's serialized JSON kept by `keepFragment` in this generation and within the TTL, like an answer; shared
   * by the answers built from it. At most `maxEntries * 40` are kept (oldest out first).
   */
  fragment(productId: string): string | undefined;
  /**
   * A value derived from the catalog (not an answer: kept as it is, never serialized), computed once per generation
   * and TTL however many ask at the same time, like `answer`; at most 16 are kept. Stock moves keep it: it must not
   * depend on stock amounts (whether a product is sold out is a catalog change).
   */
  memo<T>(key: string, produce: () => Promise<T>): Promise<T>;
  /**
   * Keeps a product's fragment read since `readMark` (the `mark` when its read began); one read before a change to
   * the catalog or to that product's stock is dropped.
   */
  keepFragment(productId: string, json: string, readMark: number): void;
  /** The catalog generation: it changes with every catalog change, here or (through the bus) elsewhere. */
  readonly generation: number;
  /** Grows with every change and stock move, here or elsewhere: taken before a read, for `keepFragment`. */
  readonly mark: number;
  readonly size: number;
  /** Bytes held by the kept answers (serialized and compressed forms). */
  readonly bytes: number;
}

/**
 * How a service says that it committed a change to what catalog answers show (a product, its stock or price, a
 * review, a feature image). Called after the commit and only when something changed: a refused, failed or no-op
 * request renews nothing (issue 24: a junk request must not empty every instance's cache).
 */
export type CatalogChanges = Pick<CatalogCache, 'changed' | 'stockMoved'>;

/** For services run where no catalog answers are cached (the seed, direct service calls in tests). */
export const NO_CATALOG_CACHE: CatalogChanges = { changed: () => undefined, stockMoved: () => undefined };

/** What a cached catalog read needs: the database, the image store (for image URLs) and the cache itself. */
export interface CatalogReads {
  db: Db;
  images: ImageStore;
  cache: CatalogCache;
}

const CHANNEL = 'catalog-changed';
const STOCK_CHANNEL = 'catalog-stock';

/**
 * Stock moves are sent to the other instances at most this often (ms), each message naming every product moved since
 * the last: a flash sale of hundreds of checkouts a second sends tens of messages, and other instances show the new
 * stock well within a second.
 */
export const STOCK_BATCH_MS = 50;

/**
 * Answers at least this large (bytes of JSON) are renewed at most every STALE_RENEW_MS while the stock of products they
 * show moves (CatalogCache.stockMoved); smaller ones (a page of 24, a product's details) at the next request.
 */
export const LARGE_ANSWER_BYTES = 32 * 1024;
/** The longest a large answer shows stock older than the latest move (ms), plus the time it takes to renew it. */
export const STALE_RENEW_MS = 200;

/** Stock moves remembered per product for answers in flight; past it, every product counts as just moved. */
const MOVED_MAX = 100_000;

/** Keys of search answers start with this; they are kept apart from the other answers (see createCatalogCache). */
export const SEARCH_KEY_PREFIX = 'search:';

/** A Map that drops its oldest entry when a new key would take it past `max` entries. */
function boundedMap<V>(max: number): Map<string, V> {
  const map = new Map<string, V>();
  const set = map.set.bind(map);
  map.set = (key, value) => {
    if (!map.has(key) && map.size >= max) map.delete(map.keys().next().value!);
    return set(key, value);
  };
  return map;
}

/** Answers at least this large (bytes of JSON) are compressed on the thread pool; smaller ones at once. */
export const ASYNC_COMPRESS_BYTES = 32 * 1024;

const brotliAsync = promisify<Buffer, BrotliOptions, Buffer>(brotliCompress);
const gzipAsync = promisify<Buffer, { level: number }, Buffer>(gzip);
const brotliOptions = (json: Buffer): BrotliOptions => ({
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});

/**
 * A client may have this many cold answers computed at once (a burst), then `coldPerMinute` a minute: enough for a
 * person trying filters, while one client asking for answers nobody asked before cannot keep the server computing.
 */
export const COLD_BURST = 20;

/**
 * Whose budget of cold answers a request spends (issue 46, item 19): the session it carries when this instance
 * already knows that session (`sessions.known`: resolved here on a shopper route, from memory, no database read), so
 * that hundreds of signed-in shoppers behind one office or carrier NAT each have their own; otherwise its address
 * (TRUST_PROXY's client address), so a made-up or unknown token buys nothing. Computed only when an answer must be
 * computed, so a cached answer costs no hashing.
 */
export function coldClientKey(request: FastifyRequest, sessions?: Pick<SessionCache, 'known'>): string {
  const found = sessions ? readToken(request) : null;
  const session = found ? sessions?.known(found.token) : undefined;
  return session ? `session:${session}` : request.ip;
}

/**
 * `maxEntries` answers of each kind are kept (least recently used out first): pages and products, and separately
 * search answers (keys starting with SEARCH_KEY_PREFIX), so that a run of distinct searches never pushes the
 * listing's pages out; and at most `maxBytes` (default 64 MiB) for all of them together, least recently used out
 * first, whichever kind it is.
 */
export function createCatalogCache(
  bus: Bus,
  options: {
    ttlMs: number;
    maxEntries?: number;
    maxBytes?: number;
    coldPerMinute?: number;
    /** The session cache whose known sessions have budgets of their own (coldClientKey). */
    sessions?: Pick<SessionCache, 'known'>;
  },
): CatalogCache {
  const coldPerMinute = options.coldPerMinute ?? 0;
  // Each client's token bucket (COLD_BURST tokens, refilled at coldPerMinute a minute), least recently used out.
  const coldBudgets = boundedMap<{ tokens: number; at: number }>(100_000);
  /** Takes a token from the client's bucket, or throws 429 saying when the next one comes (issue 24, finding 6). */
  const chargeCold = (client: string) => {
    if (coldPerMinute <= 0) return;
    const now = Date.now();
    const perMs = coldPerMinute / 60_000;
    const bucket = coldBudgets.get(client) ?? { tokens: COLD_BURST, at: now };
    coldBudgets.delete(client);
    bucket.tokens = Math.min(COLD_BURST, bucket.tokens + (now - bucket.at) * perMs);
    bucket.at = now;
    coldBudgets.set(client, bucket);
    if (bucket.tokens < 1) {
      const seconds = Math.ceil((1 - bucket.tokens) / perMs / 1000);
      throw new HttpError(429, `Too many requests. Please try again in ${seconds} seconds.`, {
        'retry-after': String(seconds),
      });
    }
    bucket.tokens -= 1;
  };
  const maxEntries = options.maxEntries ?? 500;
  const maxBytes = options.maxBytes ?? 64 * 1024 * 1024;
  let generation = 0;
  // Every change and stock move takes the next mark. A read that began at mark m keeps its result only if nothing it
  // may show changed after m: no full change (fullAt) and, for each product it shows, no stock move (movedAt).
  let mark = 0;
  let fullAt = 0;
  let lastStockMove = 0;
  // The mark of the last move that changed the listing's order: an ordered answer read before it is not kept.
  let orderedAt = 0;
  const movedAt = new Map<string, number>();
  // Products whose last move was forgotten (movedAt is bounded) count as moved at this mark.
  let movedFloor = 0;
  const movedSince = (productId: string, since: number) => (movedAt.get(productId) ?? movedFloor) > since;
  /** Whether an answer read from mark `since`, showing `products` (in the listing's order if `ordered`), can be kept. */
  const unmoved = (answer: Pick<CachedAnswer, 'products' | 'ordered'>, since: number) =>
    (!answer.ordered || orderedAt <= since) &&
    (answer.products ? !answer.products.some((id) => movedSince(id, since)) : lastStockMove <= since);
  let bytes = 0;
  const pages = new Map<string, CachedAnswer>();
  const searches = new Map<string, CachedAnswer>();
  const kept = (key: string) => (key.startsWith(SEARCH_KEY_PREFIX) ? searches : pages);
  // Answers being computed, with the mark their read began at.
  const inFlight = new Map<string, { work: Promise<CachedAnswer>; startedAt: number }>();
  // Exact request addresses → the key of the answer sent for them (several addresses may share one answer). Keys,
  // not answers, so that an answer pushed out of the cache is not kept alive here.
  const byAddress = new Map<string, string>();
  const fragments = boundedMap<{ json: string; expires: number }>(maxEntries * 40);
  // The latest stock a move told of each product (the highest version) in this generation, for Rebuild.
  const stockNow = boundedMap<ProductStock>(MOVED_MAX);
  // The keys of the kept answers showing each product, and of those that may show any (CachedAnswer.products).
  const showing = new Map<string, Set<string>>();
  const showingAny = new Set<string>();
  const instance = randomUUID();
  const memos = boundedMap<{ value: Promise<unknown>; expires: number; generation: number }>(16);
  const current = (answer: CachedAnswer) => answer.generation === generation && answer.expires > Date.now();
  const listeners: Array<() => void> = [];
  const forget = () => {
    generation++;
    fullAt = ++mark;
    movedAt.clear();
    movedFloor = 0;
    showing.clear();
    showingAny.clear();
    pages.clear();
    searches.clear();
    byAddress.clear();
    inFlight.clear();
    fragments.clear();
    stockNow.clear();
    memos.clear();
    bytes = 0;
    for (const fn of listeners) fn();
  };
  bus.subscribe(CHANNEL, forget);

  /** A large answer is marked stale (renewed after STALE_RENEW_MS), any other forgotten. */
  const staleOrDrop = (key: string) => {
    const answer = kept(key).get(key);
    if (answer && answer.json.length >= LARGE_ANSWER_BYTES) answer.stale = true;
    else drop(kept(key), key);
  };
  /** Whether a kept answer is served as it is: not to be rebuilt, and fresh, or stale but young, or being renewed. */
  const servable = (answer: CachedAnswer) =>
    !answer.dirty &&
    (!answer.stale || Date.now() - answer.readAt < STALE_RENEW_MS || inFlight.has(answer.key));
  /**
   * Takes a product's stock told by a move, unless it is older than the one known (moves may be told out of order):
   * its fragment, if kept, is patched to it. Returns false for an older one.
   */
  const patchStock = (stock: ProductStock): boolean => {
    const known = stockNow.get(stock.id);
    if (known && known.version > stock.version) return false;
    stockNow.set(stock.id, stock);
    const fragment = fragments.get(stock.id);
    if (fragment) {
      const product = JSON.parse(fragment.json) as Record<string, unknown> & Product;
      // A move to another sale price (a variant sold out, issue 46) changes its 30-day lowest price too (issue 41),
      // which the move does not tell: the fragment is read again.
      if (product.version < stock.version && repriced(product, stock)) fragments.delete(stock.id);
      else if (product.version < stock.version) {
        fragments.set(stock.id, {
          json: JSON.stringify(patchedProduct(product, stock)),
          expires: fragment.expires,
        });
      }
    }
    return true;
  };
  /**
   * The stock of these products moved. Those whose stock is told (`stock`) have their fragment patched, and the small
   * answers showing them that can be rebuilt are marked to be; any other answer or fragment that shows a moved
   * product is forgotten (a large one marked stale). An answer being computed may have read the old stock: it is not
   * kept, and a request that waited for it computes it again.
   */
  const moveProducts = (productIds: readonly string[], stock: readonly ProductStock[] = []) => {
    lastStockMove = ++mark;
    if (movedAt.size + productIds.length > MOVED_MAX) {
      movedAt.clear();
      movedFloor = mark;
    }
    const told = new Map(stock.map((s) => [s.id, s]));
    for (const id of productIds) {
      movedAt.set(id, mark);
      const stockTold = told.get(id);
      // A move told after a later one of the same product is in what that one told: nothing to do.
      if (stockTold && !patchStock(stockTold)) continue;
      const patched = stockTold !== undefined;
      if (!patched) fragments.delete(id);
      for (const key of showing.get(id) ?? []) {
        const answer = kept(key).get(key);
        if (patched && answer?.rebuild && answer.json.length < LARGE_ANSWER_BYTES) answer.dirty = true;
        else staleOrDrop(key);
      }
    }
    for (const key of showingAny) staleOrDrop(key);
  };
  /**
   * The listing's order moved (a product sold out, came back or changed price): every kept answer that depends on it
   * is forgotten (a large one marked stale), the listing orders kept as memos with them, and an ordered answer being
   * computed is not kept. Answers that do not depend on it (details, hero images) and fragments stay.
   */
  const reorder = () => {
    orderedAt = ++mark;
    memos.clear();
    for (const entries of [pages, searches]) {
      for (const [key, answer] of [...entries]) if (answer.ordered) staleOrDrop(key);
    }
  };
  let unsent = new Set<string>();
  let unsentStock = new Map<string, ProductStock>();
  let unsentReorder = false;
  let sendTimer: NodeJS.Timeout | undefined;
  const sendMoves = () => {
    sendTimer = undefined;
    if (unsent.size === 0) return;
    const stock = [...unsentStock.values()];
    bus.publish(
      STOCK_CHANNEL,
      JSON.stringify({ from: instance, productIds: [...unsent], stock, reordered: unsentReorder }),
    );
    unsent = new Set();
    unsentStock = new Map();
    unsentReorder = false;
  };
  bus.subscribe(STOCK_CHANNEL, (message) => {
    const { from, productIds, stock, reordered } = JSON.parse(message) as {
      from: string;
      productIds: string[];
      stock?: ProductStock[];
      reordered?: boolean;
    };
    if (from === instance) return;
    moveProducts(productIds, stock);
    if (reordered) reorder();
  });
  /**
   * A kept answer marked to be rebuilt, rebuilt and kept in its place (the same read time and expiry: the rest of it
   * is as old as it was); undefined, and dropped, when it cannot be.
   */
  const rebuilt = (entries: Map<string, CachedAnswer>, answer: CachedAnswer): CachedAnswer | undefined => {
    const text = answer.rebuild?.((id) => stockNow.get(id));
    if (text === undefined) {
      drop(entries, answer.key);
      return undefined;
    }
    const fresh = {
      ...encode(
        answer.key,
        new RawJson(text, answer.products, answer.rebuild, !answer.ordered),
        answer.generation,
        answer.readAt,
      ),
      expires: answer.expires,
    };
    keep(entries, fresh);
    return fresh;
  };

  const sizeOf = (answer: CachedAnswer) =>
    answer.json.length +
    (Buffer.isBuffer(answer.br) ? answer.br.length : 0) +
    (Buffer.isBuffer(answer.gzip) ? answer.gzip.length : 0);
  const isKept = (answer: CachedAnswer) => kept(answer.key).get(answer.key) === answer;
  /** Drops least recently used answers until both bounds hold; searches and pages in turn, oldest first. */
  const evict = () => {
    for (const entries of [pages, searches]) {
      while (entries.size > maxEntries) drop(entries, entries.keys().next().value!);
    }
    while (bytes > maxBytes && pages.size + searches.size > 0) {
      const oldestPage = pages.values().next().value;
      const oldestSearch = searches.values().next().value;
      const victim =
        !oldestSearch || (oldestPage && oldestPage.expires < oldestSearch.expires)
          ? oldestPage!
          : oldestSearch;
      drop(kept(victim.key), victim.key);
    }
  };
  const drop = (entries: Map<string, CachedAnswer>, key: string) => {
    const answer = entries.get(key);
    if (!answer) return;
    entries.delete(key);
    bytes -= sizeOf(answer);
    if (!answer.products) showingAny.delete(key);
    for (const id of answer.products ?? []) {
      const keys = showing.get(id);
      keys?.delete(key);
      if (keys?.size === 0) showing.delete(id);
    }
  };
  /** Keeps `answer` under its key and notes the products it shows. */
  const keep = (entries: Map<string, CachedAnswer>, answer: CachedAnswer) => {
    drop(entries, answer.key);
    entries.set(answer.key, answer);
    bytes += sizeOf(answer);
    if (!answer.products) showingAny.add(answer.key);
    for (const id of answer.products ?? []) {
      const keys = showing.get(id);
      if (keys) keys.add(answer.key);
      else showing.set(id, new Set([answer.key]));
    }
    evict();
  };
  /** Counts a compressed form made for a kept answer, then keeps the bounds. */
  const grew = (answer: CachedAnswer, added: number) => {
    if (!isKept(answer)) return;
    bytes += added;
    evict();
  };

  const encode = (key: string, value: unknown, readIn: number, readAt: number): CachedAnswer => {
    const json = Buffer.from(value instanceof RawJson ? value.text : JSON.stringify(value));
    return {
      key,
      json,
      etag: `"${createHash('sha1').update(json).digest('base64url')}"`,
      expires: Date.now() + options.ttlMs,
      generation: readIn,
      readAt,
      ...(value instanceof RawJson && value.products ? { products: value.products } : {}),
      ...(value instanceof RawJson && value.rebuild ? { rebuild: value.rebuild } : {}),
      ordered: !(value instanceof RawJson && value.unordered),
    };
  };
  /** The answer's form in `encoding`, made once: at once when small, on the thread pool when large. */
  const compressed = (answer: CachedAnswer, encoding: 'br' | 'gzip'): Buffer | Promise<Buffer> => {
    const made = answer[encoding];
    if (made) return made;
    const { json } = answer;
    const store = (data: Buffer) => {
      answer[encoding] = data;
      grew(answer, data.length);
      return data;
    };
    if (json.length < ASYNC_COMPRESS_BYTES) {
      return store(
        encoding === 'br' ? brotliCompressSync(json, brotliOptions(json)) : gzipSync(json, { level: 6 }),
      );
    }
    const pending = (
      encoding === 'br' ? brotliAsync(json, brotliOptions(json)) : gzipAsync(json, { level: 6 })
    ).then(store, (err: unknown) => {
      answer[encoding] = undefined;
      throw err;
    });
    answer[encoding] = pending;
    return pending;
  };

  const send: CatalogCache['send'] = async (request, reply, answer) => {
    if (current(answer) && isKept(answer) && byAddress.get(request.url) !== answer.key) {
      byAddress.set(request.url, answer.key);
      if (byAddress.size > maxEntries * 2) byAddress.delete(byAddress.keys().next().value!);
    }
    // Added to any Vary already set (CORS's Origin), so that shared caches keep answers for other origins apart.
    const vary = reply.getHeader('vary');
    reply.header('content-type', 'application/json; charset=utf-8');
    reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
    reply.header('etag', answer.etag);
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : undefined;
    if (!encoding) return reply.send(answer.json);
    return reply.header('content-encoding', encoding).send(await compressed(answer, encoding));
  };

  const changed = () => {
    forget();
    // Every answer goes everywhere: the stock moves not sent yet are part of it.
    unsent = new Set();
    unsentStock = new Map();
    unsentReorder = false;
    bus.publish(CHANNEL, String(Date.now()));
  };

  return {
    changed,
    stockMoved(move) {
      if (move.productIds.length === 0) return;
      moveProducts(move.productIds, move.stock);
      if (move.soldOutChanged) {
        reorder();
        unsentReorder = true;
      }
      // The batch tells the latest stock told of each product; one moved since without it is sent untold.
      const told = new Set((move.stock ?? []).map((s) => s.id));
      for (const id of move.productIds) {
        unsent.add(id);
        if (!told.has(id)) unsentStock.delete(id);
      }
      for (const stock of move.stock ?? []) {
        if ((unsentStock.get(stock.id)?.version ?? -1) < stock.version) unsentStock.set(stock.id, stock);
      }
      sendTimer ??= setTimeout(sendMoves, STOCK_BATCH_MS).unref();
    },
    onChange(fn) {
      listeners.push(fn);
    },
    async answer(key, produce, client) {
      const entries = kept(key);
      const hit = entries.get(key);
      if (hit && hit.expires > Date.now() && servable(hit)) {
        entries.delete(key);
        entries.set(key, hit);
        return hit;
      }
      if (hit?.dirty && hit.expires > Date.now()) {
        const fresh = rebuilt(entries, hit);
        if (fresh) return fresh;
      }
      const pending = inFlight.get(key);
      if (pending) {
        const joined = await pending.work;
        // Exact for this request too unless a product it shows moved since its read began (then compute it again;
        // a large answer is served as it is, see stockMoved).
        const good = unmoved(joined, pending.startedAt) || joined.json.length >= LARGE_ANSWER_BYTES;
        if (joined.generation === generation && good) return joined;
      }
      if (client !== undefined && coldPerMinute > 0) chargeCold(coldClientKey(client, options.sessions));
      const started = generation;
      const startedAt = mark;
      const readAt = Date.now();
      const work = produce()
        .then((value) => encode(key, value, started, readAt))
        .finally(() => {
          if (inFlight.get(key)?.work === work) inFlight.delete(key);
        });
      inFlight.set(key, { work, startedAt });
      const answer = await work;
      // An answer computed across a catalog change, or a small one across a move of a product it shows, may hold old
      // data: serve it to its callers, never keep it. A large one is kept stale (renewed after STALE_RENEW_MS).
      if (started === generation) {
        if (unmoved(answer, startedAt)) keep(entries, answer);
        else if (answer.json.length >= LARGE_ANSWER_BYTES) keep(entries, { ...answer, stale: true });
      }
      return answer;
    },
    send,
    sendKnown(request, reply, done) {
      const key = byAddress.get(request.url);
      const known = key === undefined ? undefined : kept(key).get(key);
      // Answering here ends the request: `done` is not called, and a failed send goes to the error handler.
      if (known && current(known) && servable(known)) send(request, reply, known).catch(done);
      else done();
    },
    memo<T>(key: string, produce: () => Promise<T>): Promise<T> {
      const kept = memos.get(key);
      if (kept && kept.generation === generation && kept.expires > Date.now())
        return kept.value as Promise<T>;
      const started = generation;
      const value = produce();
      memos.set(key, { value, expires: Date.now() + options.ttlMs, generation: started });
      // A failed read is not kept: the next caller tries again.
      value.catch(() => {
        if (memos.get(key)?.value === value) memos.delete(key);
      });
      return value;
    },
    fragment(productId) {
      const kept = fragments.get(productId);
      return kept && kept.expires > Date.now() ? kept.json : undefined;
    },
    keepFragment(productId, json, readMark) {
      if (readMark >= fullAt && !movedSince(productId, readMark)) {
        fragments.set(productId, { json, expires: Date.now() + options.ttlMs });
      }
    },
    get generation() {
      return generation;
    },
    get mark() {
      return mark;
    },
    get size() {
      return pages.size + searches.size;
    },
    get bytes() {
      return bytes;
    },
  };
}

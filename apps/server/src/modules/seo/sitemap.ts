/**
 * The open storefront's sitemap (issue 41; sitemaps.org protocol 0.9): `/sitemap.xml` is an index of chunks, one of
 * the shop's pages (`/sitemap-pages.xml`: home, the listing, each category's listing) and as many of products as it
 * takes at SITEMAP_MAX_URLS each (`/sitemap-products-<n>.xml`, from 1), each with its `lastmod` (the newest
 * `updated_at` of its products; a product's own `lastmod` is its `updated_at`).
 * Memory stays bounded at any catalog size: the index is worked out by a keyset scan of `(id, updated_at)` in
 * batches (keeping only each chunk's first id), and a chunk is read in keyset batches and written through gzip as it
 * is read, so at most one batch of rows and one chunk's compressed bytes are held at a time. Each chunk is a range of
 * ids fixed when the index is made; the index is made again at most every `renewMs` (an hour), and the compressed
 * chunks made meanwhile are kept (at most `cacheBytes`) until then.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { CATEGORIES, productUrlParam } from '@emporium/contract';
import { sql } from 'drizzle-orm';
import { selectRows, type Db } from '../../db/client.ts';

/** URLs in one sitemap at most (sitemaps.org: 50,000 and 50 MB; a product's entry is about 150 bytes). */
export const SITEMAP_MAX_URLS = 50_000;
/** The sitemap is made again at most this often (ms). */
export const SITEMAP_RENEW_MS = 60 * 60 * 1000;
/** Rows read per query while scanning or writing (a batch is all that is held of the catalog at once). */
export const SITEMAP_BATCH = 5_000;
/** Compressed product chunks kept between renewals, at most (bytes); past it the oldest is made again when asked. */
export const SITEMAP_CACHE_BYTES = 32 * 1024 * 1024;

/** A chunk of the product sitemap: the ids from `first` (inclusive) up to the next chunk's first (exclusive). */
export interface ProductChunk {
  first: string;
  /** The first id of the next chunk; null for the last chunk (open-ended, capped at `maxUrls`). */
  next: string | null;
  /** The newest `updated_at` of its products when the index was made. */
  lastmod: Date;
}

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * The product chunks of the catalog as it is now: a keyset scan in id order, `batch` rows a query, keeping each
 * chunk's first id and newest `updated_at`. Also the newest `updated_at` of all (null for an empty catalog).
 */
export async function productChunks(
  db: Db,
  maxUrls = SITEMAP_MAX_URLS,
  batch = SITEMAP_BATCH,
): Promise<{ chunks: ProductChunk[]; newest: Date | null }> {
  const chunks: ProductChunk[] = [];
  let inChunk = 0;
  let after: string | null = null;
  let newest: Date | null = null;
  for (;;) {
    const rows: Array<{ id: string; updated_at: string | Date }> = await selectRows(
      db,
      sql`select id, updated_at from products ${after === null ? sql`` : sql`where id > ${after}`}
          order by id limit ${batch}`,
    );
    for (const row of rows) {
      const at = new Date(row.updated_at);
      if (inChunk === 0 || inChunk === maxUrls) {
        if (chunks.length > 0) chunks[chunks.length - 1]!.next = row.id;
        chunks.push({ first: row.id, next: null, lastmod: at });
        inChunk = 0;
      }
      inChunk += 1;
      const chunk = chunks[chunks.length - 1]!;
      if (at > chunk.lastmod) chunk.lastmod = at;
      if (newest === null || at > newest) newest = at;
    }
    if (rows.length < batch) return { chunks, newest };
    after = rows[rows.length - 1]!.id;
  }
}

/** `/sitemap.xml`: the pages' sitemap, then each product chunk's, with their `lastmod`. */
export function sitemapIndexXml(base: string, chunks: readonly ProductChunk[], newest: Date | null): string {
  const entry = (loc: string, lastmod: Date | null) =>
    `<sitemap><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</sitemap>\n`;
  return (
    `${HEAD}<sitemapindex ${NS}>\n` +
    entry(`${base}/sitemap-pages.xml`, newest) +
    chunks.map((c, i) => entry(`${base}/sitemap-products-${i + 1}.xml`, c.lastmod)).join('') +
    '</sitemapindex>\n'
  );
}

/** `/sitemap-pages.xml`: home, the listing and each category's listing (their canonical addresses). */
export function pagesSitemapXml(base: string, newest: Date | null): string {
  const lastmod = newest ? `<lastmod>${newest.toISOString()}</lastmod>` : '';
  const paths = [
    '/shop/home',
    '/shop/listing',
    ...CATEGORIES.map((c) => `/shop/listing?category=${encodeURIComponent(c)}`),
  ];
  return (
    `${HEAD}<urlset ${NS}>\n` +
    paths.map((p) => `<url><loc>${xml(base + p)}</loc>${lastmod}</url>\n`).join('') +
    '</urlset>\n'
  );
}

/**
 * A product chunk's XML, in pieces of one batch each: the products with ids from `chunk.first` up to `chunk.next`,
 * at most `maxUrls` of them, each at its readable address (`/shop/product/<slug>-<id>`) with its `updated_at`.
 */
export async function* productChunkXml(
  db: Db,
  base: string,
  chunk: ProductChunk,
  maxUrls = SITEMAP_MAX_URLS,
  batch = SITEMAP_BATCH,
): AsyncGenerator<string> {
  yield `${HEAD}<urlset ${NS}>\n`;
  let written = 0;
  let from = sql`id >= ${chunk.first}`;
  while (written < maxUrls) {
    const limit = Math.min(batch, maxUrls - written);
    const rows = await selectRows<{ id: string; title: string; updated_at: string | Date }>(
      db,
      sql`select id, title, updated_at from products
          where ${from} ${chunk.next === null ? sql`` : sql`and id < ${chunk.next}`}
          order by id limit ${limit}`,
    );
    if (rows.length > 0) {
      yield rows
        .map((r) => {
          const loc = `${base}/shop/product/${productUrlParam({ _id: r.id, title: r.title })}`;
          return `<url><loc>${xml(loc)}</loc><lastmod>${new Date(r.updated_at).toISOString()}</lastmod></url>\n`;
        })
        .join('');
    }
    written += rows.length;
    if (rows.length < limit) break;
    from = sql`id > ${rows[rows.length - 1]!.id}`;
  }
  yield '</urlset>\n';
}

/** `pieces` through gzip, collected: the compressed bytes are all that is held, not the text. */
export async function gzipped(pieces: AsyncIterable<string> | Iterable<string>): Promise<Buffer> {
  const parts: Buffer[] = [];
  await pipeline(Readable.from(pieces), createGzip(), async (compressed: AsyncIterable<Buffer>) => {
    for await (const part of compressed) parts.push(part);
  });
  return Buffer.concat(parts);
}

/** The sitemap's documents, compressed (gzip); undefined for a product chunk the index does not have. */
export interface Sitemaps {
  index(): Promise<Buffer>;
  pages(): Promise<Buffer>;
  products(n: number): Promise<Buffer | undefined>;
}

/**
 * The sitemap of the catalog in `db`, with addresses under `base` (the storefront's origin). The index is made on
 * the first request and again on the first after `renewMs`; requests meanwhile share it and the chunks made from it.
 */
export function createSitemaps(opts: {
  db: Db;
  base: string;
  renewMs?: number;
  maxUrls?: number;
  batch?: number;
  cacheBytes?: number;
  now?: () => number;
}): Sitemaps {
  const renewMs = opts.renewMs ?? SITEMAP_RENEW_MS;
  const maxUrls = opts.maxUrls ?? SITEMAP_MAX_URLS;
  const cacheBytes = opts.cacheBytes ?? SITEMAP_CACHE_BYTES;
  const now = opts.now ?? Date.now;
  interface Built {
    chunks: ProductChunk[];
    index: Buffer;
    pages: Buffer;
    /** Product chunks made or being made, oldest first; `sizes` has the bytes of those made. */
    products: Map<number, Promise<Buffer>>;
    sizes: Map<number, number>;
    bytes: number;
  }
  let built: Promise<Built> | undefined;
  let builtAt = -Infinity;

  function current(): Promise<Built> {
    if (!built || now() - builtAt >= renewMs) {
      builtAt = now();
      const making = (async (): Promise<Built> => {
        const { chunks, newest } = await productChunks(opts.db, maxUrls, opts.batch);
        return {
          chunks,
          index: await gzipped([sitemapIndexXml(opts.base, chunks, newest)]),
          pages: await gzipped([pagesSitemapXml(opts.base, newest)]),
          products: new Map(),
          sizes: new Map(),
          bytes: 0,
        };
      })();
      built = making;
      // A failed read is not kept: the next request tries again.
      making.catch(() => {
        if (built === making) built = undefined;
      });
    }
    return built;
  }

  return {
    index: async () => (await current()).index,
    pages: async () => (await current()).pages,
    async products(n) {
      const b = await current();
      const chunk = Number.isInteger(n) && n >= 1 ? b.chunks[n - 1] : undefined;
      if (!chunk) return undefined;
      let made = b.products.get(n);
      if (!made) {
        made = gzipped(productChunkXml(opts.db, opts.base, chunk, maxUrls, opts.batch));
        b.products.set(n, made);
        made.then(
          (body) => {
            b.sizes.set(n, body.length);
            b.bytes += body.length;
            // Oldest out first while over the budget, never the one just made.
            for (const [key, size] of b.sizes) {
              if (b.bytes <= cacheBytes) break;
              if (key === n) continue;
              b.sizes.delete(key);
              b.products.delete(key);
              b.bytes -= size;
            }
          },
          () => b.products.delete(n),
        );
      }
      return made;
    },
  };
}

/**
 * Issue 41: the open storefront's sitemap for a catalog of a million products, with bounded memory. Generates the
 * sitemap index and every product chunk (apps/server/src/modules/seo/sitemap.ts: keyset scans in batches, each
 * chunk written through gzip as it is read) on PostgreSQL, and prints the time of each part, the URLs and bytes
 * written, and the process's resident memory before and at its peak (`maxRSS`). Figures only: nothing passes or fails.
 *
 * The database: SITEMAP_DB_URL (an existing catalog, e.g. the million-product one of bench/million.ts, seeded with
 * `npm run seed -- --products 1000000`), or else a throwaway database on BENCH_PG_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres) with the migrations applied and SITEMAP_PRODUCTS (default 1,000,000)
 * products inserted by one `generate_series` statement (the triggers that keep search documents are skipped and the
 * indexes other than the primary key dropped first: the sitemap reads only ids, titles and `updated_at`, by primary
 * key), dropped at the end. `npx tsx bench/sitemap.ts`.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { openDatabase } from '../apps/server/src/db/client.ts';
import {
  productChunks,
  productChunkXml,
  sitemapIndexXml,
  SITEMAP_MAX_URLS,
} from '../apps/server/src/modules/seo/sitemap.ts';
import { throwawayPgDatabase, type ThrowawayDatabase } from './lib.ts';

const BASE = 'https://shop.example';
const mib = (kib: number) => `${(kib / 1024).toFixed(1)} MiB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

async function main(): Promise<void> {
  let throwaway: ThrowawayDatabase | undefined;
  let url = process.env.SITEMAP_DB_URL;
  if (!url) {
    const count = Number(process.env.SITEMAP_PRODUCTS ?? 1_000_000);
    throwaway = await throwawayPgDatabase(
      process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
      `emporium_sitemap_${process.pid}`,
    );
    url = throwaway.url;
    const setup = await openDatabase({ url, statementTimeoutMs: 3_600_000 });
    await setup.migrate();
    await setup.close();
    const started = performance.now();
    // The sitemap reads products by primary key only: the other indexes (search, listing) go, to seed in seconds.
    await throwaway.query(`do $$ declare i record; begin
      for i in select indexname from pg_indexes where tablename = 'products' and indexname <> 'products_pkey' loop
        execute format('drop index if exists %I', i.indexname);
      end loop; end $$`);
    await throwaway.query(`set session_replication_role = replica;
      insert into products (title, description, image_key, category, categories, brand, price_cents, total_stock,
        updated_at)
      select 'Bench product ' || i || ' in size ' || (i % 50), 'A generated product', 'products/bench-800.webp',
             'Electronics', array['Electronics'], 'Sony', 100 + i % 10000, i % 20, now() - make_interval(secs => i)
      from generate_series(1, ${count}) i`);
    console.log(
      `seeded ${count.toLocaleString('en-US')} products in ${seconds(performance.now() - started)}`,
    );
  }
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const baseline = process.resourceUsage().maxRSS;
    const indexStarted = performance.now();
    const { chunks, newest } = await productChunks(database.db);
    const index = sitemapIndexXml(BASE, chunks, newest);
    const indexMs = performance.now() - indexStarted;

    let urls = 0;
    let plainBytes = 0;
    let gzipBytes = 0;
    const chunksStarted = performance.now();
    for (const chunk of chunks) {
      const pieces = async function* () {
        for await (const piece of productChunkXml(database.db, BASE, chunk)) {
          urls += piece.split('<url>').length - 1;
          plainBytes += Buffer.byteLength(piece);
          yield piece;
        }
      };
      // Counted and dropped, as a reply would send them: nothing of the chunk is kept.
      const counter = new Writable({
        write(part: Buffer, _encoding, done) {
          gzipBytes += part.length;
          done();
        },
      });
      await pipeline(Readable.from(pieces()), createGzip(), counter);
    }
    const chunksMs = performance.now() - chunksStarted;
    const peak = process.resourceUsage().maxRSS;
    console.log(
      [
        `sitemap of ${urls.toLocaleString('en-US')} product URLs in ${chunks.length} chunks of at most ` +
          `${SITEMAP_MAX_URLS.toLocaleString('en-US')} (index: ${Buffer.byteLength(index)} bytes)`,
        `index (keyset scan of ids and updated_at): ${seconds(indexMs)}`,
        `chunks (keyset reads, XML, gzip): ${seconds(chunksMs)}; ` +
          `${(plainBytes / 1e6).toFixed(1)} MB of XML, ${(gzipBytes / 1e6).toFixed(1)} MB gzip`,
        `resident memory: ${mib(baseline)} before, ${mib(peak)} at the peak (process maxRSS)`,
      ].join('\n'),
    );
  } finally {
    await database.close();
    await throwaway?.drop();
  }
}

await main();

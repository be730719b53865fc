/**
 * Crawler files (issue 41, "Pages a search engine can read"), public, under the global per-IP rate limit:
 * - `GET /robots.txt`: text/plain, ./robots.ts (members: every crawler kept out; open: admin, account, checkout and
 *   API kept out, the sitemap named).
 * - `GET /sitemap.xml`, `/sitemap-pages.xml`, `/sitemap-products-<n>.xml` (open storefront only): application/xml,
 *   ./sitemap.ts; gzip for clients that accept it (every crawler does), plain otherwise; `Cache-Control` for an hour,
 *   the sitemap's renewal period. 404 (the API's not-found answer) for a chunk the index does not have, and for every
 *   sitemap address in the members storefront, which has none.
 */
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { robotsTxt } from './robots.ts';
import { createSitemaps, SITEMAP_RENEW_MS } from './sitemap.ts';

const PRODUCT_CHUNK = /^(\d{1,6})\.xml$/;

/** Sends a gzip-compressed document as it is, or decompressed as it goes out to a client that does not take gzip. */
function sendGzipped(request: FastifyRequest, reply: FastifyReply, body: Buffer, type: string) {
  reply
    .type(type)
    .header('vary', 'accept-encoding')
    .header('cache-control', `public, max-age=${SITEMAP_RENEW_MS / 1000}`);
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
    return reply.header('content-encoding', 'gzip').send(body);
  }
  return reply.send(Readable.from([body]).pipe(createGunzip()));
}

export const seoRoutes: FastifyPluginAsync<{
  db: Db;
  mode: 'members' | 'open';
  /** The storefront's origin (config.storefrontUrl): the addresses the files name. */
  base: string;
}> = async (app, { db, mode, base }) => {
  const robots = robotsTxt(mode, base);
  app.get('/robots.txt', { config: { access: 'public' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );

  const sitemaps = mode === 'open' ? createSitemaps({ db, base }) : undefined;
  const xml = 'application/xml; charset=utf-8';
  app.get('/sitemap.xml', { config: { access: 'public' } }, async (request, reply) =>
    sitemaps ? sendGzipped(request, reply, await sitemaps.index(), xml) : reply.callNotFound(),
  );
  app.get('/sitemap-pages.xml', { config: { access: 'public' } }, async (request, reply) =>
    sitemaps ? sendGzipped(request, reply, await sitemaps.pages(), xml) : reply.callNotFound(),
  );
  app.get<{ Params: { file: string } }>(
    '/sitemap-products-:file',
    { config: { access: 'public' } },
    async (request, reply) => {
      const n = PRODUCT_CHUNK.exec(request.params.file);
      const body = sitemaps && n ? await sitemaps.products(Number(n[1])) : undefined;
      return body ? sendGzipped(request, reply, body, xml) : reply.callNotFound();
    },
  );
};

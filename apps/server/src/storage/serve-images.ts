/**
 * `GET /uploads/<key>` (DESIGN.md §4 Images): stored images, same-origin, with a year-long immutable Cache-Control,
 * `nosniff` (helmet) and `Cross-Origin-Resource-Policy: cross-origin` (a client on another origin may show them).
 * Local disk is served by @fastify/static; a store that is not a folder (S3) is streamed from the store, with the
 * same headers, 304 for a matching `If-None-Match`, and 404 for a missing key.
 */
import { mkdirSync } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import fastifyStatic from '@fastify/static';
import { HttpError } from '../lib/http-error.ts';
import { IMAGE_CACHE_CONTROL, LocalImageStore, type ImageStore } from './image-store.ts';

const CROSS_ORIGIN = 'cross-origin';

export const imageRoutes: FastifyPluginAsync<{ images: ImageStore }> = async (app, { images }) => {
  if (images instanceof LocalImageStore) {
    mkdirSync(images.root, { recursive: true });
    await app.register(fastifyStatic, {
      root: images.root,
      prefix: '/uploads/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      // Public product images may be shown by a client on another origin (CORS_ORIGINS, or any shop front).
      setHeaders: (reply) => reply.header('cross-origin-resource-policy', CROSS_ORIGIN),
    });
    return;
  }
  const read = images.read?.bind(images);
  if (!read) return; // the store's images are linked from elsewhere only

  // HEAD is its own route (not Fastify's generated one) so that it answers the image's Content-Length, not 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: '/uploads/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const ifNoneMatch = request.headers['if-none-match'];
      let image: Awaited<ReturnType<typeof read>>;
      try {
        image = await read(key, { ifNoneMatch, headOnly: request.method === 'HEAD' });
      } catch (err) {
        throw Object.assign(
          new HttpError(503, 'Images are unavailable right now. Please try again.', { 'retry-after': '5' }),
          { cause: err },
        );
      }
      if (!image) return reply.callNotFound();
      reply.header('cache-control', IMAGE_CACHE_CONTROL);
      reply.header('cross-origin-resource-policy', CROSS_ORIGIN);
      if (image === 'not-modified') {
        if (ifNoneMatch && !/[,*]/.test(ifNoneMatch)) reply.header('etag', ifNoneMatch.trim());
        return reply.code(304).send();
      }
      reply.type(image.contentType);
      if (image.contentLength !== undefined) reply.header('content-length', image.contentLength);
      if (image.etag) reply.header('etag', image.etag);
      if (image.lastModified) reply.header('last-modified', image.lastModified.toUTCString());
      return image.body ? reply.send(image.body) : reply.send();
    },
  });
};

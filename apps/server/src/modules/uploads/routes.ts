/**
 * `POST /api/admin/products/upload-image` (spec §7 Admin; DESIGN.md §4 Images): admin only, multipart with one file
 * in field `my_file`, at most 5 MB. Answers `{success, url}` (absolute URL of the stored WebP). 400 no file or a
 * damaged image, 413 too large (bytes or pixels) or more than one file, 415 not a JPEG/PNG/WebP/AVIF picture.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponse, UploadResponse } from '@emporium/contract';
import { badRequest, HttpError } from '../../lib/http-error.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { storeUploadedImage } from './image-processing.ts';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

export const uploadRoutes: FastifyPluginAsyncZod<{ images: ImageStore }> = async (app, { images }) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post(
    '/products/upload-image',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        consumes: ['multipart/form-data'],
        response: { 200: UploadResponse, 400: ErrorResponse, 413: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      let data: Buffer | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'my_file' || data) {
            await part.toBuffer().catch(() => undefined);
            throw new HttpError(413, 'Upload exactly one file, in the field my_file');
          }
          data = await part.toBuffer();
        }
      } catch (err) {
        if (err instanceof HttpError) throw err;
        const code = (err as { code?: string }).code;
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'Image is too large: at most 5 MB');
        if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
          throw new HttpError(413, 'Upload exactly one file, in the field my_file');
        }
        if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
          throw badRequest('Send the image as multipart/form-data');
        throw err;
      }
      if (!data || data.length === 0) throw badRequest('No image received: send it in the field my_file');
      const key = await storeUploadedImage(images, data, 'products');
      return { success: true as const, url: images.url(key) };
    },
  );
};

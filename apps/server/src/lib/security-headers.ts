/**
 * Security headers (DESIGN.md §4: a strict Content-Security-Policy with no inline scripts, `nosniff`, frame-ancestors
 * none) set by helmet on every answer. helmet's middleware is built once here and run in an onRequest hook, as
 * @fastify/helmet's first versions did: its current version builds the middleware again for every request (parsing the
 * whole CSP each time), which cost a tenth of the server's CPU on a cached catalog page (issue 13 profile;
 * docs/decisions/008-security-headers.md).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Registers helmet's headers on every route of `app`; `imageOrigins`: where images may load from (img-src). */
export function securityHeaders(app: FastifyInstance, imageOrigins: string[]): void {
  const apply = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...new Set(imageOrigins)],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });
}

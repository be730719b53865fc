/**
 * Security headers (DESIGN.md §4: a strict Content-Security-Policy with no inline scripts, `nosniff`, frame-ancestors
 * none) on every answer.
 *
 * - Pages, images and everything else outside `/api/`: helmet's headers. Its middleware is built once here and run in
 *   an onRequest hook, as @fastify/helmet's first versions did: its current version builds the middleware again for
 *   every request (parsing the whole CSP each time), which cost a tenth of the server's CPU on a cached catalog page
 *   (issue 13 profile; docs/decisions/008-security-headers.md).
 * - JSON answers of the API: the headers OWASP's REST Security Cheat Sheet lists for APIs ("Security Headers"),
 *   `default-src 'none'` included. helmet's other headers (DNS prefetch, COOP, Origin-Agent-Cluster, X-Download-
 *   Options …) act on documents only; on a cached catalog answer they were half of the header bytes.
 *   The API's own HTML (the OpenAPI viewer under /api/docs) keeps helmet's.
 * - The web build's hashed scripts and styles (`/assets/`): the same set as the API. helmet's page headers do nothing
 *   for a script or a style sheet, and were two thirds of each one's response headers (680 of 1,040 bytes), which a
 *   cold page load pays once per chunk (issue 46: the shop's JavaScript budget counts the bytes transferred).
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** What an API answer or a built asset carries (OWASP REST Security Cheat Sheet), in place of helmet's page headers. */
export const API_SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['strict-transport-security', 'max-age=31536000; includeSubDomains'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-site'],
];

/** API answers and the web build's assets: answers that are not pages. */
const isNotAPage = (url: string) =>
  (url.startsWith('/api/') && !url.startsWith('/api/docs')) || url.startsWith('/assets/');

/** Registers the headers on every route of `app`; `imageOrigins`: where images may load from (img-src). */
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
    if (!isNotAPage(request.url)) {
      apply(request.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
      return;
    }
    for (const [name, value] of API_SECURITY_HEADERS) reply.raw.setHeader(name, value);
    done();
  });
}

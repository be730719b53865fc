/**
 * Builds the Fastify application: security headers, rate limits, cookies, access control, the API modules, the
 * OpenAPI description, uploaded images and (when built) the web app with its SPA fallback. Used by `main.ts` and by
 * the tests' `buildTestApp()`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { accessPlugin } from './lib/access.ts';
import { createBus } from './lib/bus.ts';
import { createCatalogCache } from './lib/catalog-cache.ts';
import { HttpError } from './lib/http-error.ts';
import { admitRoute, createAdmission } from './lib/admission.ts';
import { appendRouteHook } from './lib/route-hooks.ts';
import { boundBodyTime, boundJsonBodies, JSON_BODY_LIMIT } from './lib/json-body.ts';
import { errSerializer } from './lib/log.ts';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from './db/client.ts';
import { authRoutes } from './modules/auth/routes.ts';
import type { AfterReply } from './modules/account-recovery/after-reply.ts';
import { accountRecoveryRoutes } from './modules/account-recovery/routes.ts';
import { queueVerificationMail, requestLogSerializer } from './modules/account-recovery/service.ts';
import { memoryLoginThrottle, redisLoginThrottle } from './modules/auth/login-throttle.ts';
import { createPasswordHasher } from './modules/auth/password.ts';
import { resilientLoginThrottle } from './modules/auth/resilient-throttle.ts';
import {
  codeAttempts,
  WRONG_CODES_PER_ACCOUNT,
  WRONG_CODES_PER_CLIENT,
} from './modules/pricing/code-attempts.ts';
import { fallbackRateLimitStore, redisHealth } from './lib/rate-limit-store.ts';
import { createRefusalHold } from './lib/refusal-hold.ts';
import { validationMessage } from './lib/validation-message.ts';
import { robotsTagFor } from './modules/web-shell/storefront-mode.ts';
import { createOpenPages } from './modules/web-shell/open-pages.ts';
import { createWebShell } from './modules/web-shell/shell.ts';
import { seoRoutes } from './modules/seo/routes.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { featureRoutes } from './modules/features/routes.ts';
import { adminFeaturedProductRoutes, featuredProductRoutes } from './modules/featured-products/routes.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { shopProductRoutes } from './modules/products/routes.ts';
import { forgetProductCounts } from './modules/products/service.ts';
import { createSessionCache } from './modules/auth/session.service.ts';
import { addressRoutes } from './modules/addresses/routes.ts';
import { cartRoutes } from './modules/cart/routes.ts';
import { guestCartRoutes } from './modules/cart/guest-routes.ts';
import { mergeGuestCartOnSignIn } from './modules/guest-sessions/sign-in.ts';
import { orderRoutes } from './modules/orders/routes.ts';
import { reviewRoutes } from './modules/reviews/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { adminOrderRoutes } from './modules/admin-orders/routes.ts';
import { orderCancellationRoutes } from './modules/order-cancellation/routes.ts';
import { withdrawalRoutes } from './modules/withdrawals/routes.ts';
import { orderLinkRoutes } from './modules/order-links/routes.ts';
import { pricingRoutes } from './modules/pricing/routes.ts';
import { adminProductRoutes } from './modules/admin-products/routes.ts';
import { adminVariantRoutes } from './modules/variants/routes.ts';
import { productImageRoutes } from './modules/product-images/routes.ts';
import { dashboardRoutes } from './modules/dashboard/routes.ts';
import { shippingMethodRoutes } from './modules/shipping-methods/routes.ts';
import { taxRateRoutes } from './modules/tax-rates/routes.ts';
import { adminShopSettingsRoutes, publicShopSettingsRoutes } from './modules/shop-settings/routes.ts';
import { discountCodeRoutes } from './modules/discount-codes/routes.ts';
import { accountRoutes } from './modules/account/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { twoFactorRoutes } from './modules/two-factor/routes.ts';
import { sandboxPaymentRoutes } from './modules/sandbox-payments/routes.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { createMailWorker } from './mail/outbox.ts';
import { startJobs } from './jobs.ts';
import { createPaymentProvider } from './payments/index.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { LocalImageStore, type ImageStore } from './storage/image-store.ts';
import { imageRoutes } from './storage/serve-images.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where images live: local disk or an S3-compatible bucket (storage/index.ts `createImageStore`). */
  images: ImageStore;
  /** Shared store for rate limits when the shop runs on several instances. */
  redis?: Redis;
  /** Payment provider; default from the configuration (DESIGN.md §4 Payments). */
  payments?: PaymentProvider;
  /** Outgoing mail; default from the configuration (SMTP_URL or DATA_DIR/outbox). */
  mailer?: Mailer;
  /**
   * Run the background jobs in this process: payment reconciliation every `RECONCILE_INTERVAL_SECONDS` and the mail
   * outbox (main.ts; tests run the jobs' functions themselves).
   */
  runJobs?: boolean;
  /** Runs the password reset request's work after its reply (issue 46); default: a queue of its own. */
  afterReply?: AfterReply;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/** Turns any thrown error into the one error shape `{success: false, message}` (DESIGN.md §4). */
function errorReply(error: FastifyError | HttpError | Error): { status: number; message: string } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    // The field named in words (lib/validation-message.ts, issue 40 item 9).
    return {
      status: 400,
      message: validationMessage(error.validation[0], (error as FastifyError).validationContext),
    };
  }
  const status = (error as FastifyError).statusCode ?? 500;
  // Our own 5xx (e.g. 502 from a payment provider) carry a message meant for the shopper; anything else is hidden.
  if (status >= 500 && !(error instanceof HttpError)) {
    return { status, message: 'Something went wrong on our side. Please try again.' };
  }
  const code = (error as FastifyError).code;
  const messages: Record<string, string> = {
    FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
    FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
    FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty',
    FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON',
  };
  return { status, message: (code && messages[code]) || error.message || 'Request failed' };
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, images } = deps;
  const db = database.db;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // Request URLs are logged with `token` query parameters redacted (reset and verification links).
            serializers: { err: errSerializer, req: requestLogSerializer },
          },
    // A hop count trusts that many proxies in front; a list trusts those addresses (config.ts parseTrustProxy).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT,
    // A request must arrive whole within REQUEST_TIMEOUT_SECONDS (Node for the headers, boundBodyTime for the
    // body: slow-body attacks get 408); idle keep-alive
    // connections close after 5 s; a socket with no traffic at all closes after a minute.
    requestTimeout: config.requestTimeoutMs,
    keepAliveTimeout: 5_000,
    connectionTimeout: 60_000,
    // Long path parameters (a pasted 10,000-character search) reach validation and get a clear 400, not a bare 414.
    routerOptions: { maxParamLength: 16_384 },
    genReqId: () => crypto.randomUUID(),
    // A malformed address (a broken %-escape) is a 400 in the shop's shape, not Fastify's own.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      void reply.code(400).send({ success: false, message: `The address is not valid: ${error.message}` });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First of all hooks, so that every answer carries them, early refusals included. Images may load from the shop's
  // origin and from where the image store links them (S3_PUBLIC_URL: a CDN or the bucket).
  securityHeaders(
    app as unknown as FastifyInstance,
    [config.publicUrl, images.baseUrl].map((u) => new URL(u).origin),
  );
  boundJsonBodies(app as unknown as FastifyInstance);
  boundBodyTime(app as unknown as FastifyInstance, config.requestTimeoutMs);

  // 429s and load-shedding 503s wait before they go out, so a flood gets few cheap answers (lib/refusal-hold.ts).
  const holdRefusal = createRefusalHold(config.refusalDelayMs);
  app.setErrorHandler(async (error, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return reply.code(503).send({ success: false, message: UNAVAILABLE_MESSAGE });
    }
    const { status, message } = errorReply(error as FastifyError);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    if (error instanceof HttpError) reply.headers(error.headers);
    if (status === 429 || (error instanceof HttpError && error.shed)) {
      if ((await holdRefusal()) === 'full') reply.header('connection', 'close');
    }
    return reply.code(status).send({ success: false, message });
  });

  // A lost connection fails only the query in flight (503) and the pool reconnects; the loss is still worth a line.
  database.onConnectionError((err) =>
    app.log.warn({ err }, 'lost a database connection; the pool opens another'),
  );

  // The storefront (STOREFRONT_URL, when the web app is hosted apart from the API) is allowed like CORS_ORIGINS.
  const storefrontOrigin = new URL(config.storefrontUrl).origin;
  const apiOrigin = new URL(config.publicUrl).origin;
  const corsOrigins = [
    ...new Set([...config.corsOrigins, ...(storefrontOrigin === apiOrigin ? [] : [storefrontOrigin])]),
  ];
  const allowedOrigins = [apiOrigin, ...corsOrigins];
  // CORS_ORIGINS may call every method and header spec §7 uses (DESIGN.md §4); any other origin, and a request with
  // no Origin (same-origin reads, non-browser clients), gets no CORS headers. With no CORS_ORIGINS (the web app is
  // served from the shop's own origin) there is nothing to allow, and no request pays for the check.
  if (corsOrigins.length > 0) {
    await app.register(cors, {
      origin: (origin, cb) => cb(null, origin !== undefined && corsOrigins.includes(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Cache-Control', 'Pragma', 'Expires'],
      maxAge: 600,
    });
  }
  // JSON and other dynamic answers compressed for clients that ask (brotli or gzip, above 1 KB); the web app's
  // files are compressed at build time and served as they are (preCompressed below). Request bodies are never
  // decompressed: the shop's clients send plain JSON, and a compressed body is one more way to send a bomb.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    globalDecompression: false,
  });
  // Sets the session cookie on login and logout; the Cookie header is parsed only where a route reads the session
  // (lib/access.ts readToken), so public catalog answers never pay for it.
  await app.register(cookie, { hook: false });
  // Limits are shared through Redis while it answers, per instance while it does not (lib/rate-limit-store.ts).
  const redisState = redisHealth(app.log);
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimit.globalPerMinute,
    timeWindow: '1 minute',
    // The x-ratelimit-* headers go out with the 429 only (with retry-after): the web app does not read them, and on
    // every other answer they were three more headers to write (issue 13 profile).
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    ...(deps.redis ? { store: fallbackRateLimitStore(deps.redis, redisState, 'emporium-rl-') } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      success: false,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(swagger, {
    openapi: { info: { title: 'Emporium API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Caches shared in spirit across instances: catalog answers and resolved sessions, forgotten everywhere through the
  // bus (Redis pub/sub) when the catalog changes or a session ends (DESIGN.md §6).
  const bus = createBus(deps.redis);
  const sessions = createSessionCache(bus, { ttlMs: config.sessionCacheTtlMs });
  const catalog = createCatalogCache(bus, {
    ttlMs: config.catalogCacheTtlMs,
    maxBytes: config.catalogCacheMaxBytes,
    coldPerMinute: config.catalogColdPerMinute,
    sessions,
  });
  catalog.onChange(() => forgetProductCounts(db));
  const admission = createAdmission(config.checkout);
  app.addHook('onRoute', (route) => {
    if (route.config?.cachedAnswer) appendRouteHook(route, 'onRequest', catalog.sendKnown);
    admitRoute(admission, route);
  });
  app.addHook('onClose', () => bus.close());

  await app.register(accessPlugin, {
    db,
    allowedOrigins,
    sessions,
    adminTwoFactorRequired: config.adminTwoFactorRequired,
  });

  const hasher = createPasswordHasher(config.argon2MemoryKib);
  const openStorefront = config.storefrontMode === 'open';
  // Failures counted in a window of 15 minutes: in Redis while it answers, else this instance's memory.
  const throttleOf = (max: number) => {
    const local = memoryLoginThrottle(max, FIFTEEN_MINUTES);
    return deps.redis
      ? resilientLoginThrottle(redisLoginThrottle(deps.redis, max, FIFTEEN_MINUTES), local, redisState)
      : local;
  };
  const throttle = throttleOf(config.rateLimit.loginFailuresPerWindow);
  // Discount code guesses (issue 46), counted like failed logins.
  const codeGuard = codeAttempts(
    { account: throttleOf(WRONG_CODES_PER_ACCOUNT), client: throttleOf(WRONG_CODES_PER_CLIENT) },
    FIFTEEN_MINUTES,
  );

  const mailer = deps.mailer ?? createMailer({ ...config.mail, outboxDir: join(config.dataDir, 'outbox') });
  // Health checks the folders this app really writes to (issue 46, item 18), not what the configuration suggests.
  const folders = [
    ...(database.dataDir ? [{ path: database.dataDir, createdOnDemand: false }] : []),
    ...(images instanceof LocalImageStore ? [{ path: images.root, createdOnDemand: true }] : []),
    ...(mailer.outboxDir ? [{ path: mailer.outboxDir, createdOnDemand: true }] : []),
  ];
  await app.register(healthRoutes, { prefix: '/api', db, redis: deps.redis, folders });
  await app.register(authRoutes, {
    prefix: '/api/auth',
    db,
    hasher,
    throttle,
    sessionTtlMs: config.sessionTtlMs,
    secureCookie: config.env === 'production' && config.publicUrl.startsWith('https:'),
    authPerWindow: config.rateLimit.authPerWindow,
    sessions,
    totpKey: config.totpEncryptionKey,
    // The open storefront (issue 41): signing in moves the guest's cart into the account's.
    afterSignIn: openStorefront ? mergeGuestCartOnSignIn(db) : undefined,
    // Registration queues the e-mail verification link in its transaction (issue 25).
    registration: {
      onCreated: (tx, user) => queueVerificationMail(tx, user, { storefrontUrl: config.storefrontUrl }),
      afterCommit: () => mailWorker.kick(),
    },
  });
  await app.register(shopProductRoutes, { prefix: '/api/shop', db, images, cache: catalog });
  // Home's Featured Products (issue 28): what the shop shows, and the admin's picks.
  await app.register(featuredProductRoutes, { prefix: '/api/shop', db, images, cache: catalog });
  await app.register(adminFeaturedProductRoutes, { prefix: '/api/admin', db, images, cache: catalog });
  await app.register(featureRoutes, {
    prefix: '/api/common',
    db,
    images,
    publicUrl: config.publicUrl,
    cache: catalog,
  });
  await app.register(cartRoutes, { prefix: '/api/shop', db, images });
  // The guest cart exists only in the open storefront (issue 41); in `members` mode its addresses are 404.
  if (openStorefront) {
    await app.register(guestCartRoutes, {
      prefix: '/api/shop',
      db,
      images,
      allowedOrigins,
      httpsOrigin: config.publicUrl.startsWith('https:'),
    });
  }
  await app.register(addressRoutes, { prefix: '/api/shop', db, shopCountry: config.shopCountry });
  await app.register(reviewRoutes, { prefix: '/api/shop', db, catalog });
  await app.register(searchRoutes, { prefix: '/api/shop', db, images, cache: catalog });
  const mailWorker = createMailWorker({ db, images, mailer, log: app.log, shopUrl: config.storefrontUrl });
  const orderDeps = {
    db,
    images,
    payments: deps.payments ?? createPaymentProvider(config),
    mailer,
    publicUrl: config.publicUrl,
    storefrontUrl: config.storefrontUrl,
    kickMail: mailWorker.kick,
    catalog,
    requireEmailVerification: config.requireEmailVerification,
    shopCountry: config.shopCountry,
    shopTimeZone: config.shopTimeZone,
    codeAttempts: codeGuard,
  };
  await app.register(orderRoutes, { prefix: '/api/shop', ...orderDeps });
  // After the sale (issue 26): the shopper's cancellation and withdrawal; refunds are admin routes.
  await app.register(orderCancellationRoutes, { prefix: '/api/shop', ...orderDeps });
  // Checkout pricing (issue 27): the quote of shipping, tax and a discount code for the cart.
  await app.register(pricingRoutes, {
    prefix: '/api/shop',
    db,
    shopCountry: config.shopCountry,
    codeAttempts: codeGuard,
  });
  await app.register(withdrawalRoutes, { prefix: '/api/shop', ...orderDeps });
  // Guest orders (issue 41): the signed order link's page, cancel and withdraw, and "Find my order"; public.
  await app.register(orderLinkRoutes, { prefix: '/api/shop', ...orderDeps, afterReply: deps.afterReply });
  await app.register(publicShopSettingsRoutes, { prefix: '/api/shop', db });
  await app.register(accountRecoveryRoutes, {
    prefix: '/api/auth',
    db,
    hasher,
    sessions,
    authPerWindow: config.rateLimit.authPerWindow,
    storefrontUrl: config.storefrontUrl,
    kickMail: mailWorker.kick,
    afterReply: deps.afterReply,
  });
  // The sandbox's approval page exists only while the sandbox provider takes the payments (DESIGN.md §4).
  if (orderDeps.payments.name === 'sandbox') await app.register(sandboxPaymentRoutes, orderDeps);
  const jobs = deps.runJobs
    ? startJobs(app.log, { ...orderDeps, log: app.log }, config, mailWorker)
    : undefined;
  app.addHook('onClose', async () => {
    await jobs?.stop();
    await mailWorker.drain();
  });
  await app.register(uploadRoutes, { prefix: '/api/admin', images });
  await app.register(adminProductRoutes, {
    prefix: '/api/admin',
    db,
    images,
    publicUrl: config.publicUrl,
    catalog,
  });
  // Options and variants (issue 28).
  await app.register(adminVariantRoutes, {
    prefix: '/api/admin',
    db,
    images,
    publicUrl: config.publicUrl,
    catalog,
  });
  // Product photo galleries (issue 28).
  await app.register(productImageRoutes, {
    prefix: '/api/admin',
    db,
    images,
    publicUrl: config.publicUrl,
    catalog,
  });
  await app.register(adminOrderRoutes, { prefix: '/api/admin', ...orderDeps, log: app.log });
  await app.register(dashboardRoutes, { prefix: '/api/admin', db, images });
  // Checkout pricing settings (issue 27): shipping methods, tax rates and setting, discount codes.
  await app.register(shippingMethodRoutes, { prefix: '/api/admin', db });
  await app.register(taxRateRoutes, { prefix: '/api/admin', db });
  await app.register(adminShopSettingsRoutes, { prefix: '/api/admin', db });
  await app.register(discountCodeRoutes, { prefix: '/api/admin', db });
  // Two-factor sign-in settings (issue 25); the sign-in step is POST /api/auth/login/two-factor.
  await app.register(twoFactorRoutes, {
    prefix: '/api/account/two-factor',
    db,
    hasher,
    throttle,
    key: config.totpEncryptionKey,
    adminRequired: config.adminTwoFactorRequired,
    perWindow: config.rateLimit.authPerWindow,
  });
  // Account settings (issue 25): password, e-mail, sessions, data export, deletion.
  await app.register(accountRoutes, {
    prefix: '/api/account',
    db,
    images,
    hasher,
    throttle,
    sessions,
    storefrontUrl: config.storefrontUrl,
    kickMail: mailWorker.kick,
    authPerWindow: config.rateLimit.authPerWindow,
    shopCountry: config.shopCountry,
    // Erasure cancels the account's unpaid orders (issue 46).
    payments: orderDeps.payments,
    catalog,
  });

  // Images: local disk, or streamed from the shared bucket (storage/serve-images.ts).
  await app.register(imageRoutes, { images });
  // robots.txt and, in the open storefront, the sitemap (issue 41, modules/seo).
  await app.register(seoRoutes, { db, mode: config.storefrontMode, base: config.storefrontUrl });

  const serveWeb = existsSync(config.webDist);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // A page served as a file (index.html) is kept out of indexes like the app's pages (issue 41).
        if (path.endsWith('.html')) reply.header('x-robots-tag', 'noindex');
      },
    });
  }

  // The web app's page, with a preload hint for the page's largest image (modules/web-shell); in the open storefront
  // with the head a search engine reads, and its redirects and statuses (issue 41, modules/web-shell/open-pages.ts).
  const reads = { db, images, cache: catalog };
  const shell = serveWeb
    ? createWebShell({
        webDist: config.webDist,
        reads,
        storefrontMode: config.storefrontMode,
        open:
          config.storefrontMode === 'open'
            ? createOpenPages({ reads, storefrontUrl: config.storefrontUrl, shopCountry: config.shopCountry })
            : undefined,
      })
    : undefined;
  const isPage = (path: string) => !path.startsWith('/api') && !path.startsWith('/uploads/');
  if (shell) {
    // Every other GET is the app's page, as a route so that it is compressed like any answer; API and image
    // addresses that match nothing go on to the not-found handler.
    app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (!isPage(path)) return reply.callNotFound();
      reply.header('cache-control', 'no-cache');
      // Issue 41: every page of the members' shop, and the private pages of the open one, stay out of indexes.
      const robots = robotsTagFor(path, config.storefrontMode);
      if (robots) reply.header('x-robots-tag', robots);
      const page = await shell.answer(request.url);
      if (page.status === 301) return reply.redirect(page.location, 301);
      return reply.code(page.status).type('text/html; charset=utf-8').send(page.html);
    });
  }
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return reply.code(404).send({ success: false, message: `Route ${request.method} ${path} not found` });
  });

  return app;
}

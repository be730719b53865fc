/**
 * The web app's page (index.html) for every address the single-page app handles, with preload hints:
 * - for the images that will be the page's largest paint: the home hero's first slide on /shop/home, the product's
 *   photo on /shop/product/:id, the first row's photos on /shop/listing (for the filters and sort in its query);
 * - for the JavaScript of the page's screens (`<link rel="modulepreload">`, from the Vite manifest and
 *   ./route-screens.ts).
 * The browser starts those downloads with the HTML instead of after the scripts, the session check and the page's
 * data call (issue 13, Lighthouse "LCP request discovery"), and the app's loader finds the screens' chunks announced
 * and adds no link of its own. Any other page is served as built.
 * In the open storefront (STOREFRONT_MODE=open, issue 41) `answer` also writes a public page's head for search
 * engines and link previews and gives its status or redirect (./open-pages.ts); the members storefront's pages are
 * the ones above, unchanged.
 * All of this is for our own web app's build only (ownBuildManifest): another client's build served with WEB_DIST
 * (README "Using another client") gets its index.html as built on every page, with or without a Vite manifest.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_SIZES, imageSrcSet, productIdFromParam, ProductListQuery } from '@emporium/contract';
import type { CachedAnswer, CatalogReads } from '../../lib/catalog-cache.ts';
import { escapeHtml } from '../../lib/html.ts';
import { featureImagesAnswer } from '../features/answers.ts';
import { productAnswer, productListAnswer } from '../products/answers.ts';
import { withHead } from '../seo/head.ts';
import type { OpenPages } from './open-pages.ts';
import { isOwnBuild, ROUTE_SCREENS, screenFiles, type Manifest } from './route-screens.ts';
import { withStorefrontMode } from './storefront-mode.ts';

/** How a page is answered: its status and index.html, or a permanent redirect (open storefront, ./open-pages.ts). */
export type PageAnswer = { status: 200 | 404 | 410; html: string } | { status: 301; location: string };

export interface WebShell {
  /** index.html for `url` (path and query, as requested), with the page's preload hints when it has them. */
  page(url: string): Promise<string>;
  /**
   * The answer for `url`: `page(url)` with status 200, except in the open storefront (`open`), where a public page
   * also gets its head (title, description, canonical, Open Graph, JSON-LD) and may be a 301, 404 or 410.
   */
  answer(url: string): Promise<PageAnswer>;
}

const PRODUCT_PAGE = /^\/shop\/product\/([^/]+)\/?$/;
const LISTING_PAGE = /^\/shop\/listing\/?$/;
const HOME_PAGE = /^\/shop\/home\/?$/;
/** Cards in the listing's first row on a phone (two columns; wider screens show more, the first two still lead). */
const LISTING_PRELOADS = 2;

/** `<link rel=preload>` for an image shown with `sizes`, at high priority (its srcset when it has width variants). */
export function imagePreload(url: string, sizes: string): string {
  const srcset = imageSrcSet(url);
  const responsive = srcset
    ? ` imagesrcset="${escapeHtml(srcset)}" imagesizes="${escapeHtml(sizes)}"`
    : ` href="${escapeHtml(url)}"`;
  return `<link rel="preload" as="image"${responsive} fetchpriority="high">`;
}

/**
 * The Vite manifest (`.vite/manifest.json`) of `webDist` when the build is our web app's (isOwnBuild in
 * ./route-screens.ts: the manifest names our screen modules; apps/web always builds with `build.manifest`);
 * undefined for another client's build, with a manifest of its own app, an unreadable one or none.
 */
export function ownBuildManifest(webDist: string): Manifest | undefined {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    return undefined; // not a manifest Vite wrote for us: another build's business, not a reason to stop
  }
  if (typeof manifest !== 'object' || manifest === null || Array.isArray(manifest)) return undefined;
  return isOwnBuild(manifest as Manifest) ? (manifest as Manifest) : undefined;
}

/**
 * `<link rel="modulepreload">` tags per page of ROUTE_SCREENS: its screens' chunks and everything they import
 * statically, less what index.html already loads, in the form Vite writes them, at low priority so that they queue
 * behind the stylesheet and the entry script that the first paint needs (Lighthouse, 3 runs each: at the default
 * high priority, first paint came ~300 ms later; at low, first paint as before and the largest paint ~100–300 ms
 * sooner). Throws when a screen is not a lazily loaded chunk of our build's `manifest` (ownBuildManifest):
 * route-screens.ts no longer matches the web app.
 */
export function screenPreloads(manifest: Manifest, html: string): Map<RegExp, string> {
  const preloads = new Map<RegExp, string>();
  const loaded = new Set([...html.matchAll(/\b(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]));
  for (const page of ROUTE_SCREENS) {
    const files = screenFiles(manifest, page);
    const links = [...files]
      .filter((file) => file.endsWith('.js') && !loaded.has(file))
      .map(
        (file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" fetchpriority="low">`,
      );
    preloads.set(page.pattern, links.join(''));
  }
  return preloads;
}

/** The parts of the API's answers the hints read (contract: FeatureListResponse, ProductResponse, ProductListResponse). */
interface WithImages {
  data: { image: string } | Array<{ image: string }>;
}

/**
 * Reads `webDist`/index.html once. For another client's build (no ownBuildManifest) every page is that index.html
 * as built: the hints name our app's chunks and our <img> sizes, which another client would download for nothing.
 * For ours, the hints come from the same cached answers the page's first API call gets
 * (modules/products/answers.ts, modules/features/answers.ts), so a page load and that call read the catalog once,
 * and a warm page load reads nothing; each answer's hint is worked out once. A failed read (unknown product,
 * database away) serves the page without it.
 */
export function createWebShell(opts: {
  webDist: string;
  reads: CatalogReads;
  storefrontMode?: 'members' | 'open';
  open?: OpenPages;
}): WebShell {
  const html = withStorefrontMode(
    readFileSync(join(opts.webDist, 'index.html'), 'utf8'),
    opts.storefrontMode ?? 'members',
  );
  const manifest = ownBuildManifest(opts.webDist);
  if (!manifest) {
    return { page: () => Promise.resolve(html), answer: () => Promise.resolve({ status: 200, html }) };
  }
  const modules = screenPreloads(manifest, html);
  const modulesFor = (path: string) => {
    for (const [pattern, tags] of modules) if (pattern.test(path)) return tags;
    return '';
  };
  const hints = new WeakMap<CachedAnswer, string | null>();

  /** The hint for the first `count` images of a cached answer, at `sizes`. */
  function hintOf(answer: CachedAnswer, sizes: string, count: number): string | null {
    let hint = hints.get(answer);
    if (hint === undefined) {
      const { data } = JSON.parse(answer.json.toString()) as WithImages;
      const images = (Array.isArray(data) ? data : [data]).slice(0, count).map((item) => item.image);
      hint =
        images
          .filter(Boolean)
          .map((image) => imagePreload(image, sizes))
          .join('') || null;
      hints.set(answer, hint);
    }
    return hint;
  }

  async function hintFor(path: string, query: URLSearchParams): Promise<string | null> {
    if (HOME_PAGE.test(path)) {
      return hintOf(await featureImagesAnswer(opts.reads), IMAGE_SIZES.heroSlide, 1);
    }
    const product = PRODUCT_PAGE.exec(path);
    if (product) {
      // The id alone (the spec's form) or the readable `<slug>-<id>` of the open storefront.
      const answer = await productAnswer(opts.reads, productIdFromParam(decodeURIComponent(product[1]!)));
      return hintOf(answer, IMAGE_SIZES.productPage, 1);
    }
    if (LISTING_PAGE.test(path)) {
      // The first page the listing will ask for, for the filters and sort in its URL (the source of truth, spec §4).
      const list = ProductListQuery.parse({
        category: query.getAll('category'),
        brand: query.getAll('brand'),
        sortBy: query.get('sortBy') ?? undefined,
        page: 1,
      });
      return hintOf(await productListAnswer(opts.reads, list), IMAGE_SIZES.productCard, LISTING_PRELOADS);
    }
    return null;
  }

  async function page(url: string): Promise<string> {
    const [path = '', query = ''] = url.split('?', 2);
    const image = await hintFor(path, new URLSearchParams(query)).catch(() => null);
    const hints = `${image ?? ''}${modulesFor(path)}`;
    return hints ? html.replace('</head>', `${hints}</head>`) : html;
  }

  return {
    page,
    async answer(url) {
      if (!opts.open) return { status: 200, html: await page(url) };
      return openAnswer(opts.open, url, page);
    },
  };
}

/**
 * The open storefront's answer for `url` (./open-pages.ts): a redirect, or `page(url)` with the page's head and
 * status. When the page's data cannot be read (database away), the page as `page` gives it, like its hints.
 */
export async function openAnswer(
  open: OpenPages,
  url: string,
  page: (url: string) => Promise<string>,
): Promise<PageAnswer> {
  const [path = '', query = ''] = url.split('?', 2);
  const described = await open.resolve(path, new URLSearchParams(query)).catch(() => null);
  if (described?.kind === 'redirect') return { status: 301, location: described.location };
  const html = await page(url);
  return described
    ? { status: described.status, html: withHead(html, described.head) }
    : { status: 200, html };
}

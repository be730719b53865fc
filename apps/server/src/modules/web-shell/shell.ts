/**
 * The web app's page (index.html) for every address the single-page app handles, with preload hints for the images
 * that will be the page's largest paint: the home hero's first slide on /shop/home, the product's photo on
 * /shop/product/:id, the first row's photos on /shop/listing (for the filters and sort in its query). The browser
 * starts those downloads with the HTML instead of after the scripts, the session check and the page's data call
 * (issue 13, Lighthouse "LCP request discovery"). Any other page is served as built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_SIZES, imageSrcSet, ProductListQuery } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { listFeatureImages } from '../features/service.ts';
import { getProduct, listProducts } from '../products/service.ts';

export interface WebShell {
  /** index.html for `url` (path and query, as requested), with the preload hints when the page has them. */
  page(url: string): Promise<string>;
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
 * Reads `webDist`/index.html once. The hint costs one indexed query per page load (page loads are rare next to API
 * calls); a failed lookup (unknown product, database away) serves the page without it.
 */
export function createWebShell(opts: { webDist: string; db: Db; images: ImageStore }): WebShell {
  const html = readFileSync(join(opts.webDist, 'index.html'), 'utf8');
  const withHint = (hint: string) => html.replace('</head>', `${hint}</head>`);

  async function hintFor(path: string, query: URLSearchParams): Promise<string | null> {
    if (HOME_PAGE.test(path)) {
      const [first] = await listFeatureImages(opts.db, opts.images);
      return first ? imagePreload(first.image, IMAGE_SIZES.heroSlide) : null;
    }
    const product = PRODUCT_PAGE.exec(path);
    if (product) {
      const found = await getProduct(opts.db, opts.images, decodeURIComponent(product[1]!).toLowerCase());
      return found.image ? imagePreload(found.image, IMAGE_SIZES.productPage) : null;
    }
    if (LISTING_PAGE.test(path)) {
      // The same filters and sort the listing will ask for (its URL is the source of truth, spec §4).
      const list = ProductListQuery.parse({
        category: query.getAll('category'),
        brand: query.getAll('brand'),
        sortBy: query.get('sortBy') ?? undefined,
        limit: LISTING_PRELOADS,
      });
      const { items } = await listProducts(opts.db, opts.images, list);
      return (
        items
          .filter((item) => item.image)
          .map((item) => imagePreload(item.image, IMAGE_SIZES.productCard))
          .join('') || null
      );
    }
    return null;
  }

  return {
    async page(url) {
      const [path = '', query = ''] = url.split('?', 2);
      const hint = await hintFor(path, new URLSearchParams(query)).catch(() => null);
      return hint ? withHint(hint) : html;
    },
  };
}

/**
 * The web app's page (index.html) for every address the single-page app handles, with a preload hint for the image
 * that will be the page's largest paint: the home hero's first slide on /shop/home, the product's photo on
 * /shop/product/:id. The browser starts that download with the HTML instead of after the scripts, the session check
 * and the page's data call (issue 13, Lighthouse "LCP request discovery"). Any other page is served as built.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_SIZES, imageSrcSet } from '@emporium/contract';
import type { Db } from '../../db/client.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { ImageStore } from '../../storage/image-store.ts';
import { listFeatureImages } from '../features/service.ts';
import { getProduct } from '../products/service.ts';

export interface WebShell {
  /** index.html for `path` (the URL path, no query), with the preload hint when the page has one. */
  page(path: string): Promise<string>;
}

const PRODUCT_PAGE = /^\/shop\/product\/([^/]+)\/?$/;

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

  async function hintFor(path: string): Promise<string | null> {
    if (path === '/shop/home' || path === '/shop/home/') {
      const [first] = await listFeatureImages(opts.db, opts.images);
      return first ? imagePreload(first.image, IMAGE_SIZES.heroSlide) : null;
    }
    const product = PRODUCT_PAGE.exec(path);
    if (product) {
      const found = await getProduct(opts.db, opts.images, decodeURIComponent(product[1]!).toLowerCase());
      return found.image ? imagePreload(found.image, IMAGE_SIZES.productPage) : null;
    }
    return null;
  }

  return {
    async page(path) {
      const hint = await hintFor(path).catch(() => null);
      return hint ? withHint(hint) : html;
    },
  };
}

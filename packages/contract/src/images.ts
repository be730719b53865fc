/**
 * Responsive images (issue 13), shared by the web app (srcset/sizes on every <img>) and the server (the preload
 * hints it writes into the page, which browsers reuse only when srcset and sizes match the <img> exactly).
 *
 * The server re-encodes every uploaded image to WebP at a few widths and stores them side by side as
 * `…/uploads/<folder>/<id>-<width>.webp`; the `image` URL it answers names the largest width it stored (uploads and
 * demo banners: 400, 800 and 1600 px; the demo catalog's product images: 400 and 800 px). Any other URL (an absolute
 * URL set by hand) has no variants and is used as it is.
 */

/** The widths the server may store an image at (apps/server/src/modules/uploads/image-processing.ts). */
export const IMAGE_WIDTHS = [400, 800, 1600] as const;

/**
 * `sizes` of the images that can be a page's largest paint: the home hero's slides, the product page's photo and a
 * product card's photo (the listing's first row).
 */
export const IMAGE_SIZES = {
  heroSlide: '(min-width: 1024px) 1600px, 100vw',
  productPage: '(min-width: 1200px) 560px, (min-width: 768px) 50vw, 100vw',
  /**
   * An upper bound over the layouts that show cards (2 columns on phones, 3 on tablets and beside the listing's
   * 240 px filter panel, 4 on wide screens, in a 1280 px column): 400 px stored width for a 241 px tile.
   */
  productCard:
    '(min-width: 1664px) 400px, (min-width: 1024px) calc(25vw - 24px), (min-width: 768px) calc(33vw - 24px), ' +
    'calc(50vw - 24px)',
} as const;

const WIDTH_VARIANT = /^(.*\/uploads\/[^?#]+)-(\d+)\.webp$/;

/**
 * The `srcset` of a stored image: each stored width up to the one its URL names, e.g.
 * `…/p-400.webp 400w, …/p-800.webp 800w` for `…/p-800.webp`. Undefined when the URL has no width variants.
 */
export function imageSrcSet(url: string): string | undefined {
  const match = WIDTH_VARIANT.exec(url);
  if (!match) return undefined;
  const [, stem, named] = match;
  const largest = Number(named);
  if (!IMAGE_WIDTHS.some((w) => w === largest)) return undefined;
  return IMAGE_WIDTHS.filter((w) => w <= largest)
    .map((w) => `${stem}-${w}.webp ${w}w`)
    .join(', ');
}

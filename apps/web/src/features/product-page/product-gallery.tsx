import { useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { IMAGE_SIZES, imageSrcSet, type Product, type ProductImage } from '@emporium/contract';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';

/** The product as the page has it: the details answer carries its gallery (issue 28); a bare product its image. */
type GalleryProduct = Product & { images?: ProductImage[] };

/** The product's photos in gallery order; a product without a gallery shows its single image. */
function photosOf(product: GalleryProduct): ProductImage[] {
  return product.images && product.images.length > 0 ? product.images : [{ url: product.image, alt: '' }];
}

const THUMB_SIZE = 64;

/**
 * The product page's photos (issue 28): the first photo by default, at the page's photo size (the page's HTML
 * preloads it with the same srcset and sizes: web-shell/shell.ts). With more than one photo: a strip that a phone
 * swipes (CSS scroll snapping), Previous/Next buttons from 768 px, a thumbnail per photo, and the arrow keys (Home,
 * End) on the focused strip. Every image sits in a square box, so nothing moves as photos load.
 */
export function ProductGallery({ product }: { product: GalleryProduct }) {
  const photos = photosOf(product);
  const [index, setIndex] = useState(0);
  const strip = useRef<HTMLDivElement>(null);
  const count = photos.length;
  const shown = Math.min(index, count - 1);

  function goTo(next: number) {
    const target = Math.max(0, Math.min(count - 1, next));
    setIndex(target);
    const el = strip.current;
    if (!el) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: target * el.clientWidth, behavior: still ? 'auto' : 'smooth' });
  }

  /** Follows a swipe (or any scroll of the strip): the photo most in view is the current one. */
  function onScroll() {
    const el = strip.current;
    if (!el || el.clientWidth === 0) return;
    const inView = Math.round(el.scrollLeft / el.clientWidth);
    if (inView !== index) setIndex(inView);
  }

  function onKeyDown(event: KeyboardEvent) {
    const next = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: count - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    goTo(next);
  }

  const many = count > 1;
  const arrow =
    'absolute top-1/2 hidden h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-neutral-900 shadow-md ' +
    'hover:bg-white focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none disabled:opacity-40 md:flex';

  return (
    <div className="min-w-0 space-y-3 self-start" data-testid="product-gallery">
      <div className="relative overflow-hidden rounded-2xl bg-neutral-100">
        <div
          ref={strip}
          {...(many
            ? {
                role: 'region',
                'aria-roledescription': 'carousel',
                'aria-label': `Photos of ${product.title}`,
                tabIndex: 0,
                onScroll,
                onKeyDown,
              }
            : {})}
          className={cn(
            'flex overscroll-x-contain focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none focus-visible:ring-inset',
            many &&
              'snap-x snap-mandatory overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          )}
        >
          {photos.map((photo, i) => (
            <div
              key={`${i}-${photo.url}`}
              className="w-full shrink-0 snap-center snap-always"
              {...(many
                ? { role: 'group', 'aria-roledescription': 'slide', 'aria-label': `${i + 1} of ${count}` }
                : {})}
            >
              <img
                src={photo.url}
                srcSet={imageSrcSet(photo.url)}
                sizes={IMAGE_SIZES.productPage}
                alt={photo.alt || product.title}
                width={800}
                height={800}
                // The first photo is the page's largest image; the next ones load when they are one swipe away.
                fetchPriority={i === 0 ? 'high' : 'low'}
                loading={Math.abs(i - shown) <= 1 ? 'eager' : 'lazy'}
                decoding="async"
                draggable={false}
                className="aspect-square h-auto w-full object-cover select-none"
              />
            </div>
          ))}
        </div>
        {product.salePrice > 0 && (
          <Badge variant="sale" className="absolute top-3 left-3">
            Sale
          </Badge>
        )}
        {many && (
          <>
            <button
              type="button"
              className={cn(arrow, 'left-3')}
              aria-label="Previous photo"
              disabled={shown === 0}
              onClick={() => goTo(shown - 1)}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              className={cn(arrow, 'right-3')}
              aria-label="Next photo"
              disabled={shown === count - 1}
              onClick={() => goTo(shown + 1)}
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
            <p
              className="absolute right-3 bottom-3 rounded-full bg-neutral-900/75 px-2.5 py-0.5 text-xs font-semibold text-white"
              aria-live="polite"
              data-testid="gallery-position"
            >
              <span className="sr-only">Photo </span>
              {shown + 1}
              <span aria-hidden="true"> / </span>
              <span className="sr-only"> of </span>
              {count}
            </p>
          </>
        )}
      </div>
      {many && (
        <ul className="flex flex-wrap gap-2" aria-label="Choose a photo">
          {photos.map((photo, i) => (
            <li key={`${i}-${photo.url}`}>
              <button
                type="button"
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === shown ? 'true' : undefined}
                onClick={() => goTo(i)}
                className={cn(
                  'block overflow-hidden rounded-lg border-2 bg-neutral-100 focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:ring-offset-2 focus-visible:outline-none',
                  i === shown ? 'border-neutral-900' : 'border-transparent opacity-80 hover:opacity-100',
                )}
              >
                <img
                  src={photo.url}
                  srcSet={imageSrcSet(photo.url)}
                  sizes={`${THUMB_SIZE}px`}
                  alt=""
                  width={THUMB_SIZE}
                  height={THUMB_SIZE}
                  // Small and on screen with the photo: loaded at once, after the photo itself.
                  fetchPriority="low"
                  decoding="async"
                  className="aspect-square h-16 w-16 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS, HERO_HEIGHT_PX } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { cn } from '@/lib/cn';
import { IMAGE_SIZES, imageSrcSet } from '@emporium/contract';
import { fetchFeatureImages, selectFeatureImages } from './feature-images-slice';

/**
 * The width a slide is drawn at: from the md breakpoint the carousel is 900 px tall and the picture covers it, so a
 * 16:9 banner is drawn at least 1600 px wide; on phones the carousel is 16:9 itself, so the whole banner shows.
 */

/** Previous/next: centred on the sides from md; smaller, in the bottom corners on phones. */
const ARROW =
  'absolute top-1/2 -translate-y-1/2 bg-white/80 max-md:top-auto max-md:bottom-2 max-md:h-8 max-md:w-8 max-md:translate-y-0';

interface Rotation {
  position: number;
  /** Slides that have been on screen: they stay displayed, so a slide fading out keeps its picture. */
  seen: ReadonlySet<number>;
}

function moveTo(rotation: Rotation, position: number): Rotation {
  if (rotation.seen.has(rotation.position)) return { ...rotation, position };
  return { position, seen: new Set(rotation.seen).add(rotation.position) };
}

/**
 * Hero carousel (spec §2): 900 px tall on wide screens (the height is reserved before images load, so nothing
 * shifts), advancing every 3000 ms. Below md it takes the banners' 16:9 shape and the picture is contained rather
 * than cropped: a banner's headline spans most of its width, and a crop to a taller box cut it at both edges. The
 * arrows move to the bottom corners there, off the centred text. Only the first slide's picture loads with the page (at
 * high priority); the next one loads while the current one shows, and later ones are not displayed (so not
 * downloaded) until their turn comes near.
 */
export function HeroCarousel() {
  const dispatch = useAppDispatch();
  const { featureImageList, isLoading } = useAppSelector(selectFeatureImages);
  const [rotation, setRotation] = useState<Rotation>({ position: 0, seen: new Set() });
  const count = featureImageList.length;
  const current = count > 0 ? rotation.position % count : 0;
  const next = count > 0 ? (current + 1) % count : 0;

  useEffect(() => {
    void dispatch(fetchFeatureImages());
  }, [dispatch]);

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(
      () => setRotation((r) => moveTo(r, (r.position + 1) % count)),
      CAROUSEL_INTERVAL_MS,
    );
    return () => window.clearInterval(timer);
  }, [count, rotation.position]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      data-testid="hero-carousel"
      className="relative w-full overflow-hidden bg-neutral-200 max-lg:aspect-video max-lg:h-auto!"
      style={{ height: `${HERO_HEIGHT_PX}px` }}
    >
      {count === 0 ? (
        <div className="flex h-full items-center justify-center p-6 text-center text-neutral-600">
          {isLoading ? 'Loading feature images...' : 'No feature images available'}
        </div>
      ) : (
        <>
          {featureImageList.map((slide, index) => (
            <img
              key={slide._id}
              src={slide.image}
              srcSet={imageSrcSet(slide.image)}
              sizes={IMAGE_SIZES.heroSlide}
              alt={`Featured image ${index + 1} of ${count}`}
              aria-hidden={index !== current}
              width={1600}
              height={HERO_HEIGHT_PX}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'low'}
              className={cn(
                'absolute inset-0 h-full w-full object-cover transition-opacity duration-1000 max-lg:object-contain',
                index === current ? 'opacity-100' : 'opacity-0',
                // A lazy image that is not displayed is not downloaded.
                index !== current && index !== next && !rotation.seen.has(index) && 'hidden',
              )}
            />
          ))}
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous slide"
            onClick={() => setRotation((r) => moveTo(r, (current - 1 + count) % count))}
            className={cn(ARROW, 'left-4 max-md:left-2')}
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next slide"
            onClick={() => setRotation((r) => moveTo(r, (current + 1) % count))}
            className={cn(ARROW, 'right-4 max-md:right-2')}
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </>
      )}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { CAROUSEL_INTERVAL_MS, HERO_HEIGHT_PX } from '@emporium/contract';
import { Button } from '@/components/ui/button';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { cn } from '@/lib/cn';
import { fetchFeatureImages, selectFeatureImages } from './feature-images-slice';

/**
 * Hero carousel (spec §2): 900 px tall on wide screens (the height is reserved before images load, so nothing
 * shifts), scaled down on phones, advancing every 3000 ms.
 */
export function HeroCarousel() {
  const dispatch = useAppDispatch();
  const { featureImageList, isLoading } = useAppSelector(selectFeatureImages);
  const [position, setPosition] = useState(0);
  const count = featureImageList.length;
  const current = count > 0 ? position % count : 0;

  useEffect(() => {
    void dispatch(fetchFeatureImages());
  }, [dispatch]);

  useEffect(() => {
    if (count < 2) return;
    const timer = window.setInterval(() => setPosition((p) => (p + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [count, position]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured"
      data-testid="hero-carousel"
      className="relative w-full overflow-hidden bg-neutral-200 max-md:h-[max(14rem,56vw)]!"
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
              alt={`Featured image ${index + 1} of ${count}`}
              aria-hidden={index !== current}
              width={1600}
              height={HERO_HEIGHT_PX}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
              className={cn(
                'absolute inset-0 h-full w-full object-cover transition-opacity duration-1000',
                index === current ? 'opacity-100' : 'opacity-0',
              )}
            />
          ))}
          <Button
            variant="outline"
            size="icon"
            aria-label="Previous slide"
            onClick={() => setPosition((current - 1 + count) % count)}
            className="absolute top-1/2 left-4 -translate-y-1/2 bg-white/80"
          >
            <ChevronLeft className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label="Next slide"
            onClick={() => setPosition((current + 1) % count)}
            className="absolute top-1/2 right-4 -translate-y-1/2 bg-white/80"
          >
            <ChevronRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </>
      )}
    </section>
  );
}

import type { ReactNode } from 'react';
import { BrandTiles, CategoryTiles } from './home-tiles';
import { HeroCarousel } from './hero-carousel';

interface HomePageProps {
  /** The product grid comes from the products feature; the app composes the two. */
  featuredProducts: ReactNode;
}

export function HomePage({ featuredProducts }: HomePageProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <HeroCarousel />
      <CategoryTiles />
      <BrandTiles />
      <section aria-labelledby="featured-heading" className="px-4 py-6 sm:py-12 md:px-6">
        <h2 id="featured-heading" className="mb-4 text-2xl font-bold sm:mb-8 sm:text-center sm:text-3xl">
          Featured Products
        </h2>
        <div className="mx-auto max-w-7xl">{featuredProducts}</div>
      </section>
    </div>
  );
}

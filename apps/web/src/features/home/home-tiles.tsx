import type { LucideIcon } from 'lucide-react';
import {
  Baby,
  Dumbbell,
  Footprints,
  Laptop,
  Shirt,
  Sofa,
  Sparkles,
  UserRound,
  UserRoundCheck,
} from 'lucide-react';
import { useNavigate } from 'react-router';
import { BRANDS, CATEGORIES, type Category } from '@emporium/contract';
import { applySingleFilter, type FilterGroup } from '@/lib/filters';

const CATEGORY_ICONS: Record<Category, LucideIcon> = {
  Electronics: Laptop,
  Clothing: Shirt,
  'Home & Kitchen': Sofa,
  'Beauty & Health': Sparkles,
  'Sports & Outdoors': Dumbbell,
  Kids: Baby,
  Men: UserRound,
  Women: UserRoundCheck,
  Shoes: Footprints,
};

function useOpenListing() {
  const navigate = useNavigate();
  return (group: FilterGroup, value: string) => {
    void navigate(applySingleFilter(group, value));
  };
}

const TILE =
  'flex h-full w-full cursor-pointer flex-col items-center justify-center gap-3 rounded-2xl border border-neutral-200 bg-white p-5 text-center shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none';

export function CategoryTiles() {
  const openListing = useOpenListing();
  return (
    <section aria-labelledby="categories-heading" className="px-4 py-12 md:px-6">
      <h2 id="categories-heading" className="mb-8 text-center text-3xl font-bold">
        Shop by category
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
        {CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category}>
              <button
                type="button"
                data-testid="category-tile"
                className={TILE}
                onClick={() => openListing('category', category)}
              >
                <Icon className="h-10 w-10 text-neutral-800" aria-hidden="true" />
                <span className="font-semibold">{category}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export function BrandTiles() {
  const openListing = useOpenListing();
  return (
    <section aria-labelledby="brands-heading" className="bg-neutral-100 px-4 py-12 md:px-6">
      <h2 id="brands-heading" className="mb-8 text-center text-3xl font-bold">
        Shop by Brands
      </h2>
      <ul className="mx-auto grid max-w-6xl grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-6">
        {BRANDS.map((brand) => (
          <li key={brand}>
            <button
              type="button"
              data-testid="brand-tile"
              className={TILE}
              onClick={() => openListing('brand', brand)}
            >
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-neutral-900 text-sm font-bold text-white"
              >
                {brand.charAt(0)}
              </span>
              <span className="font-semibold">{brand}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

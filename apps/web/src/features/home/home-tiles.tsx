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

/**
 * A tile from `sm` on (the spec's grids); below it a chip 44 px tall in a row that scrolls sideways, so that a phone
 * reaches the Featured Products within its first two screens (issue 28: the 33 tiles took ~1,800 px there).
 */
const TILE =
  'flex cursor-pointer items-center rounded-full border border-neutral-200 bg-white text-center shadow-sm transition focus-visible:ring-2 focus-visible:ring-neutral-900 focus-visible:outline-none ' +
  'h-11 w-full gap-2 px-4 text-sm whitespace-nowrap ' +
  'sm:h-full sm:flex-col sm:justify-center sm:gap-3 sm:rounded-2xl sm:p-5 sm:text-base sm:whitespace-normal sm:hover:-translate-y-0.5 sm:hover:shadow-md';

/**
 * A row of chips that scrolls sideways on a phone, reaching the screen's edges; a grid from `sm` on (the display,
 * flex or grid, is each row's own).
 */
const ROW =
  '-mx-4 snap-x scroll-px-4 gap-2 overflow-x-auto px-4 pb-2 sm:mx-auto sm:grid sm:max-w-6xl sm:snap-none sm:gap-4 sm:overflow-visible sm:px-0 sm:pb-0';

const SECTION = 'px-4 py-5 sm:py-12 md:px-6';
const HEADING = 'mb-3 text-xl font-bold sm:mb-8 sm:text-center sm:text-3xl';

export function CategoryTiles() {
  const openListing = useOpenListing();
  return (
    <section aria-labelledby="categories-heading" className={SECTION}>
      <h2 id="categories-heading" className={HEADING}>
        Shop by category
      </h2>
      <ul className={`${ROW} flex sm:grid-cols-3 lg:grid-cols-5`}>
        {CATEGORIES.map((category) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <li key={category} className="shrink-0 snap-start">
              <button
                type="button"
                data-testid="category-tile"
                className={TILE}
                onClick={() => openListing('category', category)}
              >
                <Icon className="h-5 w-5 text-neutral-800 sm:h-10 sm:w-10" aria-hidden="true" />
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
    <section aria-labelledby="brands-heading" className={`bg-neutral-100 ${SECTION}`}>
      <h2 id="brands-heading" className={HEADING}>
        Shop by Brands
      </h2>
      {/* Two rows of chips on a phone, filled column by column, so the 24 brands take two chips' height. */}
      <ul
        className={`${ROW} grid auto-cols-max grid-flow-col grid-rows-2 sm:auto-cols-auto sm:grid-flow-row sm:grid-cols-3 sm:grid-rows-none md:grid-cols-4 lg:grid-cols-6`}
      >
        {BRANDS.map((brand) => (
          <li key={brand} className="shrink-0 snap-start">
            <button
              type="button"
              data-testid="brand-tile"
              className={TILE}
              onClick={() => openListing('brand', brand)}
            >
              <span
                aria-hidden="true"
                className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-neutral-900 text-xs font-bold text-white sm:h-10 sm:w-10 sm:text-sm"
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

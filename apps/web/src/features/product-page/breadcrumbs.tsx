import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { applySingleFilter, listingPathFor } from '@/lib/filters';

interface BreadcrumbsProps {
  category: string;
  title: string;
}

/** Home › Category › Product; the category opens the listing filtered by it (stored like a home tile's filter). */
export function Breadcrumbs({ category, title }: BreadcrumbsProps) {
  const linkClass = 'shrink-0 text-neutral-600 underline-offset-4 hover:text-neutral-900 hover:underline';
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        <li className="flex shrink-0 items-center gap-1.5">
          <Link to="/shop/home" className={linkClass}>
            Home
          </Link>
          <ChevronRight className="h-4 w-4 text-neutral-400" aria-hidden="true" />
        </li>
        <li className="flex shrink-0 items-center gap-1.5">
          <Link
            to={listingPathFor('category', category)}
            onClick={() => applySingleFilter('category', category)}
            className={linkClass}
          >
            {category}
          </Link>
          <ChevronRight className="h-4 w-4 text-neutral-400" aria-hidden="true" />
        </li>
        <li className="min-w-0">
          <span aria-current="page" className="block truncate font-medium text-neutral-900">
            {title}
          </span>
        </li>
      </ol>
    </nav>
  );
}

export interface NavItem {
  id: string;
  label: string;
  path: string;
  /** Category links set the category filter; Home, Products and Search clear it (spec §4). */
  category?: string;
}

const categoryLink = (category: string): NavItem => ({
  id: category,
  label: category,
  path: '/shop/listing',
  category,
});

export const SHOP_NAV_ITEMS: NavItem[] = [
  { id: 'home', label: 'Home', path: '/shop/home' },
  { id: 'products', label: 'Products', path: '/shop/listing' },
  categoryLink('Men'),
  categoryLink('Women'),
  categoryLink('Kids'),
  categoryLink('Shoes'),
  categoryLink('Electronics'),
  categoryLink('Clothing'),
  categoryLink('Home & Kitchen'),
  categoryLink('Beauty & Health'),
  categoryLink('Sports & Outdoors'),
  { id: 'search', label: 'Search', path: '/shop/search' },
];

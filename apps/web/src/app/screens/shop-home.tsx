import { HomePage } from '@/features/home/home-page';
import { FeaturedProducts } from '@/features/shop-products/featured-products';

/**
 * /shop/home: the home feature with the products feature's Featured Products (features do not import each other;
 * the app composes them). One module, so the page downloads one chunk for both (issue 46: every chunk costs its
 * response headers).
 */
export function ShopHomePage() {
  return <HomePage featuredProducts={<FeaturedProducts />} />;
}

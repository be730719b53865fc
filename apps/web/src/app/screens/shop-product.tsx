import { ProductPage } from '@/features/product-page/product-page';
import { productPageParts } from '@/features/shop-products/product-page-parts';

/**
 * /shop/product/:id: the product page with the catalog's price, rating and reviews (features do not import each
 * other; the app hands them over). One module, so the page downloads one chunk for both (issue 46: every chunk
 * costs its response headers).
 */
export function ShopProductPage() {
  return <ProductPage parts={productPageParts} />;
}

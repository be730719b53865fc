/** The admin pages, one module for the router's lazy imports (the admin area is its own chunk). */
import { uploadImage } from '@/lib/admin/admin-api';
import { ImageUpload } from '@/features/admin-catalog/image-upload';
import { ProductEditorPage } from '@/features/admin-catalog/product-editor/product-editor-page';
export { AdminDashboardPage } from '@/features/admin-shell/dashboard-page';
export { AdminDiscountsPage } from '@/features/admin-pricing/discounts-page';
export { AdminFeaturedPage } from '@/features/admin-catalog/featured-page';
export { AdminFeaturesPage } from '@/features/admin-catalog/features-page';
export { AdminOrdersPage } from '@/features/admin-orders/orders-page';
export { AdminProductsPage } from '@/features/admin-catalog/products-page';
export { AdminSettingsPage } from '@/features/admin-settings/settings-page';
export { AdminShippingPage } from '@/features/admin-pricing/shipping-page';
export { AdminTaxesPage } from '@/features/admin-pricing/taxes-page';

const EDITOR_TOOLS = { ImageUpload, uploadImage };

/** A product's own admin page (issue 28, /admin/products/:id), with the admin's upload control and call. */
export function AdminProductEditorPage() {
  return <ProductEditorPage tools={EDITOR_TOOLS} />;
}

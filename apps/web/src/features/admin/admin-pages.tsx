/** The admin pages, one module for the router's lazy imports (the admin area is its own chunk). */
import { uploadImage } from './admin-api';
import { ImageUpload } from './image-upload';
import { ProductEditorPage } from './product-editor/product-editor-page';
export { AdminDashboardPage } from './dashboard-page';
export { AdminDiscountsPage } from './discounts-page';
export { AdminFeaturedPage } from './featured-page';
export { AdminFeaturesPage } from './features-page';
export { AdminOrdersPage } from './orders-page';
export { AdminProductsPage } from './products-page';
export { AdminSettingsPage } from './settings-page';
export { AdminShippingPage } from './shipping-page';
export { AdminTaxesPage } from './taxes-page';

const EDITOR_TOOLS = { ImageUpload, uploadImage };

/** A product's own admin page (issue 28, /admin/products/:id), with the admin's upload control and call. */
export function AdminProductEditorPage() {
  return <ProductEditorPage tools={EDITOR_TOOLS} />;
}

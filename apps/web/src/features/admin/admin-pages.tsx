/** The admin pages, one module for the router's lazy imports (the admin area is its own chunk). */
export { AdminDashboardPage } from './dashboard-page';
export { AdminFeaturesPage } from './features-page';
export { AdminOrdersPage } from './orders-page';
export { AdminProductsPage } from './products-page';

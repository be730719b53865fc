/** The admin pages, one module for the router's lazy imports (the admin area is its own chunk). */
export { AdminDashboardPage } from './dashboard-page';
export { AdminDiscountsPage } from './discounts-page';
export { AdminFeaturesPage } from './features-page';
export { AdminOrdersPage } from './orders-page';
export { AdminProductsPage } from './products-page';
export { AdminShippingPage } from './shipping-page';
export { AdminTaxesPage } from './taxes-page';

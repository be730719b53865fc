/** The API contract shared by the server and the web app: schemas, inferred types and constants. */
export * from './constants.ts';
export * from './limits.ts';
export * from './common.ts';
export * from './auth.ts';
export * from './products.ts';
export * from './features.ts';
export * from './health.ts';
export * from './cart.ts';
export * from './addresses.ts';
export * from './orders.ts';
export * from './reviews.ts';
export * from './search.ts';
export * from './admin.ts';
export * from './images.ts';
export * from './account.ts';
export * from './two-factor.ts';
export * from './account-recovery.ts';

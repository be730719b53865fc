/**
 * Database schema (Drizzle, PostgreSQL dialect; the same on PGlite and PostgreSQL).
 * Money is integer cents (docs/decisions/002); images are stored as keys, never as URLs.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userName: text('user_name').notNull(),
  /** Trimmed and lower-cased before it is stored, so uniqueness ignores letter case. */
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  role: text('role', { enum: ['user', 'admin'] })
    .notNull()
    .default('user'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageKey: text('image_key').notNull(),
    category: text('category').notNull(),
    brand: text('brand').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** 0 means not on sale. */
    salePriceCents: integer('sale_price_cents').notNull().default(0),
    totalStock: integer('total_stock').notNull().default(0),
    averageRating: real('average_rating').notNull().default(0),
    reviewsCount: integer('reviews_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check(
      'products_sale_price_range',
      sql`${t.salePriceCents} >= 0 and ${t.salePriceCents} < ${t.priceCents}`,
    ),
    check('products_stock_nonnegative', sql`${t.totalStock} >= 0`),
    index('products_category_idx').on(t.category),
    index('products_brand_idx').on(t.brand),
    index('products_effective_price_idx').on(
      sql`(CASE WHEN ${t.salePriceCents} > 0 THEN ${t.salePriceCents} ELSE ${t.priceCents} END)`,
      t.id,
    ),
    index('products_title_idx').on(t.title, t.id),
  ],
);

export const featureImages = pgTable('feature_images', {
  id: uuid('id').primaryKey().defaultRandom(),
  imageKey: text('image_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const schema = { users, sessions, products, featureImages };
